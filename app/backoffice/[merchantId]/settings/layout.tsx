import { NoAccess } from "@/components/backoffice/no-access";
import { SubNav } from "@/components/backoffice/sub-nav";
import { PageHeader } from "@/components/ui/section";
import { can } from "@/lib/backoffice/authz";
import { requirePageAccess } from "@/app/backoffice/_server/session";

export default async function SettingsLayout({ children, params }: { children: React.ReactNode; params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePageAccess(merchantId);
  if (!can(access, "settings.manage")) return <NoAccess page="Settings" roles="owners and admins" />;
  const base = `/backoffice/${merchantId}/settings`;
  return (
    <>
      <PageHeader title="Settings" description={`How ${access.merchant.name} works with Sluice. Changes are recorded in the audit log.`} />
      <SubNav
        label="Settings sections"
        items={[
          { label: "Profile", href: base },
          { label: "Payment methods", href: `${base}/payment-methods` },
          { label: "Risk and checkout", href: `${base}/risk` },
          { label: "Team", href: `${base}/team` },
        ]}
      />
      {children}
    </>
  );
}
