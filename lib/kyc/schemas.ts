// Requests and responses of KYC verification (SPEC §7): the API's
// POST /v1/customers/{buyerId}/verification and the hosted verification form.
import { z } from "zod";
import { ZCustomerInput } from "@/lib/customers/schemas";
import { LIMITS, text } from "@/lib/schema/fields";

const KYC_LEVELS = ["basic", "enhanced"] as const;
const KYC_STATUSES = ["none", "pending", "verified", "rejected"] as const;

export const ZStartVerificationRequest = z
  .strictObject(
    {
      level: z.enum(KYC_LEVELS, { error: "level must be basic or enhanced" }).meta({ description: "enhanced raises the daily payout limit once granted" }).optional(),
      customer: ZCustomerInput.optional(),
    },
    { error: "Request body must be a JSON object" },
  )
  .meta({ description: "Start (or resume) a hosted KYC verification", example: { level: "basic" } });

export const ZStartVerificationResponse = z
  .object({
    verificationUrl: z.string().meta({ format: "uri", description: "Hosted page where the customer completes verification", example: "http://localhost:3000/checkout/verify/Q3b8sK1xZr9TmW4vN7pLc2Yd6Hf0Ja5G" }),
    verificationId: z.string().meta({ example: "kyc_5TqL9wZb2XmN7vR1sK4pYc8D" }),
    buyerId: z.string().meta({ example: "buyer_42" }),
    level: z.enum(KYC_LEVELS),
    status: z.enum(KYC_STATUSES).meta({ description: "This verification: pending until completed (sandbox) or reviewed (production)" }),
    kycStatus: z.enum(KYC_STATUSES).meta({ description: "The customer's KYC status" }),
    kycLevel: z.enum(KYC_LEVELS).meta({ description: "The customer's KYC level" }),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ description: "A hosted KYC verification" });
export type TStartVerificationResponse = z.infer<typeof ZStartVerificationResponse>;

const DOCUMENT_TYPES = ["passport", "id_card", "driving_licence"] as const;

/** The hosted form. Only the last 4 characters of the document number are kept. */
export const ZKycSubmission = z.strictObject({
  firstName: text("First name", LIMITS.name),
  lastName: text("Last name", LIMITS.name),
  dob: text("Date of birth", 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Date of birth must be a date (YYYY-MM-DD)" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && Date.parse(`${v}T00:00:00Z`) < Date.now(), { error: "Date of birth must be a past date" }),
  country: text("Country", 2).regex(/^[A-Z]{2}$/, { error: "Country must be a two-letter country code such as US" }),
  documentType: z.enum(DOCUMENT_TYPES, { error: "Document type must be passport, ID card or driving licence" }),
  documentNumber: text("Document number", 40).regex(/^[A-Za-z0-9 -]{4,40}$/, { error: "Document number must be 4 to 40 letters or digits" }),
});
export type TKycSubmission = z.infer<typeof ZKycSubmission>;
