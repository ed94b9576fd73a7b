import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { KycStatus } from "@/lib/generated/prisma/enums";

const KYC: Record<KycStatus, { label: string; tone: BadgeTone }> = {
  none: { label: "Not verified", tone: "neutral" },
  pending: { label: "Pending review", tone: "warning" },
  verified: { label: "Verified", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

export function KycBadge({ status }: { status: KycStatus }) {
  return <Badge tone={KYC[status].tone}>{KYC[status].label}</Badge>;
}
