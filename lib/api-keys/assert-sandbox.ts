import { notFound } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";

/** The sandbox-only endpoints (simulate, test funds) answer a live key as if they did not exist (SPEC §5). */
export function assertSandbox(environment: Environment): void {
  if (environment !== "sandbox") throw notFound("This endpoint exists only in sandbox; use a sandbox key (sk_test_…)");
}
