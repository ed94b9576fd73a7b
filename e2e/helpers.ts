// Test data for end-to-end tests, created through the admin CLI against the
// e2e database (GUIDE.md §13: data through domain code, not by clicking).
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";
import { E2E_ENV } from "./e2e-env";

// One `scripts/cli.ts --serve` process per Playwright worker answers every set-up command, instead of
// one `npx tsx scripts/cli.ts` per command: each of those loaded the whole CLI again (about 2 s of CPU
// for a 50 ms command; the suite made a hundred of them). The command handlers and the --json output
// are the same; tests/cli/cli.test.ts runs the CLI both ways. A thread owns the process, and the test
// waits on it (Atomics.wait), so cli() stays synchronous like the execFileSync it replaces.
const THREAD = `
const { workerData, parentPort } = require("node:worker_threads");
const { spawn } = require("node:child_process");
const { createInterface } = require("node:readline");
const { flag, port, env } = workerData;
const answer = (message) => { port.postMessage(message); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); };
// Its log lines (stdout) go to this process's stderr, as the one-shot runs' stderr did.
const fail = (why) => answer({ exitCode: -1, stdout: "", stderr: "scripts/cli.ts --serve: " + why });
// Anything that goes wrong here must still wake the waiting test, which cannot see this thread's errors.
process.on("uncaughtException", (error) => fail(error.stack));
const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", "--serve"], { env, stdio: ["ignore", 2, 2, "pipe"] });
const channel = child.stdio[3];
channel.on("error", (error) => fail(error.message));
channel.on("close", () => fail("it stopped"));
createInterface({ input: channel, crlfDelay: Infinity }).on("line", (line) => answer(JSON.parse(line)));
parentPort.on("message", (args) => channel.write(JSON.stringify(args) + "\\n"));
`;

let server: { worker: Worker; flag: Int32Array; port: MessagePort } | undefined;

interface Answer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export function cli<T = any>(...args: string[]): T {
  if (!server) {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(THREAD, { eval: true, workerData: { flag, port: port2, env: { ...process.env, ...E2E_ENV } }, transferList: [port2] });
    // The Playwright worker may exit with it running; the CLI then reads the end of its input and stops.
    worker.unref();
    server = { worker, flag, port: port1 };
  }
  Atomics.store(server.flag, 0, 0);
  server.worker.postMessage([...args, "--json"]);
  const waited = Atomics.wait(server.flag, 0, 0, 120_000);
  const answer = waited === "timed-out" ? undefined : (receiveMessageOnPort(server.port)?.message as Answer | undefined);
  if (!answer || answer.exitCode === -1) {
    void server.worker.terminate();
    server = undefined;
  }
  if (!answer) throw new Error(`cli ${args.join(" ")}: no answer in 120 s`);
  if (answer.exitCode !== 0) throw new Error(`cli ${args.join(" ")} failed (exit ${answer.exitCode}):\n${answer.stderr}`);
  return JSON.parse(answer.stdout) as T;
}

export interface TestMerchant {
  merchant: { id: string; name: string; domain: string; isActive: boolean };
  keys: { sandbox: string; production: string };
  webhookSigningKeys: { sandbox: string; production: string };
  owner: { email: string; password: string };
}

export function createMerchant(name = `E2E ${Date.now()}`): TestMerchant {
  return cli<TestMerchant>("merchant:create", "--name", name);
}
