import { Shell } from "@/components/backoffice/shell";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { requirePageAccess } from "@/app/backoffice/_server/session";
import { switchEnvironmentAction } from "../actions";

// The access check runs here, before anything streams, so a merchant the
// person cannot see answers a real HTTP 404.
export default async function MerchantLayout({ children, params }: { children: React.ReactNode; params: Promise<{ merchantId: string }> }) {
  const { merchantId } = await params;
  const access = await requirePageAccess(merchantId);
  const environment = await getEnvironmentPreference(access.actor);
  return (
    <Shell actor={access.actor} access={access} environment={environment} switchEnvironment={switchEnvironmentAction}>
      {children}
    </Shell>
  );
}
