// README (#25 item 22): every example block runs as it is, and again. A block
// that hard-codes an orderId or an Idempotency-Key silently replays its first
// answer the second time, and a `tx_…` placeholder is not a request at all.
// Each block is run twice against a stand-in curl (tests/helpers/readme-examples.ts);
// the blocks were also run twice against a real server when they were written.
import { describe, expect, it } from "vitest";
import { readmeCalls, readmeCurlBlocks } from "../helpers/readme-examples";

describe("the README's curl examples", () => {
  it("run twice with fresh orderIds and Idempotency-Keys and no placeholder ids", () => {
    expect(readmeCurlBlocks().length).toBeGreaterThanOrEqual(4);
    const calls = readmeCalls(2);
    // No placeholder in any URL: every id comes from an answer before it.
    expect(calls.filter((c) => /…|\.\.\.|tx_…/.test(c.url)).map((c) => c.url)).toEqual([]);
    const orderIds = calls.map((c) => c.body?.orderId).filter((o): o is string => typeof o === "string");
    expect(orderIds.length).toBeGreaterThanOrEqual(10);
    expect(orderIds.filter((o, i) => orderIds.indexOf(o) !== i)).toEqual([]);
    const keys = calls.map((c) => c.idempotencyKey).filter((k): k is string => k !== null);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
