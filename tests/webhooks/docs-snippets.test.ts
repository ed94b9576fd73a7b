// The Python receiver code on /docs/webhooks, run by python3 against a real
// delivery: documentation code that does not verify a real webhook is a bug.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PYTHON_SHA256, PYTHON_STANDARD } from "@/app/docs/webhooks/snippets";
import { rotateSigningKey } from "@/lib/webhooks/signing-keys";
import { newMerchant } from "../helpers/fixtures";
import { eventIdOf, newTransaction, startReceiver, startWebhookWorker, type ReceivedRequest, type Receiver } from "./helpers";

const hasPython = spawnSync("python3", ["--version"]).status === 0;

const DRIVER = `
import json, sys
case = json.load(sys.stdin)
raw = case["body"].encode("utf-8")
headers = case["headers"]
print(json.dumps({
    "sha256": verify_sluice_signature(raw, headers.get("x-sluice-signature", ""), case["key"]),
    "standard": verify_standard_webhook(raw, headers, case["key"]),
}))
`;

function runPython(req: { body: string; headers: Record<string, string> }, key: string): { sha256: boolean; standard: boolean } {
  const result = spawnSync("python3", ["-c", `${PYTHON_SHA256}\n\n${PYTHON_STANDARD}\n${DRIVER}`], { input: JSON.stringify({ ...req, key }), encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

const plain = (r: ReceivedRequest) => ({ body: r.body, headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])) });

let receiver: Receiver;
let worker: { close: () => Promise<void> };
beforeAll(async () => {
  receiver = await startReceiver();
  worker = startWebhookWorker();
});
afterAll(async () => {
  await worker.close();
  await receiver.close();
});

describe.runIf(hasPython)("the Python examples of /docs/webhooks", () => {
  it("verify a real delivery, refuse a tampered one, and accept either key during a rotation", async () => {
    const m = await newMerchant();
    const key = m.webhookSigningKeys.sandbox;
    const { eventId } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === eventId));
    const req = plain(receiver.requests.find((r) => eventIdOf(r) === eventId)!);

    expect(runPython(req, key)).toEqual({ sha256: true, standard: true });
    expect(runPython({ ...req, body: req.body.replace("PROCESSING", "SUCCESS") }, key)).toEqual({ sha256: false, standard: false });
    expect(runPython(req, m.webhookSigningKeys.production)).toEqual({ sha256: false, standard: false });

    const newKey = await rotateSigningKey({ merchantId: m.merchant.id, environment: "sandbox" });
    const { eventId: next } = await newTransaction({ merchantId: m.merchant.id, callbackUrl: receiver.url });
    await receiver.waitFor((rs) => rs.some((r) => eventIdOf(r) === next));
    const rotated = plain(receiver.requests.find((r) => eventIdOf(r) === next)!);
    expect(runPython(rotated, newKey)).toEqual({ sha256: true, standard: true });
    expect(runPython(rotated, key)).toEqual({ sha256: false, standard: true });
  });
});
