// Every job the worker runs. Each feature adds its definitions here; the
// worker subscribes to the queues that have at least one.
import type { JobDefinition } from "./define-job";

export const jobDefinitions: JobDefinition[] = [];
