// Which payouts the review threshold can hold at all (SPEC §7). The daily
// payout limit is checked when a payout is created (400 `Payout limit
// exceeded`), screening only afterwards, so a payout above a customer's daily
// limit is refused before the review threshold could hold it. With the
// SPEC's defaults (review at 1000000, basic limit 500000, enhanced 5000000)
// only customers at the enhanced KYC level can reach review; a threshold above
// the enhanced limit too means review never happens. The same holds for the
// dual-approval threshold. The back office states this next to the settings.
import type { MerchantSettings } from "@/lib/generated/prisma/client";

type Limits = Pick<MerchantSettings, "reviewThreshold" | "dailyLimitBasic" | "dailyLimitEnhanced" | "dualApprovalThreshold">;

export interface ReviewReach {
  /** Which customers' payouts can reach the review threshold: all, only enhanced-level ones, or none. */
  review: "all" | "enhanced_only" | "none";
  /** Whether any payout can be held above the dual-approval threshold (it must reach review first). */
  dualApproval: boolean;
}

export function reviewReach(s: Limits): ReviewReach {
  const review = s.reviewThreshold <= s.dailyLimitBasic ? "all" : s.reviewThreshold <= s.dailyLimitEnhanced ? "enhanced_only" : "none";
  // Dual approval applies to a held payout strictly above its threshold, which must also be within a daily limit.
  const dualApproval = review !== "none" && s.dualApprovalThreshold < s.dailyLimitEnhanced;
  return { review, dualApproval };
}
