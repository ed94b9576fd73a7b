// The answers of the three PayPal APIs @paypal/paypal-server-sdk has no
// methods for (Payouts v1, webhook signature verification, Disputes v1),
// checked with zod before use — only the fields Sluice reads, as PayPal's
// published specifications (paypal-rest-api-specifications) define them;
// anything else passes through unread.
import { z } from "zod";

const money = z.object({ currency: z.string(), value: z.string() });

export const ZPayoutBatchCreated = z.object({
  batch_header: z.object({ payout_batch_id: z.string(), batch_status: z.string() }),
});

const ZPayoutItem = z.object({
  payout_item_id: z.string(),
  transaction_status: z.string().optional(),
  payout_batch_id: z.string().optional(),
  payout_item: z.object({ sender_item_id: z.string().optional(), receiver: z.string().optional(), amount: money.optional() }).optional(),
  errors: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
});

export const ZPayoutBatch = z.object({
  batch_header: z.object({ payout_batch_id: z.string(), batch_status: z.string(), sender_batch_header: z.object({ sender_batch_id: z.string().optional() }).optional() }),
  items: z.array(ZPayoutItem).optional(),
});

export const ZVerification = z.object({ verification_status: z.enum(["SUCCESS", "FAILURE"]) });

export const ZDispute = z.object({
  dispute_id: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  dispute_life_cycle_stage: z.string().optional(),
  dispute_amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
  dispute_outcome: z.object({ outcome_code: z.string().optional() }).optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional(), custom: z.string().optional() })).optional(),
});

export type PayoutBatch = z.infer<typeof ZPayoutBatch>;
export type PaypalDisputeBody = z.infer<typeof ZDispute>;
