// In-process periodic tasks of the worker (outbox relay, expiry sweeps, ...).
// Each feature registers a task; every task runs on its own interval, never
// overlapping itself, and errors are logged rather than crashing the worker.
import { logger } from "@/lib/log";

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export const periodicTasks: PeriodicTask[] = [];

export function startPeriodicTasks(tasks: PeriodicTask[] = periodicTasks): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  for (const task of tasks) {
    let busy = false;
    const tick = () => {
      if (busy) return;
      busy = true;
      const p = task
        .run()
        .catch((err: Error) => logger.error({ task: task.name, err: err.message }, "periodic task failed"))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, task.everyMs));
    tick();
  }
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
