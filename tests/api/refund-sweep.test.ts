// Issue "Crash safety", item 4: a refund whose confirmation job was lost
// (Redis down when it was queued, or the job dropped) is picked up by the
// worker's sweep within seconds, as payouts are, not after 5 minutes. No
// worker runs until the job is gone, so nothing can confirm it early.
import type { Worker } from "bullmq";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { jobQueue } from "@/lib/jobs/enqueue-job";
import { QUEUES } from "@/lib/jobs/queues";
import { confirmStaleRefunds } from "@/lib/transactions/settle-refund";
import { callApi, merchantWithFunds, paidSale, startPaymentsWorker, waitFor } from "./helpers";

let worker: Worker | undefined;
afterAll(async () => {
  await worker?.close();
});

describe("the refund confirmation sweep", () => {
  it("re-queues a PROCESSING refund whose job was lost once it is 15 s old, and it settles", async () => {
    const m = await merchantWithFunds();
    const sale = await paidSale(m, { amount: 2_000 });
    const r = await callApi("POST /transactions/{id}/refunds", { key: m.keys.sandbox, params: { id: sale.id }, body: { amount: 500 } });
    expect(r.body.transaction.status).toBe("PROCESSING");
    const id: string = r.body.transaction.id;

    // The confirmation job is lost.
    await jobQueue(QUEUES.payments).remove(`refund-confirm-${id}`);
    expect(await jobQueue(QUEUES.payments).getJob(`refund-confirm-${id}`)).toBeUndefined();

    // Younger than 15 s: left alone (its job may simply not have run yet).
    expect(await confirmStaleRefunds()).toBe(0);
    await db.transaction.update({ where: { id }, data: { updatedAt: new Date(Date.now() - 16_000) } });
    expect(await confirmStaleRefunds()).toBe(1);
    expect(await jobQueue(QUEUES.payments).getJob(`refund-confirm-${id}`)).toBeDefined();

    worker = startPaymentsWorker();
    const settled = await waitFor(async () => {
      const t = await db.transaction.findUnique({ where: { id } });
      return t?.status === "SUCCESS" ? t : null;
    }, 10_000);
    expect(settled.status).toBe("SUCCESS");
  });
});
