// Without METRICS_TOKEN the metrics endpoint does not exist (SPEC §14: metrics behind a token).
import { vi } from "vitest";

vi.hoisted(() => {
  delete process.env.METRICS_TOKEN;
});

import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";

describe("/api/metrics without METRICS_TOKEN", () => {
  it("answers 404, whatever the request carries", async () => {
    for (const authorization of ["", "Bearer ", "Bearer anything"]) {
      const res = await metricsRoute(new Request("http://localhost:3000/api/metrics", { headers: { authorization } }));
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });
});
