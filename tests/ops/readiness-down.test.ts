// Readiness with Redis unreachable: 503 JSON naming what is down. The Redis
// URL points at a closed port before lib/ is imported.
import { expect, it } from "vitest";

process.env.REDIS_URL = "redis://127.0.0.1:1";

it("GET /api/ready answers 503 naming redis when Redis is down", async () => {
  const { GET } = await import("@/app/api/ready/route");
  const res = await GET();
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ status: "unavailable", down: ["redis"], checks: { database: "ok", redis: "down" } });
});
