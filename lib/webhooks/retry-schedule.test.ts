import { describe, expect, it } from "vitest";
import { maxAttempts, nextAttemptTime } from "./retry-schedule";

const first = new Date("2026-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(first.getTime() + ms);

describe("webhook retry schedule (SPEC §9)", () => {
  it("has 5 sandbox attempts over 24 h and 10 production attempts over 48 h", () => {
    expect(maxAttempts("sandbox")).toBe(5);
    expect(maxAttempts("production")).toBe(10);
    const last = (env: "sandbox" | "production") => nextAttemptTime({ environment: env, attemptsMade: maxAttempts(env) - 1, firstAttemptAt: first, now: first, scale: 1 });
    expect(last("sandbox")).toEqual(at(24 * 3600_000));
    expect(last("production")).toEqual(at(48 * 3600_000));
  });

  it("measures offsets from the first attempt", () => {
    // Sandbox: 0, 5 min, 1 h — the third attempt is 1 h after the first, whenever the second ran.
    const third = nextAttemptTime({ environment: "sandbox", attemptsMade: 2, firstAttemptAt: first, now: at(6 * 60_000), scale: 1 });
    expect(third).toEqual(at(3600_000));
    const second = nextAttemptTime({ environment: "production", attemptsMade: 1, firstAttemptAt: first, now: first, scale: 1 });
    expect(second).toEqual(at(60_000));
  });

  it("scales every offset by WEBHOOK_RETRY_SCALE", () => {
    expect(nextAttemptTime({ environment: "sandbox", attemptsMade: 1, firstAttemptAt: first, now: first, scale: 0.001 })).toEqual(at(300));
  });

  it("sends an overdue retry at once and ends after the last attempt", () => {
    expect(nextAttemptTime({ environment: "sandbox", attemptsMade: 1, firstAttemptAt: first, now: at(3600_000), scale: 1 })).toEqual(at(3600_000));
    expect(nextAttemptTime({ environment: "sandbox", attemptsMade: 5, firstAttemptAt: first, now: first, scale: 1 })).toBeNull();
  });
});
