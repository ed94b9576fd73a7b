// Receiver code shown on /docs/webhooks. Kept as data so that
// tests/webhooks/docs-snippets.test.ts can run the Python examples against
// real deliveries, and the handlers of every language against a sale, a
// refund and a chargeback: documentation code that does not work is a bug.

export const NODE_SHA256 = `import express from "express";
import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNING_KEY = process.env.SLUICE_SIGNING_KEY; // whsec_… exactly as shown in the back office

// express.raw keeps the exact bytes: the signature is over them, not over re-serialised JSON.
app.post("/webhooks/sluice", express.raw({ type: "application/json" }), (req, res) => {
  const expected = "sha256=" + createHmac("sha256", SIGNING_KEY).update(req.body).digest("hex");
  const given = req.get("X-Sluice-Signature") ?? "";
  const valid = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!valid) return res.status(400).send("invalid signature");

  const event = JSON.parse(req.body.toString("utf8"));
  // Deduplicate by event.id, then act on it by event.event and event.data.action (below).
  handleEvent(event);
  res.sendStatus(200);
});`;

export const NODE_STANDARD = `import express from "express";
import { Webhook } from "standardwebhooks"; // npm install standardwebhooks

const wh = new Webhook(process.env.SLUICE_SIGNING_KEY); // the whsec_… key as shown, unchanged

app.post("/webhooks/sluice", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try {
    // Checks webhook-signature and that webhook-timestamp is within 5 minutes.
    event = wh.verify(req.body.toString("utf8"), req.headers);
  } catch {
    return res.status(400).send("invalid signature");
  }
  handleEvent(event);
  res.sendStatus(200);
});`;

export const NODE_HELPER = `import { verifyWebhook, verifyStandardWebhook } from "./verify-webhook"; // copied from Sluice's lib/webhooks/verify-webhook.ts

// Seed scheme: X-Sluice-Signature: sha256=<hex>
if (!verifyWebhook(rawBody, req.headers["x-sluice-signature"], SIGNING_KEY)) reject();

// Standard Webhooks, 5-minute tolerance (toleranceSeconds to change it)
if (!verifyStandardWebhook({ rawBody, headers: req.headers, signingKey: SIGNING_KEY })) reject();`;

export const PYTHON_SHA256 = `import hashlib
import hmac


def verify_sluice_signature(raw_body: bytes, signature_header: str, signing_key: str) -> bool:
    """X-Sluice-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed with the whole whsec_… key>."""
    expected = "sha256=" + hmac.new(signing_key.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature_header or "")`;

export const PYTHON_STANDARD = `import base64
import hashlib
import hmac
import time


def verify_standard_webhook(raw_body: bytes, headers, signing_key: str, tolerance: int = 300) -> bool:
    """Standard Webhooks: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">, key = base64-decoded part after whsec_."""
    msg_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    signatures = headers.get("webhook-signature", "")
    if not msg_id or not timestamp.isdigit() or abs(time.time() - int(timestamp)) > tolerance:
        return False
    key = base64.b64decode(signing_key.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode("utf-8") + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode("ascii")
    # Several space-separated signatures during a key rotation: any one may match.
    return any(
        hmac.compare_digest(expected, candidate.split(",", 1)[1])
        for candidate in signatures.split(" ")
        if candidate.startswith("v1,")
    )`;

export const PYTHON_FLASK = `import json
import os

from flask import Flask, request, abort

app = Flask(__name__)
SIGNING_KEY = os.environ["SLUICE_SIGNING_KEY"]

@app.post("/webhooks/sluice")
def sluice_webhook():
    raw = request.get_data()  # the exact bytes received
    if not verify_sluice_signature(raw, request.headers.get("X-Sluice-Signature", ""), SIGNING_KEY):
        abort(400)
    # or: verify_standard_webhook(raw, request.headers, SIGNING_KEY)
    handle_event(json.loads(raw))
    return "", 200`;

export const PHP_SHA256 = `<?php
$raw = file_get_contents('php://input');          // the exact bytes received
$key = getenv('SLUICE_SIGNING_KEY');               // whsec_… exactly as shown
$expected = 'sha256=' . hash_hmac('sha256', $raw, $key);
$given = $_SERVER['HTTP_X_SLUICE_SIGNATURE'] ?? '';

if (!hash_equals($expected, $given)) {             // constant-time comparison
    http_response_code(400);
    exit('invalid signature');
}
$event = json_decode($raw, true);
// Deduplicate by $event['id'], then act on it by event and data.action (below).
handle_event($event);
http_response_code(200);`;

export const PHP_STANDARD = `<?php
function verify_standard_webhook(string $raw, string $key, int $tolerance = 300): bool {
    $id = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
    $timestamp = $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '';
    $signatures = $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '';
    if ($id === '' || !ctype_digit($timestamp) || abs(time() - (int) $timestamp) > $tolerance) {
        return false;
    }
    $secret = base64_decode(preg_replace('/^whsec_/', '', $key), true);
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$raw", $secret, true));
    foreach (explode(' ', $signatures) as $candidate) {
        [$version, $signature] = array_pad(explode(',', $candidate, 2), 2, '');
        if ($version === 'v1' && hash_equals($expected, $signature)) {
            return true;
        }
    }
    return false;
}

if (!verify_standard_webhook(file_get_contents('php://input'), getenv('SLUICE_SIGNING_KEY'))) {
    http_response_code(400);
    exit('invalid signature');
}`;

// Acting on an event. A refund, a chargeback and a payout send the same kinds
// as a sale (a refund that went through is transaction.succeeded, with the
// sale's orderId): every handler switches on data.action as well.
export const NODE_HANDLE = `function handleEvent(event) {
  if (event.event !== "transaction.succeeded") return;
  switch (event.data.action) {
    case "SALE":
    case "AUTHORIZE": // captured
      fulfilOrder(event.data.orderId);
      break;
    case "PAYOUT":
      markPayoutSent(event.data.orderId);
      break;
    case "REFUND":
    case "CHARGEBACK":
      // Same kind, the sale's orderId: never fulfil here. parentId is the sale.
      recordMoneyBack(event.data.parentId, event.data.amount);
      break;
  }
}`;

export const PYTHON_HANDLE = `def handle_event(event: dict) -> None:
    if event["event"] != "transaction.succeeded":
        return
    data = event["data"]
    action = data["action"]
    if action in ("SALE", "AUTHORIZE"):  # AUTHORIZE: captured
        fulfil_order(data["orderId"])
    elif action == "PAYOUT":
        mark_payout_sent(data["orderId"])
    elif action in ("REFUND", "CHARGEBACK"):
        # Same kind, the sale's orderId: never fulfil here. parentId is the sale.
        record_money_back(data["parentId"], data["amount"])`;

export const PHP_HANDLE = `<?php
function handle_event(array $event): void {
    if ($event['event'] !== 'transaction.succeeded') {
        return;
    }
    $data = $event['data'];
    switch ($data['action']) {
        case 'SALE':
        case 'AUTHORIZE': // captured
            fulfil_order($data['orderId']);
            break;
        case 'PAYOUT':
            mark_payout_sent($data['orderId']);
            break;
        case 'REFUND':
        case 'CHARGEBACK':
            // Same kind, the sale's orderId: never fulfil here. parentId is the sale.
            record_money_back($data['parentId'], $data['amount']);
            break;
    }
}`;

export const EXAMPLE_PAYLOAD = `{
  "id": "evt_8sQk2LmN4xYb7RtV1cZp9WdF",
  "sequence": 2,
  "event": "transaction.succeeded",
  "createdAt": "2026-11-21T10:15:31.045Z",
  "environment": "sandbox",
  "data": {
    "id": "tx_3kTq8ZbP1xYw9LmN4vR7sD2F",
    "orderId": "order_1001",
    "status": "SUCCESS",
    "action": "SALE",
    "amount": 1050,
    "currency": "USD",
    "createdAt": "2026-11-21T10:15:30.123Z",
    "updatedAt": "2026-11-21T10:15:31.045Z"
  }
}`;

export const RECOVER = `curl -s https://api.example.com/v1/events/recover -H "Authorization: Bearer $KEY" \\
  -H "Content-Type: application/json" -d '{"since": "2026-11-24T08:00:00Z", "dryRun": true}'
# {"matched":37,"queued":0}
curl -s https://api.example.com/v1/events/recover -H "Authorization: Bearer $KEY" \\
  -H "Content-Type: application/json" -d '{"since": "2026-11-24T08:00:00Z"}'
# {"matched":37,"queued":37}`;

export const STREAM = `curl -N https://api.example.com/v1/events/stream -H "Authorization: Bearer $KEY"
# retry: 2000
# event: ready
# data: {"secret":"whsec_…"}
#
# id: evt_8sQk2LmN4xYb7RtV1cZp9WdF
# data: {"id":"evt_8sQk2LmN4xYb7RtV1cZp9WdF","event":"transaction.succeeded","body":"{\\"id\\":…}","headers":{"webhook-id":…}}`;
