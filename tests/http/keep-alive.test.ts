// Idle keep-alive connections stay open for a minute (lib/http/create-stamped-server.ts):
// a client that was busy for a few seconds (here: 6 s, past Node's default of 5 s) reuses
// its connection instead of racing the server's close, the way an SDK request after a
// blocking call once failed in the e2e suite.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { createStampedServer, KEEP_ALIVE_TIMEOUT_MS } from "@/lib/http/create-stamped-server";
import { trustedProxyMatcher } from "@/lib/http/trusted-proxies";

const server = createStampedServer((_req, res) => res.end("ok"), trustedProxyMatcher([]));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(async () => {
  agent.destroy();
  await new Promise((r) => server.close(r));
});

function get(port: number): Promise<{ reused: boolean; keepAlive: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ reused: req.reusedSocket, keepAlive: res.headers["keep-alive"] as string | undefined, body }));
    });
    req.on("error", reject);
  });
}

it("keeps an idle connection open past Node's 5 s default, and says so to the client", { timeout: 20_000 }, async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const first = await get(port);
  expect(first).toMatchObject({ reused: false, body: "ok", keepAlive: `timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}` });
  await new Promise((r) => setTimeout(r, 6_000)); // the idle time itself is what is tested
  expect(await get(port)).toMatchObject({ reused: true, body: "ok" });
});
