// A transaction's status in words a support agent reads out to a merchant;
// the API's status code is in the title (and on the detail page in full).
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";

const STATUS: Record<TransactionStatus, { label: string; tone: BadgeTone }> = {
  CREATED: { label: "Created", tone: "neutral" },
  PROCESSING: { label: "Processing", tone: "info" },
  WAIT_APPROVE: { label: "Held for approval", tone: "warning" },
  SUCCESS: { label: "Succeeded", tone: "success" },
  DECLINED: { label: "Declined", tone: "danger" },
  CANCELED: { label: "Canceled", tone: "neutral" },
  EXPIRED: { label: "Expired", tone: "neutral" },
};

export function statusLabel(status: TransactionStatus): string {
  return STATUS[status].label;
}

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <span title={status}>
      <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
    </span>
  );
}
