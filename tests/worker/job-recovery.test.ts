// The one recovery pattern for jobs (lib/jobs/recovery.ts, SPEC §20): a
// checkout payment settling past its time whose settlement job was lost is
// found by the settlement's recovery and settled by the worker, without the
// customer coming back to the page (before, only their next page view did it).
import { afterEach, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { settlementRecovery } from "@/lib/checkout/settle-checkout";
import { reportTransferSent } from "@/lib/checkout/simulate-provider";
import { db } from "@/lib/db";
import { jobQueue } from "@/lib/jobs/enqueue-job";
import { JOBS } from "@/lib/jobs/job-types";
import { recover } from "@/lib/jobs/recovery";
import { startPaymentsWorker, waitFor } from "../api/helpers";
import { merchantWithFunds, openCheckout, saleCredits } from "../checkout/helpers";

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});

describe("job recovery", () => {
  it("re-queues a lost checkout settlement once it is due, and the worker settles the sale", async () => {
    const m = await merchantWithFunds();
    const sale = await openCheckout(m, { paymentMethod: "bank_transfer" });
    expect(await reportTransferSent({ token: sale.token })).toEqual({ kind: "next" });
    const jobId = `checkout-settle-${sale.id}`;

    // While its job exists, the recovery leaves the sale alone, due or not.
    const settlesAt = new Date(Date.now() - 60_000).toISOString();
    await db.$executeRaw`UPDATE "Transaction" SET "providerState" = jsonb_set("providerState", '{settlesAt}', to_jsonb(${settlesAt}::text)) WHERE id = ${sale.id}`;
    expect(await recover(settlementRecovery)).toEqual({ scheduled: 0, retried: 0 });

    // The job is lost (Redis restarted without its data): the recovery queues it again, once.
    await jobQueue(JOBS.settleCheckout.queue).remove(jobId);
    expect(await jobQueue(JOBS.settleCheckout.queue).getJob(jobId)).toBeUndefined();
    expect(await recover(settlementRecovery)).toMatchObject({ scheduled: 1 });
    expect(await recover(settlementRecovery)).toMatchObject({ scheduled: 0 });

    worker = startPaymentsWorker();
    const settled = await waitFor(async () => {
      const t = await db.transaction.findUnique({ where: { id: sale.id } });
      return t?.status === "SUCCESS" ? t : null;
    });
    expect(settled.status).toBe("SUCCESS");
    expect(await saleCredits(sale.id)).toBe(1);
  });
});
