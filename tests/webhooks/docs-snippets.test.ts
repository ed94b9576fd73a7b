// The Python receiver code on /docs/webhooks, run by python3 against a real
// delivery: documentation code that does not verify a real webhook is a bug.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NODE_HANDLE, NODE_SHA256, NODE_STANDARD, PHP_HANDLE, PHP_SHA256, PYTHON_FLASK, PYTHON_HANDLE, PYTHON_SHA256, PYTHON_STANDARD } from "@/app/docs/webhooks/snippets";
import { rotateSigningKey } from "@/lib/webhooks/signing-keys";
import { newMerchant } from "../helpers/fixtures";
import { eventIdOf, newTransaction, type ReceivedRequest, receiverWithWorker } from "./helpers";

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

const receiver = receiverWithWorker();

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

// Issue #25, item 13: a refund and a chargeback send transaction.succeeded with the sale's
// orderId. Each language's handler on /docs/webhooks must fulfil the sale once and never again
// for its refund or chargeback; run with stubs that print what they were asked to do.
const event = (action: string, extra: Record<string, unknown> = {}) => ({ id: `evt_${action}`, event: "transaction.succeeded", data: { id: `tx_${action}`, orderId: "order_1001", status: "SUCCESS", action, amount: 1050, currency: "USD", ...extra } });
const EVENTS = [event("SALE"), event("REFUND", { parentId: "tx_SALE", amount: 500 }), event("CHARGEBACK", { parentId: "tx_SALE" }), event("PAYOUT", { orderId: "payout_7" }), { ...event("SALE"), event: "transaction.declined" }];
const EXPECTED_CALLS = ["fulfil order_1001", "money back tx_SALE 500", "money back tx_SALE 1050", "payout sent payout_7"];

describe("the handlers of /docs/webhooks switch on data.action", () => {
  it("Node.js", () => {
    const stubs = `const calls = [];
const fulfilOrder = (o) => calls.push("fulfil " + o);
const markPayoutSent = (o) => calls.push("payout sent " + o);
const recordMoneyBack = (p, a) => calls.push("money back " + p + " " + a);`;
    const run = spawnSync(process.execPath, ["-e", `${stubs}\n${NODE_HANDLE}\nfor (const e of ${JSON.stringify(EVENTS)}) handleEvent(e);\nconsole.log(JSON.stringify(calls));`], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_CALLS);
  });

  it.runIf(hasPython)("Python", () => {
    const stubs = `import json
calls = []
def fulfil_order(o): calls.append(f"fulfil {o}")
def mark_payout_sent(o): calls.append(f"payout sent {o}")
def record_money_back(p, a): calls.append(f"money back {p} {a}")`;
    const run = spawnSync("python3", ["-c", `${stubs}\n\n${PYTHON_HANDLE}\n\nfor e in json.loads(${JSON.stringify(JSON.stringify(EVENTS))}):\n    handle_event(e)\nprint(json.dumps(calls))`], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_CALLS);
  });

  it.runIf(spawnSync("php", ["--version"]).status === 0)("PHP", () => {
    const stubs = `$calls = [];
function fulfil_order($o) { global $calls; $calls[] = "fulfil $o"; }
function mark_payout_sent($o) { global $calls; $calls[] = "payout sent $o"; }
function record_money_back($p, $a) { global $calls; $calls[] = "money back $p $a"; }`;
    const code = `${stubs}\n${PHP_HANDLE.replace("<?php\n", "")}\nforeach (json_decode(${JSON.stringify(JSON.stringify(EVENTS))}, true) as $e) { handle_event($e); }\necho json_encode($calls);`;
    const run = spawnSync("php", ["-r", code], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(EXPECTED_CALLS);
  });

  it("every receiver snippet and README hands the event to the handler, none fulfils on the kind alone", () => {
    for (const [name, code] of Object.entries({ NODE_SHA256, NODE_STANDARD, PYTHON_FLASK, PHP_SHA256 })) expect(code, name).toMatch(/handle_?[eE]vent\(/);
    for (const file of ["README.md", "sdk/README.md"]) {
      const text = readFileSync(file, "utf8");
      expect(text, file).toMatch(/switch \(event\.data\.action\)/);
      expect(text, file).not.toMatch(/=== "transaction\.succeeded"\) fulfil/);
    }
  });
});
