// Shared by the payout, risk, approval and maintenance tests: a funded
// sandbox merchant, payouts created through the real createPayout, users in
// the roles that decide holds, and a real BullMQ worker for the payments queue.
import { Worker } from "bullmq";
import { db } from "@/lib/db";
import { jobDefinitions } from "@/workers/job-registry";
import { QUEUES } from "@/lib/jobs/queues";
import { creditTestFunds } from "@/lib/ledger/credit-test-funds";
import { startKycVerification } from "@/lib/kyc/start-kyc-verification";
import { submitKycVerification } from "@/lib/kyc/submit-kyc-verification";
import { randomBase62 } from "@/lib/ids";
import { rkey, workerConnectionOptions } from "@/lib/redis";
import { createPayout } from "@/lib/payouts/create-payout";
import type { TCreatePayoutRequest } from "@/lib/transactions/schemas";
import type { KycLevel, MemberRole, TransactionStatus } from "@/lib/generated/prisma/enums";
import { createOperator } from "@/lib/users/create-user";
import { createStaffMember } from "@/lib/team/create-staff-member";
import { advancePayout } from "@/lib/payouts/advance-payout";
import { newMerchant } from "../helpers/fixtures";

export type TestMerchant = Awaited<ReturnType<typeof newMerchant>>;

export async function fundedMerchant(amount = 100_000_000n): Promise<TestMerchant> {
  const m = await newMerchant();
  await creditTestFunds({ merchantId: m.merchant.id, environment: "sandbox", currency: "USD", amount });
  return m;
}

export function payoutInput(m: TestMerchant, overrides: Partial<TCreatePayoutRequest> = {}): TCreatePayoutRequest {
  return {
    amount: 1_000,
    currency: "USD",
    paymentMethod: "paypal",
    merchantId: m.merchant.id,
    orderId: `po_${randomBase62(12)}`,
    buyerId: "buyer_1",
    successUrl: "https://shop.example.com/success",
    failureUrl: "https://shop.example.com/failure",
    returnUrl: "https://shop.example.com/return",
    // Resolves without DNS; private addresses are allowed outside production (WEBHOOK_ALLOW_PRIVATE_NETWORKS).
    callbackUrl: "http://127.0.0.1:9/webhooks",
    customer: { email: "jane.doe@example.com", firstName: "Jane", lastName: "Doe" },
    paymentMethodInput: { email: "jane.doe@example.com" },
    ...overrides,
  };
}

export async function createTestPayout(m: TestMerchant, overrides: Partial<TCreatePayoutRequest> = {}) {
  const { transaction } = await createPayout({ merchantId: m.merchant.id, environment: "sandbox", input: payoutInput(m, overrides), actor: { type: "api" } });
  return transaction;
}

/** KYC through the hosted flow: sandbox verifies at once on submit. */
export async function verifyCustomer(m: TestMerchant, buyerId: string, level: KycLevel = "basic"): Promise<void> {
  const started = await startKycVerification({ merchantId: m.merchant.id, environment: "sandbox", buyerId, level });
  const token = started.verificationUrl.split("/").pop()!;
  await submitKycVerification({ token, submission: { firstName: "Jane", lastName: "Doe", dob: "1990-04-01", country: "DE", documentType: "passport", documentNumber: "C01X00T47" } });
}

export async function newOperator() {
  return createOperator({ email: `ops+${randomBase62(8).toLowerCase()}@example.com`, password: "operator-password-1" });
}

export async function newMember(merchantId: string, role: MemberRole) {
  const { user } = await createStaffMember({ merchantId, role, email: `${role.toLowerCase()}+${randomBase62(8).toLowerCase()}@example.com`, password: "member-password-1" });
  return user;
}

/** A worker for the payments queue, running the registered job definitions as workers/index.ts does. */
export function startPaymentsWorker(): Worker {
  const worker = new Worker(
    QUEUES.payments,
    async (job) => {
      const def = jobDefinitions.find((d) => d.queue === job.queueName && d.name === job.name)!;
      return def.handle(def.schema.parse(job.data), job);
    },
    { connection: workerConnectionOptions(), prefix: rkey("bull"), concurrency: 10 },
  );
  worker.on("error", () => undefined);
  return worker;
}

export async function waitForStatus(id: string, statuses: TransactionStatus[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const t = await db.transaction.findUniqueOrThrow({ where: { id } });
    if (statuses.includes(t.status)) return t;
    if (Date.now() > deadline) throw new Error(`transaction ${id} stayed ${t.status}, expected ${statuses.join("/")}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Drives one payout through the pipeline in-process (no worker): screening, provider, polls. */
export async function runPipeline(transactionId: string) {
  for (let i = 0; i < 50; i++) {
    const step = await advancePayout({ transactionId });
    if (step.next === "done") return db.transaction.findUniqueOrThrow({ where: { id: transactionId } });
    await new Promise((r) => setTimeout(r, step.afterMs));
  }
  throw new Error(`payout ${transactionId} did not finish`);
}
