// Connector health (SPEC §21): each connector's breaker state and last hour's
// success rate, and unknown outcomes older than 10 minutes, as the System
// page reads them (getConnectorHealth) and as /api/metrics shows them.
import { vi } from "vitest";

vi.hoisted(() => {
  process.env.METRICS_TOKEN = "metrics-test-token-1234";
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { getConnectorHealth } from "@/lib/connectors/connector-health";
import { BREAKER } from "@/lib/connectors/circuit-breaker";
import { callApi } from "../api/helpers";
import { liveSale, routedMerchant, sendEventsTo, startEventsEndpoint, stripeAccount } from "./helpers";

let a: Awaited<ReturnType<typeof stripeAccount>>;
let b: Awaited<ReturnType<typeof stripeAccount>>;
beforeAll(async () => {
  a = await stripeAccount({ name: "Health A", timeoutMs: 1_000 });
  b = await stripeAccount({ name: "Health B" });
});
afterAll(async () => {
  await Promise.all([a.emulator.close(), b.emulator.close()]);
});

it("shows A's open circuit, both success rates of the last hour, an old unknown outcome and refused events, on the System page's function and in /api/metrics", async () => {
  const m = await routedMerchant([a.connector.id, b.connector.id]);
  await a.emulator.fault("refuse");
  for (let i = 0; i < BREAKER.threshold; i++) await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4242424242424242") });
  await a.emulator.clearFaults();
  // A declined payment at B: B answered (up), but did not take it.
  await callApi("POST /payment/sale", { key: m.keys.production, body: liveSale(m, "4000000000000002") });

  const health = await getConnectorHealth();
  const ofA = health.find((h) => h.connectorId === a.connector.id)!;
  const ofB = health.find((h) => h.connectorId === b.connector.id)!;
  expect(ofA).toMatchObject({ circuit: "open", lastHour: { total: 5, attempts: { not_taken: 5 }, successRate: 0, answeredRate: 0 } });
  expect(ofB).toMatchObject({ circuit: "closed", lastHour: { total: 6, attempts: { succeeded: 5, declined: 1 }, successRate: 5 / 6, answeredRate: 1 } });

  // An unknown outcome at a third connector: listed once it is older than 10 minutes.
  const c = await stripeAccount({ name: "Health C", timeoutMs: 1_000 });
  try {
    const other = await routedMerchant([c.connector.id]);
    await c.emulator.fault("timeout_after", { on: "confirm" });
    await callApi("POST /payment/sale", { key: other.keys.production, body: liveSale(other, "4242424242424242") });
    expect((await getConnectorHealth()).find((h) => h.connectorId === c.connector.id)!.unknownOutcomes).toBe(0);
    expect((await getConnectorHealth({ now: new Date(Date.now() + 11 * 60_000) })).find((h) => h.connectorId === c.connector.id)!.unknownOutcomes).toBe(1);
  } finally {
    await c.emulator.close();
  }

  // A refused event at A.
  const endpoint = await startEventsEndpoint();
  try {
    sendEventsTo(a, endpoint, false);
    await a.emulator.deliver(b.emulator.events[0]!, { secret: "whsec_WrongSecretWrongSecret000000" });
  } finally {
    await endpoint.close();
  }

  const res = await metricsRoute(new Request("http://localhost:3000/api/metrics", { headers: { authorization: "Bearer metrics-test-token-1234" } }));
  const text = await res.text();
  expect(text).toContain(`sluice_connector_circuit_state{connector="${a.connector.id}",provider="stripe",environment="production"} 2`);
  expect(text).toContain(`sluice_connector_circuit_state{connector="${b.connector.id}",provider="stripe",environment="production"} 0`);
  expect(text).toContain(`sluice_connector_attempts_1h{connector="${a.connector.id}",outcome="not_taken"} 5`);
  expect(text).toMatch(new RegExp(`sluice_connector_success_rate_1h\\{connector="${b.connector.id}"\\} 0\\.83`));
  expect(text).toContain(`sluice_provider_events_rejected_total{connector="${a.connector.id}",reason="signature"} 1`);
});
