// Platform → Connectors and a merchant's Routing (SPEC §21, #26) as the back
// office's server actions call them: operators only (anyone else: not
// found), the form's `credentials.<field>` inputs reach lib/connectors'
// audited functions under the operator's name and address, a rotation
// changes only the fields typed, and the routing form's slots, currencies
// and minor-unit amounts become the route `route:set` would make.
import { describe, expect, it } from "vitest";
import { getConnectorsPage } from "@/lib/backoffice/connectors/get-connectors-page";
import { addConnectorFromForm, rotateConnectorFromForm, setConnectorEnabledFromForm } from "@/lib/backoffice/connectors/manage-connector";
import { getMerchantRouting, setMerchantRouteFromForm } from "@/lib/backoffice/merchants/merchant-routes";
import { getSystemHealth } from "@/lib/backoffice/system/get-system-health";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, operator, rejection } from "./helpers";

const SECRET = "sk_live_BackOfficeFormSecret0000wXyZ";
const WEBHOOK = "whsec_BackOfficeFormWebhook0000aBcD";

describe("connectors in the back office", () => {
  it("operators add, rotate and disable connectors through the audited domain functions; others get not found", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const form = { provider: "stripe", environment: "production", name: "Stripe EU", "credentials.secretKey": SECRET, "credentials.webhookSecret": WEBHOOK, apiBase: "" };
    expect((await rejection(addConnectorFromForm({ actor: owner, ip: null, form }))).code).toBe("not_found");
    expect((await rejection(getConnectorsPage({ actor: owner }))).code).toBe("not_found");

    const { actor: op } = await operator();
    const added = await addConnectorFromForm({ actor: op, ip: "192.0.2.7", form });
    expect(added).toMatchObject({ provider: "stripe", environment: "production", name: "Stripe EU", apiBase: null, credentialHints: { secretKey: "wXyZ", webhookSecret: "aBcD" } });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "connector.added", targetId: added.id } })).toMatchObject({ actorId: op.id, actorEmail: op.email, ip: "192.0.2.7" });

    // A test key on a production connector: refused by the provider's schema, naming the field and not the value.
    const wrong = await rejection(addConnectorFromForm({ actor: op, ip: null, form: { ...form, "credentials.secretKey": "sk_test_BackOfficeFormSecret0000wXyZ" } }));
    expect(wrong.message).toContain("secretKey must be a live key for a production connector");
    expect(wrong.message).not.toContain("BackOfficeFormSecret");

    // Only the webhook secret typed: the secret key stays.
    const rotated = await rotateConnectorFromForm({ actor: op, ip: null, form: { connectorId: added.id, "credentials.secretKey": " ", "credentials.webhookSecret": "whsec_BackOfficeFormRotated0000eFgH", expirePreviousInHours: "2" } });
    expect(rotated.credentialHints).toEqual({ secretKey: "wXyZ", webhookSecret: "eFgH" });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "connector.rotated", targetId: added.id } })).toMatchObject({ details: { fields: ["webhookSecret"], previousValidHours: 2 } });

    const page = await getConnectorsPage({ actor: op });
    expect(page.providers).toContainEqual({ provider: "stripe", credentialFields: ["secretKey", "webhookSecret"] });
    expect(page.connectors.find((c) => c.id === added.id)).toMatchObject({ enabled: true, health: { circuit: "closed", lastHour: { total: 0 }, unknownOutcomes: 0 } });
    expect(JSON.stringify(page)).not.toContain("BackOfficeForm");

    const disabled = await setConnectorEnabledFromForm({ actor: op, ip: null, form: { connectorId: added.id, enabled: "false", reason: "card scheme incident" } });
    expect(disabled.enabled).toBe(false);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "connector.disabled", targetId: added.id } })).toMatchObject({ reason: "card scheme incident" });
    expect((await setConnectorEnabledFromForm({ actor: op, ip: null, form: { connectorId: added.id, enabled: "true" } })).enabled).toBe(true);

    const system = await getSystemHealth({ actor: op });
    expect(system.connectors.find((c) => c.connectorId === added.id)).toMatchObject({ circuit: "closed", enabled: true });
    expect(system.unknownOutcomes).toEqual([]);
  });

  it("the routing form sets, narrows and removes a merchant's routes", async () => {
    const m = await newMerchant();
    const { actor: op } = await operator();
    const a = await addConnectorFromForm({ actor: op, ip: null, form: { provider: "stripe", environment: "production", name: "A", "credentials.secretKey": "sk_live_RoutingFormA0000000000", "credentials.webhookSecret": "whsec_RoutingFormA0000000000" } });
    const b = await addConnectorFromForm({ actor: op, ip: null, form: { provider: "stripe", environment: "production", name: "B", "credentials.secretKey": "sk_live_RoutingFormB0000000000", "credentials.webhookSecret": "whsec_RoutingFormB0000000000" } });
    const base = { merchantId: m.merchant.id, environment: "production", method: "card" };
    const owner = await actorFor(m.owner.email);
    expect((await rejection(setMerchantRouteFromForm({ actor: owner, ip: null, form: { ...base, connector1: a.id } }))).code).toBe("not_found");

    // An empty first slot is skipped: B is tried first, then A.
    await setMerchantRouteFromForm({ actor: op, ip: "192.0.2.9", form: { ...base, connector1: "", connector2: b.id, connector3: a.id, currencies: "eur, usd", minAmount: "100", maxAmount: "" } });
    const routing = await getMerchantRouting({ actor: op, merchantId: m.merchant.id });
    expect(routing.routes.production).toEqual([{ method: "card", currencies: ["EUR", "USD"], minAmount: 100, maxAmount: null, connectors: [expect.objectContaining({ id: b.id }), expect.objectContaining({ id: a.id })] }]);
    expect(routing.routes.sandbox).toEqual([]);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "route.set", merchantId: m.merchant.id } })).toMatchObject({ actorId: op.id, ip: "192.0.2.9" });

    expect((await rejection(setMerchantRouteFromForm({ actor: op, ip: null, form: { ...base, connector1: a.id, minAmount: "10.50" } }))).param).toBe("minAmount");
    // Every slot "None": the route of that condition is removed.
    await setMerchantRouteFromForm({ actor: op, ip: null, form: { ...base, connector1: "", currencies: "EUR USD", minAmount: "100" } });
    expect((await getMerchantRouting({ actor: op, merchantId: m.merchant.id })).routes.production).toEqual([]);
  });
});
