import { describe, expect, it } from "vitest";
import { allowedFrom, canTransition, eventKind, isFinal, TRANSITIONS } from "./state-machine";

describe("transaction state machine (SPEC §4)", () => {
  it("has exactly the four final statuses", () => {
    const finals = Object.keys(TRANSITIONS).filter((s) => isFinal(s as never));
    expect(finals.sort()).toEqual(["CANCELED", "DECLINED", "EXPIRED", "SUCCESS"]);
  });

  it("allows the spec's moves and refuses others", () => {
    expect(canTransition("PROCESSING", "SUCCESS")).toBe(true);
    expect(canTransition("WAIT_APPROVE", "PROCESSING")).toBe(true);
    expect(canTransition("WAIT_APPROVE", "SUCCESS")).toBe(false);
    expect(canTransition("SUCCESS", "DECLINED")).toBe(false);
    expect(canTransition("DECLINED", "PROCESSING")).toBe(false);
  });

  it("derives the conditional update's allowed-from list", () => {
    expect(allowedFrom("CANCELED").sort()).toEqual(["CREATED", "PROCESSING", "WAIT_APPROVE"]);
    expect(allowedFrom("SUCCESS")).toEqual(["PROCESSING"]);
  });

  it("names a webhook event for every status but CREATED", () => {
    expect(eventKind("SUCCESS")).toBe("transaction.succeeded");
    expect(eventKind("WAIT_APPROVE")).toBe("transaction.wait_approve");
    expect(eventKind("CREATED")).toBeNull();
  });
});
