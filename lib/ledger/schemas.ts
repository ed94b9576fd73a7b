// Balance responses and the sandbox test-funds request (SPEC §5, §6).
import { amount, currency } from "@/lib/schema/fields";
import { z } from "@/lib/schema/zod";

const ZBalance = z
  .object({
    currency: z.string().openapi({ example: "USD" }),
    available: z.number().int().openapi({ description: "Can be paid out or refunded now, minor units. May be negative after a chargeback.", example: 1000000 }),
    reserved: z.number().int().openapi({ description: "Held for payouts in flight, minor units", example: 25000 }),
  })
  .openapi("Balance");

/** GET /v1/balance. */
export const ZBalanceList = z.object({ balances: z.array(ZBalance) }).openapi("BalanceList");

/** POST /v1/sandbox/balance: test funds, sandbox only. */
export const ZAddTestFundsRequest = z
  .strictObject({ currency: currency(), amount: amount() }, { error: "Request body must be a JSON object" })
  .openapi("AddTestFundsRequest", { example: { currency: "USD", amount: 100000 } });

export const ZAddTestFundsResponse = z.object({ balance: ZBalance }).openapi("AddTestFundsResponse");
