// The demo data `npm start` prints: a merchant with sandbox funds and a few
// sales, payouts and a refund (so the back office has something to show), its
// owner's back-office login and an operator. Created once; the clear credentials are
// kept in .data/demo.json (git-ignored, mode 600) because the database only
// holds hashes and the start command must print them on every run.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBase62 } from "../lib/ids";

export interface DemoCredentials {
  merchantId: string;
  merchantName: string;
  sandboxKey: string;
  productionKey: string;
  webhookSigningKey: string;
  owner: { email: string; password: string };
  operator: { email: string; password: string };
}

const FILE = ".data/demo.json";

export async function seedDemo(): Promise<DemoCredentials> {
  const { db } = await import("../lib/db");
  if (existsSync(FILE)) {
    const saved = JSON.parse(readFileSync(FILE, "utf8")) as DemoCredentials;
    if (await db.merchant.findUnique({ where: { id: saved.merchantId }, select: { id: true } })) return saved;
  }
  const { createMerchant } = await import("../lib/merchants/create-merchant");
  const { createOperator } = await import("../lib/users/create-user");
  const { creditTestFunds } = await import("../lib/ledger/credit-test-funds");
  const suffix = randomBase62(6).toLowerCase();
  const created = await createMerchant({ name: "Demo Store", domain: "demo-store.example", email: `demo+${suffix}@sluice.local`, password: randomBase62(16) });
  const operatorPassword = randomBase62(16);
  const operator = await createOperator({ email: `operator+${suffix}@sluice.local`, password: operatorPassword });
  for (const currency of ["USD", "EUR", "GBP"]) {
    await creditTestFunds({ merchantId: created.merchant.id, environment: "sandbox", currency, amount: 1_000_000n });
  }
  await seedDemoTransactions(created.merchant.id);
  await seedDemoSalesHistory(created.merchant.id);
  const demo: DemoCredentials = {
    merchantId: created.merchant.id,
    merchantName: created.merchant.name,
    sandboxKey: created.keys.sandbox,
    productionKey: created.keys.production,
    webhookSigningKey: created.webhookSigningKeys.sandbox,
    owner: created.owner,
    operator: { email: operator.email, password: operatorPassword },
  };
  mkdirSync(".data", { recursive: true });
  writeFileSync(FILE, JSON.stringify(demo, null, 2), { mode: 0o600 });
  return demo;
}

/**
 * A handful of sandbox transactions, made through the same domain functions
 * the API calls (so ledger, history and events are real). Webhooks for them
 * go to a local port nobody listens on: the attempts show up as failed
 * deliveries, which is what an unconfigured receiver looks like.
 */
async function seedDemoTransactions(merchantId: string): Promise<void> {
  const { createSale } = await import("../lib/transactions/create-sale");
  const { createPayout } = await import("@/lib/payouts/create-payout");
  const { createRefund } = await import("../lib/transactions/create-refund");
  // Inputs go through the request schemas, exactly as the API parses them.
  const { ZCreatePayoutRequest, ZCreateSaleRequest } = await import("../lib/transactions/schemas");
  const actor = { type: "system" as const, id: "demo-seed" };
  const environment = "sandbox" as const;
  const urls = {
    successUrl: "https://demo-store.example/checkout/success",
    failureUrl: "https://demo-store.example/checkout/failure",
    returnUrl: "https://demo-store.example/cart",
    callbackUrl: "http://localhost:9/webhooks",
  };
  const card = (cardNumber: string) => ({ cardNumber, expiryMonth: "12", expiryYear: String(new Date().getUTCFullYear() + 3), cvv: "123" });
  const sales: [number, string, string, string][] = [
    [4_990, "USD", "4242424242424242", "alice"],
    [12_500, "USD", "5555555555554444", "bob"],
    [2_599, "EUR", "4242424242424242", "carla"],
    [8_000, "GBP", "5555555555554444", "dev"],
    [3_000, "USD", "4000000000000002", "erin"],
  ];
  let n = 0;
  const made = [];
  for (const [amount, currency, number, buyerId] of sales) {
    const input = ZCreateSaleRequest.parse({ amount, currency, paymentMethod: "card", merchantId, orderId: `demo-order-${++n}`, buyerId, ...urls, paymentMethodInput: card(number), customer: { email: `${buyerId}@example.com`, firstName: buyerId[0]!.toUpperCase() + buyerId.slice(1) } });
    made.push((await createSale({ merchantId, environment, input, actor })).transaction);
  }
  // One sale waiting for its customer on the hosted checkout.
  const waiting = ZCreateSaleRequest.parse({ amount: 1_500, currency: "USD", paymentMethod: "paypal", merchantId, orderId: `demo-order-${++n}`, buyerId: "frank", ...urls });
  await createSale({ merchantId, environment, actor, input: waiting });
  await createRefund({ merchantId, environment, saleId: made[1]!.id, input: { amount: 2_500 }, actor });
  const payouts = [
    { amount: 20_000, currency: "USD", paymentMethod: "paypal", paymentMethodInput: { email: "alice@example.com" }, customer: { email: "alice@example.com", firstName: "Alice", lastName: "Doe" }, buyerId: "alice" },
    { amount: 15_000, currency: "EUR", paymentMethod: "bank_transfer", paymentMethodInput: { iban: "DE89370400440532013000", accountHolderName: "Carla Rossi" }, customer: { email: "carla@example.com", firstName: "Carla", lastName: "Rossi" }, buyerId: "carla" },
  ];
  for (const p of payouts) {
    await createPayout({ merchantId, environment, actor, input: ZCreatePayoutRequest.parse({ ...p, merchantId, orderId: `demo-payout-${++n}`, ...urls }) });
  }
}

/**
 * Two weeks of card sales, so the back office's overview opens with charts
 * that have a shape (SPEC §13: volume and success rate over 7/30 days). They
 * are real sales (createSale: ledger, history, events), afterwards dated back
 * by whole days — the only way to have a past, and done to the transaction
 * and its history rows alike. Deterministic, so every demo looks the same.
 */
async function seedDemoSalesHistory(merchantId: string): Promise<void> {
  const { db } = await import("../lib/db");
  const { createSale } = await import("../lib/transactions/create-sale");
  const { ZCreateSaleRequest } = await import("../lib/transactions/schemas");
  const buyers = ["alice", "bob", "carla", "dev", "erin", "frank"];
  const urls = { successUrl: "https://demo-store.example/checkout/success", failureUrl: "https://demo-store.example/checkout/failure", returnUrl: "https://demo-store.example/cart", callbackUrl: "http://localhost:9/webhooks" };
  const expiryYear = String(new Date().getUTCFullYear() + 3);
  let n = 0;
  for (let daysAgo = 13; daysAgo >= 1; daysAgo--) {
    const perDay = 2 + ((daysAgo * 7) % 4);
    for (let i = 0; i < perDay; i++) {
      n++;
      const declined = n % 6 === 0;
      const input = ZCreateSaleRequest.parse({
        amount: 1_500 + ((n * 3_779) % 18_000),
        currency: n % 5 === 0 ? "EUR" : "USD",
        paymentMethod: "card",
        merchantId,
        orderId: `demo-history-${n}`,
        buyerId: buyers[n % buyers.length],
        ...urls,
        paymentMethodInput: { cardNumber: declined ? "4000000000000002" : "4242424242424242", expiryMonth: "12", expiryYear, cvv: "123" },
      });
      const { transaction } = await createSale({ merchantId, environment: "sandbox", input, actor: { type: "system", id: "demo-seed" } });
      const at = new Date(transaction.createdAt.getTime() - daysAgo * 86_400_000 - i * 3_600_000);
      await db.$transaction([
        db.transaction.update({ where: { id: transaction.id }, data: { createdAt: at, updatedAt: at } }),
        db.transactionEvent.updateMany({ where: { transactionId: transaction.id }, data: { createdAt: at } }),
      ]);
    }
  }
}
