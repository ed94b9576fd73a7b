import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { TextField } from "@/components/ui/field";
import { Section } from "@/components/ui/section";
import { NoAccess } from "@/components/backoffice/no-access";
import { requirePagePermission } from "@/app/backoffice/_server/session";
import { updateProfileAction } from "./actions";

export const metadata: Metadata = { title: "Settings" };

export default async function ProfileSettingsPage({ params }: { params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePagePermission(merchantId, "settings.manage");
  if (!access) return <NoAccess page="Settings" roles="owners and admins" />;
  const { merchant } = access;
  return (
    <Section title="Profile and domain" description="The name customers see on the checkout and that the API returns from GET /v1/merchants/me. The same in sandbox and production.">
      <ActionForm action={updateProfileAction} submitLabel="Save profile" className="max-w-lg space-y-4">
        <input type="hidden" name="merchantId" value={merchantId} />
        <TextField name="name" label="Business name" defaultValue={merchant.name} required maxLength={200} />
        <TextField name="domain" label="Domain" defaultValue={merchant.domain} required maxLength={253} hint="Your website’s host name, e.g. shop.example.com." />
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Merchant ID: <code className="font-mono">{merchant.id}</code>
        </p>
      </ActionForm>
    </Section>
  );
}
