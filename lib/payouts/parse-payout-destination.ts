// Where a payout goes, from the request's paymentMethodInput (seed: crypto
// `walletAddress`, paypal `email`, bank_transfer `iban` + `accountHolderName`).
// Checked at creation so a payout that can never be paid is refused with a
// 400 naming the field, instead of failing minutes later at the provider.
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { AppError } from "@/lib/errors";
import type { PaymentMethodType } from "@/lib/generated/prisma/enums";

export type PayoutDestination =
  | { iban: string; accountHolderName: string }
  | { email: string }
  | { walletAddress: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function field(input: Record<string, unknown> | undefined, name: string, type: PaymentMethodType): string {
  const v = input?.[name];
  if (typeof v !== "string" || v.trim() === "") {
    throw new AppError("invalid_request", `paymentMethodInput.${name} is required for ${type} payouts`, { param: `paymentMethodInput.${name}` });
  }
  if (v.length > 256) throw new AppError("invalid_request", `paymentMethodInput.${name} must be at most 256 characters`, { param: `paymentMethodInput.${name}` });
  return v.trim();
}

export function parsePayoutDestination({ type, input }: { type: PaymentMethodType; input: Record<string, unknown> | undefined }): PayoutDestination {
  switch (type) {
    case "bank_transfer": {
      const iban = electronicFormatIBAN(field(input, "iban", type)) ?? "";
      // isValidIBAN checks the country's length and format and the ISO 13616 mod-97 checksum.
      if (!isValidIBAN(iban)) {
        throw new AppError("invalid_request", "paymentMethodInput.iban is not a valid IBAN (check the country code, length and check digits)", { param: "paymentMethodInput.iban" });
      }
      return { iban, accountHolderName: field(input, "accountHolderName", type) };
    }
    case "ewallet": {
      const email = field(input, "email", type);
      if (!EMAIL.test(email)) throw new AppError("invalid_request", "paymentMethodInput.email must be an e-mail address", { param: "paymentMethodInput.email" });
      return { email };
    }
    case "crypto":
      return { walletAddress: field(input, "walletAddress", type) };
    case "card":
    case "bnpl":
      // Card payouts would need card numbers stored for later; BNPL has no payout leg.
      throw new AppError("invalid_request", "Payment method not available", { param: "paymentMethod" });
    default: {
      const unreachable: never = type;
      throw new Error(`Unknown method type ${unreachable as string}`);
    }
  }
}
