import type { Metadata } from "next";
import { ActionForm } from "@/components/backoffice/action-form";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { TextField } from "@/components/ui/field";
import { PageHeader, Section } from "@/components/ui/section";
import { getTwoFactorPolicyPage } from "@/lib/backoffice/platform/two-factor-policy";
import { requireOperatorPage } from "@/app/backoffice/_server/session";
import { updateTwoFactorPolicyAction } from "./actions";

export const metadata: Metadata = { title: "Security" };

export default async function SecurityPage() {
  const actor = await requireOperatorPage();
  const { policy, ownersAndAdminsWithoutTotp: missing } = await getTwoFactorPolicyPage({ actor });
  return (
    <>
      <PageHeader title="Security" description="Platform-wide rules for everyone who signs in to the back office. Every change is in the platform audit log." />
      <Section
        id="two-factor-policy"
        title="Two-factor authentication for merchant owners and admins"
        actions={policy.requiredForMerchantAdmins ? <Badge tone="success">Required in production</Badge> : <Badge>Optional</Badge>}
        description={
          <>
            Operators always need it. When it is required for owners and admins too, one without it is taken to its set-up page before any production page and cannot change anything in
            production until it is on; sandbox stays open to them. Developers and viewers are not affected.{" "}
            {policy.updatedAt ? (
              <>
                Last changed <DateTime value={policy.updatedAt} />.
              </>
            ) : null}
          </>
        }
      >
        <p className="mb-4 text-sm" data-testid="owners-without-two-factor">
          {missing === 0 ? "Every owner and admin has two-factor authentication on." : `${missing} ${missing === 1 ? "owner or admin has" : "owners and admins have"} no two-factor authentication yet.`}
        </p>
        <ActionForm action={updateTwoFactorPolicyAction} submitLabel="Save" label="Two-factor policy" className="max-w-xl space-y-4">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="requireTwoFactorForMerchantAdmins" defaultChecked={policy.requiredForMerchantAdmins} className="mt-0.5 h-4 w-4" />
            <span>Require two-factor authentication for merchant owners and admins in production</span>
          </label>
          <TextField name="reason" label="Reason (for the audit log)" required maxLength={500} />
        </ActionForm>
      </Section>
    </>
  );
}
