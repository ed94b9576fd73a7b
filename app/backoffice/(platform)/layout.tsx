import { Shell } from "@/components/backoffice/shell";
import { getEnvironmentPreference } from "@/lib/backoffice/environment-preference";
import { requireOperatorPage } from "@/lib/backoffice/session";
import { switchEnvironmentAction } from "../actions";

/** Platform pages (Merchants, System, the platform-wide audit log): operators only; anyone else gets a 404. */
export default async function PlatformLayout({ children }: { children: React.ReactNode }) {
  const actor = await requireOperatorPage();
  const environment = await getEnvironmentPreference(actor);
  return (
    <Shell actor={actor} access={null} environment={environment} switchEnvironment={switchEnvironmentAction}>
      {children}
    </Shell>
  );
}
