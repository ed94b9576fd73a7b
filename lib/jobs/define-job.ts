// Jobs are declared as data (GUIDE.md §9): a name, a zod schema for the data
// (checked when the job is added and again when it runs) and a handler.
import type { Job } from "bullmq";
import type { z } from "zod";
import type { QueueName } from "./queues";

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  queue: QueueName;
  name: string;
  schema: S;
  handle: (data: z.infer<S>, job: Job) => Promise<unknown>;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
