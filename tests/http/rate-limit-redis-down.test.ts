// SPEC §11: "If Redis is unreachable the limiter fails open and logs it;
// payments keep working." This file's process talks to a Redis port nothing
// listens on, from the first request on (the cold start included).
import { afterAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.REDIS_URL = "redis://127.0.0.1:1";
});

import { GET as merchantsMe } from "@/app/v1/merchants/me/route";
import { apiRoute } from "@/lib/api/api-handler";
import { logger } from "@/lib/log";
import { closeRedis, redis } from "@/lib/redis";
import { apiRequest, json, newMerchant } from "../helpers/fixtures";

const paymentSale = apiRoute({ family: "payment", write: true, rateLimit: "payment" }, async () => ({ status: 201, body: { status: true } }));

afterAll(closeRedis);

describe("with Redis unreachable", () => {
  it("still answers, with RateLimit headers, and logs that it failed open", async () => {
    const warn = vi.spyOn(logger, "warn");
    const m = await newMerchant();
    const started = performance.now();
    const res = await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox }));
    expect(redis().status).not.toBe("ready");
    expect(res.status).toBe(200);
    expect((await json(res)).id).toBe(m.merchant.id);
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    expect(res.headers.get("ratelimit-remaining")).toBe("99");
    // Bounded: at most the one-time cold-start wait, never a hang.
    expect(performance.now() - started).toBeLessThan(3000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ redisStatus: expect.any(String) }), expect.stringContaining("Redis unavailable"));

    // Later requests do not wait for Redis at all.
    const again = performance.now();
    expect((await merchantsMe(apiRequest("/merchants/me", { key: m.keys.sandbox }))).status).toBe(200);
    expect(performance.now() - again).toBeLessThan(500);
  });

  it("keeps payments working and still limits bursts per process", async () => {
    const m = await newMerchant();
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 30 }, () => paymentSale(apiRequest("/payment/sale", { key: m.keys.sandbox, method: "POST" }))));
    const elapsedMs = performance.now() - started;
    const allowed = responses.filter((r) => r.status === 201).length;
    // A full bucket lets a burst of 10 through; meanwhile it refills at 10/s, so on a busy machine (the
    // 30 requests spread over more time) a few more may pass — never more than the refill allows.
    expect(allowed).toBeGreaterThanOrEqual(10);
    expect(allowed).toBeLessThanOrEqual(10 + Math.ceil(elapsedMs / 100));
    expect(responses.filter((r) => r.status !== 201).every((r) => r.status === 429)).toBe(true);
    expect(allowed).toBeLessThan(30);
  });
});
