import { PageHeader } from "@/components/ui/section";

/** A page the person's role does not include. The server rendered nothing of the page itself. */
export function NoAccess({ page, roles }: { page: string; roles: string }) {
  return (
    <>
      <PageHeader title={page} />
      <div role="status" className="rounded-md border border-slate-300 bg-white p-6 dark:border-slate-700 dark:bg-slate-900">
        <p className="font-medium">You don’t have access to this page.</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{page} is for {roles}. Ask an owner of this account if you need it.</p>
      </div>
    </>
  );
}
