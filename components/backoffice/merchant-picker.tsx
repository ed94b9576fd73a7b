"use client";
// Switches between the merchants a person works for, staying on the same
// section (Developers → Developers). Access is checked again by the server
// on the page it lands on; this list is only a convenience.
import { usePathname, useRouter } from "next/navigation";

const SECTIONS = new Set(["overview", "transactions", "approvals", "payouts", "customers", "developers", "settings", "audit-log"]);

export function MerchantPicker({ current, merchants }: { current: string | null; merchants: { id: string; name: string }[] }) {
  const router = useRouter();
  const pathname = usePathname();
  function go(id: string) {
    const section = pathname.split("/")[3] ?? "";
    router.push(`/backoffice/${id}/${SECTIONS.has(section) ? section : "overview"}`);
  }
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="merchant-picker" className="text-sm text-slate-600 dark:text-slate-400">
        Merchant
      </label>
      <select
        id="merchant-picker"
        value={current ?? ""}
        onChange={(e) => e.target.value && go(e.target.value)}
        className="max-w-[14rem] rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm font-medium dark:border-slate-600 dark:bg-slate-900"
      >
        {current === null ? <option value="">Choose a merchant…</option> : null}
        {merchants.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
    </div>
  );
}
