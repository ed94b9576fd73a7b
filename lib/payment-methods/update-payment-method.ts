import type { Tx } from "@/lib/db";

export interface PaymentMethodSettings {
  enabled: boolean;
  currencies: string[];
  minAmount: bigint | null;
  maxAmount: bigint | null;
}

/**
 * Enables or disables a method of the catalogue and narrows its currencies and amount range
 * (methods are edited, never created: which exist depends on the providers configured). The caller
 * forgets its cached copy after the commit (forgetCachedPaymentMethods).
 */
export async function savePaymentMethodSettings({ methodId, settings, tx }: { methodId: string; settings: PaymentMethodSettings; tx: Tx }): Promise<void> {
  await tx.paymentMethod.update({ where: { id: methodId }, data: settings });
}
