// A job kind of lib/jobs/job-types.ts paired with the function that runs it.
// Handlers live with their feature; workers/job-registry.ts lists them.
import type { Job } from "bullmq";
import type { z } from "zod";
import type { JobType } from "./job-types";

export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobType<S> {
  handle: (data: z.infer<S>, job: Job) => Promise<unknown>;
}

export function defineJob<S extends z.ZodType>(type: JobType<S>, handle: JobDefinition<S>["handle"]): JobDefinition<S> {
  return { ...type, handle };
}
