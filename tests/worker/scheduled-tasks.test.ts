// Recurring maintenance as BullMQ job schedulers (workers/scheduled.ts):
// however many workers start, each task has one scheduler, and its jobs do
// the work (here: an overdue checkout expires without anyone calling
// expireCheckouts). Before, every worker ran every task on its own timer.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { jobQueue } from "@/lib/jobs/enqueue-job";
import { QUEUES } from "@/lib/jobs/queues";
import { startScheduledTasks } from "@/workers/scheduled";
import { waitFor } from "../api/helpers";
import { merchantWithFunds, openCheckout, setExpiresAt } from "../checkout/helpers";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe("scheduled maintenance", () => {
  it("is declared once however many workers start, and runs through the queue", async () => {
    // Two worker processes' worth of schedulers and consumers.
    stops.push(startScheduledTasks(), startScheduledTasks());
    const queue = jobQueue(QUEUES.maintenance);
    const ids = await waitFor(async () => {
      const schedulers = await queue.getJobSchedulers();
      return schedulers.length >= 6 ? schedulers.map((s) => s.key).sort() : null;
    });
    expect(ids).toEqual(["api-request-log-purge", "authorization-expiry", "checkout-expiry", "daily-sandbox-purge", "idempotency-record-purge", "ledger-roll-up"]);

    const m = await merchantWithFunds();
    const sale = await openCheckout(m);
    await setExpiresAt(sale.id, new Date(Date.now() - 1_000));
    const expired = await waitFor(async () => {
      const t = await db.transaction.findUnique({ where: { id: sale.id }, select: { status: true } });
      return t?.status === "EXPIRED" ? t : null;
    }, 20_000);
    expect(expired.status).toBe("EXPIRED");
    // One expiry, one history row, however many workers ran the task.
    expect(await db.transactionEvent.count({ where: { transactionId: sale.id, toStatus: "EXPIRED" } })).toBe(1);
  });
});
