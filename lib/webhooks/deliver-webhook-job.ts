// The worker's webhook job (lib/jobs/registry.ts): one delivery step of one event.
import { defineJob } from "@/lib/jobs/define-job";
import { QUEUES } from "@/lib/jobs/queues";
import { deliverEvent } from "./deliver-event";
import { DELIVER_JOB, ZDeliverJob } from "./webhook-queue";

export const deliverWebhookJob = defineJob({
  queue: QUEUES.webhooks,
  name: DELIVER_JOB,
  schema: ZDeliverJob,
  handle: (data, job) => deliverEvent(data, job),
});
