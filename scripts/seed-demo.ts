// The demo data `npm start` prints: a merchant with sandbox funds, its owner's
// back-office login and an operator. Created once; the clear credentials are
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
