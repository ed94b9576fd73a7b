import { Shell } from "@/components/backoffice/shell";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
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
