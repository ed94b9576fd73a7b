import { expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";

it("GET /api/health answers ok", async () => {
  const res = health();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: "ok" });
});

it("GET /api/ready answers 200 when PostgreSQL and Redis answer", async () => {
  const res = await ready();
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ status: "ready", checks: { database: "ok", redis: "ok" } });
});
