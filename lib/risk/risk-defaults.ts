// The defaults of SPEC §7, as the database applies them to a new merchant
// (prisma/schema.prisma MerchantSettings). Kept here for the public sandbox
// docs page; tests/risk/risk-defaults.test.ts keeps the two in step.
export const RISK_DEFAULTS = {
  kycThreshold: 100_000,
  dailyLimitBasic: 500_000,
  dailyLimitEnhanced: 5_000_000,
  reviewThreshold: 1_000_000,
  velocityLimit: 5,
  dualApprovalThreshold: 5_000_000,
  saleReviewThreshold: null,
  checkoutExpiryMinutes: 30,
} as const;

/** SPEC §17: how long an authorization's hold waits for its capture (MerchantSettings.authorizationValidityDays). */
export const AUTHORIZATION_VALIDITY_DAYS = { default: 7, min: 1, max: 30 } as const;
