// The seed's Customer object: as sent with a deposit or a withdrawal, and as
// GET /v1/customers/{buyerId} answers it (SPEC §3, §7).
import { isIP } from "node:net";
import { z } from "@/lib/schema/zod";
import { LIMITS, text } from "@/lib/schema/fields";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const customerFields = {
  email: text("customer.email", LIMITS.email)
    .refine((v) => EMAIL.test(v), { error: "customer.email must be an e-mail address" })
    .meta({ format: "email", example: "jane.doe@example.com" }),
  firstName: text("customer.firstName", LIMITS.name).meta({ example: "Jane" }),
  lastName: text("customer.lastName", LIMITS.name).meta({ example: "Doe" }),
  phone: text("customer.phone", LIMITS.phone)
    .regex(/^\+?[0-9 ()./-]{3,}$/, { error: "customer.phone must be a phone number such as +14155550100" })
    .meta({ example: "+14155550100" }),
  address: text("customer.address", LIMITS.address).meta({ example: "1 Main Street" }),
  address2: text("customer.address2", LIMITS.address).meta({ example: "Apartment 4" }),
  city: text("customer.city", LIMITS.name).meta({ example: "Springfield" }),
  country: text("customer.country", 2)
    .regex(/^[A-Z]{2}$/, { error: "customer.country must be an ISO 3166-1 alpha-2 code such as US" })
    .meta({ example: "US" }),
  state: text("customer.state", LIMITS.name).meta({ example: "IL" }),
  zip: text("customer.zip", LIMITS.zip).meta({ example: "62701" }),
  ip: text("customer.ip", 45)
    .refine((v) => isIP(v) !== 0, { error: "customer.ip must be an IPv4 or IPv6 address" })
    .meta({ example: "203.0.113.7" }),
  userAgent: text("customer.userAgent", LIMITS.userAgent).meta({ example: "Mozilla/5.0" }),
  dob: text("customer.dob", 10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "customer.dob must be a date (YYYY-MM-DD)" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: "customer.dob must be a date (YYYY-MM-DD)",
    })
    .meta({ format: "date", example: "1990-04-01" }),
};

const customerError = { error: "customer must be an object" };

const optionalCustomerFields = {
  email: customerFields.email.optional(),
  firstName: customerFields.firstName.optional(),
  lastName: customerFields.lastName.optional(),
  phone: customerFields.phone.optional(),
  address: customerFields.address.optional(),
  address2: customerFields.address2.optional(),
  city: customerFields.city.optional(),
  country: customerFields.country.optional(),
  state: customerFields.state.optional(),
  zip: customerFields.zip.optional(),
  ip: customerFields.ip.optional(),
  userAgent: customerFields.userAgent.optional(),
  dob: customerFields.dob.optional(),
};
const customerExample = { email: "jane.doe@example.com", firstName: "Jane", lastName: "Doe", country: "US" };

/** Deposits: every field optional. Unknown fields are refused (no mass assignment). */
export const ZCustomerInput = z
  .strictObject(optionalCustomerFields, customerError)
  .meta({ description: "The customer paying or being paid", example: customerExample })
  .openapi("CustomerInput");

/**
 * Withdrawals: the seed requires email, firstName and lastName. A schema of its own, not
 * `ZCustomerInput.extend(...)`: extending a registered schema is emitted as `allOf` whose second
 * part (`additionalProperties: false` with no properties) forbids every field, which typed
 * clients generated from the document turn into "no valid payout" (SPEC §20).
 */
export const ZPayoutCustomerInput = z
  .strictObject({ ...optionalCustomerFields, email: customerFields.email, firstName: customerFields.firstName, lastName: customerFields.lastName }, customerError)
  .meta({ description: "The customer being paid: email, firstName and lastName are required", example: customerExample })
  .openapi("PayoutCustomerInput");

export type TCustomerInput = z.infer<typeof ZCustomerInput>;

/** GET /v1/customers/{buyerId}. */
export const ZCustomer = z
  .object({
    id: z.string().meta({ example: "cus_4fQ9Xw2LmZr8TbN1vK7pYc3D" }),
    buyerId: z.string().meta({ example: "buyer_1001" }),
    environment: z.enum(["sandbox", "production"]),
    email: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
    address2: z.string().optional(),
    city: z.string().optional(),
    country: z.string().optional(),
    state: z.string().optional(),
    zip: z.string().optional(),
    ip: z.string().optional(),
    userAgent: z.string().optional(),
    dob: z.string().optional(),
    kycStatus: z.enum(["none", "pending", "verified", "rejected"]),
    kycLevel: z.enum(["basic", "enhanced"]),
    dailyPayoutLimit: z.number().int().meta({ description: "Daily payout limit of the customer's KYC level (basic or enhanced), minor units", example: 500000 }),
    remainingPayoutLimit: z
      .number()
      .int()
      .meta({ description: "What is left of it today (UTC day): the limit less today's payouts that are not DECLINED or CANCELED", example: 380000 }),
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
  })
  .strict()
  .openapi("Customer");

export type TCustomer = z.infer<typeof ZCustomer>;
