// The worker as a process (SPEC §14, issue #2): it writes a heartbeat to
// Redis, stops cleanly on SIGTERM, and refuses to start with a bad config.
import { spawn, spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, expect, it } from "vitest";
import { readHeartbeats } from "@/lib/jobs/heartbeat";
import { redisOptions } from "@/lib/redis";

const client = new Redis(redisOptions());
afterAll(() => client.disconnect());

it("writes a heartbeat and exits 0 on SIGTERM, removing it", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    let beats: Awaited<ReturnType<typeof readHeartbeats>> = [];
    for (let i = 0; i < 60 && beats.length === 0; i++) {
      await sleep(250);
      beats = await readHeartbeats(client);
    }
    expect(beats, output).toHaveLength(1);
    expect(beats[0]!.pid).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await readHeartbeats(client)).toHaveLength(0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

it("refuses to start with an invalid variable and names it", () => {
  const r = spawnSync(process.execPath, ["--import", "tsx", "workers/index.ts"], { env: { ...process.env, REDIS_URL: "not a url" }, encoding: "utf8", timeout: 20_000 });
  expect(r.status).not.toBe(0);
  expect(r.stderr).toContain("REDIS_URL");
});
