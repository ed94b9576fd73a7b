// The worker's webhook job (workers/job-registry.ts): one delivery step of one event.
import { defineJob } from "@/lib/jobs/define-job";
import { JOBS } from "@/lib/jobs/job-types";
import { deliverEvent } from "./deliver-event";

export const deliverWebhookJob = defineJob(JOBS.deliverWebhook, (data, job) => deliverEvent(data, job));
