// `sluice listen` (issue #25, item 19): a --forward-to that is not an http(s)
// URL stops the CLI at once with a clear message and a non-zero exit, and
// while the API cannot be reached every reconnect attempt is printed with
// the wait before it, so an outage never looks like a hang.
import { execFile, spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";

const run = promisify(execFile);
const CLI = ["--import", "tsx", "sdk/src/cli.ts"];
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // A port that was just free and is closed again: every connection is refused at once.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  env = { ...process.env, SLUICE_API_KEY: "sk_test_cli_listen_test", SLUICE_BASE_URL: `http://127.0.0.1:${port}/v1` };
});

async function exitOf(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [...CLI, ...args], { env });
    return { code: 0, stderr };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

it("refuses a --forward-to that is not an absolute http(s) URL", async () => {
  expect(await exitOf(["listen", "--forward-to", "not-a-url"])).toEqual({ code: 1, stderr: '--forward-to must be an absolute http(s) URL such as http://localhost:4000/webhooks, not "not-a-url".\n' });
  expect(await exitOf(["listen", "--forward-to", "ftp://localhost/hooks"])).toEqual({ code: 1, stderr: '--forward-to must be an http(s) URL, not ftp: "ftp://localhost/hooks".\n' });
});

it("prints each reconnect attempt with its backoff while the API is unreachable", async () => {
  const child = spawn(process.execPath, [...CLI, "listen", "--forward-to", "http://127.0.0.1:4000/hooks"], { env });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  try {
    // 0.5 + 1 + 2 s of backoff: the fourth line says the fourth wait.
    await expect.poll(() => output.split("\n").filter(Boolean).length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(4);
    expect(output.split("\n").slice(0, 4)).toEqual([
      "Connection lost (fetch failed: ECONNREFUSED); reconnecting in 0.5 s (attempt 1)…",
      "Attempt 1 failed (fetch failed: ECONNREFUSED); reconnecting in 1 s (attempt 2)…",
      "Attempt 2 failed (fetch failed: ECONNREFUSED); reconnecting in 2 s (attempt 3)…",
      "Attempt 3 failed (fetch failed: ECONNREFUSED); reconnecting in 5 s (attempt 4)…",
    ]);
  } finally {
    child.kill("SIGTERM");
  }
}, 30_000);
