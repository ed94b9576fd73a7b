import { describe, expect, it } from "vitest";
import { RISK_DEFAULTS } from "./risk-defaults";
import { reviewReach } from "./review-reach";

const settings = (over: Partial<Record<"reviewThreshold" | "dailyLimitBasic" | "dailyLimitEnhanced" | "dualApprovalThreshold", number>> = {}) => {
  const s = { reviewThreshold: RISK_DEFAULTS.reviewThreshold, dailyLimitBasic: RISK_DEFAULTS.dailyLimitBasic, dailyLimitEnhanced: RISK_DEFAULTS.dailyLimitEnhanced, dualApprovalThreshold: RISK_DEFAULTS.dualApprovalThreshold, ...over };
  return { reviewThreshold: BigInt(s.reviewThreshold), dailyLimitBasic: BigInt(s.dailyLimitBasic), dailyLimitEnhanced: BigInt(s.dailyLimitEnhanced), dualApprovalThreshold: BigInt(s.dualApprovalThreshold) };
};

describe("reviewReach", () => {
  it("with the SPEC's defaults only enhanced-level customers can reach review, and dual approval never (the limits refuse first)", () => {
    // Review at 1000000 is above the basic limit of 500000; two approvers above 5000000 is the enhanced limit itself.
    expect(reviewReach(settings())).toEqual({ review: "enhanced_only", dualApproval: false });
  });

  it("a threshold at or below the basic limit reaches every customer", () => {
    expect(reviewReach(settings({ reviewThreshold: 500_000 })).review).toBe("all");
    expect(reviewReach(settings({ dailyLimitBasic: 1_000_000 })).review).toBe("all");
  });

  it("a threshold above every daily limit can never hold a payout, nor can dual approval apply", () => {
    expect(reviewReach(settings({ reviewThreshold: 5_000_001 }))).toEqual({ review: "none", dualApproval: false });
  });

  it("dual approval needs a held payout above its threshold within the enhanced limit", () => {
    expect(reviewReach(settings({ dualApprovalThreshold: 5_000_000 })).dualApproval).toBe(false);
    expect(reviewReach(settings({ dualApprovalThreshold: 4_999_999 })).dualApproval).toBe(true);
  });
});
