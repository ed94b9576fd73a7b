// The back office's side of connector changes (SPEC §21: add, test, rotate,
// disable, enable): authorize the operator, read the form, call the one
// audited domain function in lib/connectors — the same the CLI calls. No
// table is written here.
//
// Credentials arrive as `credentials.<field>` form fields (the provider's
// own field names); empty ones are left out, so a rotation form changes only
// what was typed. They never come back to the browser: run-action.ts drops
// every `credentials.` field from the values it returns with an error.
import { z } from "zod";
import { staffActor } from "@/lib/audit/actor";
import type { StaffUser } from "@/lib/auth/staff-user";
import { addConnector } from "@/lib/connectors/add-connector";
import type { ConnectorView } from "@/lib/connectors/connector-view";
import { rotateConnector } from "@/lib/connectors/rotate-connector";
import { disableConnector, enableConnector } from "@/lib/connectors/set-connector-enabled";
import { testConnector, type ConnectorTestResult } from "@/lib/connectors/test-connector";
import { parseInput } from "@/lib/schema/parse-input";
import { assertOperator } from "../authz";
import { CREDENTIAL_FIELD_PREFIX, ZReason } from "../schemas";

const ZConnectorId = z.object({ connectorId: z.string().regex(/^cn_[0-9A-Za-z]{10,}$/, "connectorId must be a connector id (cn_…)") });

function credentialsOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([k, v]) => k.startsWith(CREDENTIAL_FIELD_PREFIX) && v.trim() !== "")
      .map(([k, v]) => [k.slice(CREDENTIAL_FIELD_PREFIX.length), v.trim()]),
  );
}

export async function addConnectorFromForm({ actor, ip, form }: { actor: StaffUser; ip: string | null; form: Record<string, string> }): Promise<ConnectorView> {
  assertOperator(actor);
  const apiBase = form.apiBase?.trim();
  return addConnector({
    actor: staffActor(actor, ip),
    input: { provider: form.provider, environment: form.environment, name: form.name ?? "", credentials: credentialsOf(form), ...(apiBase ? { apiBase } : {}) },
  });
}

export async function testConnectorFromForm({ actor, ip, form }: { actor: StaffUser; ip: string | null; form: Record<string, string> }): Promise<ConnectorTestResult> {
  assertOperator(actor);
  const { connectorId } = parseInput(ZConnectorId, form);
  return testConnector({ connectorId, actor: staffActor(actor, ip) });
}

export async function rotateConnectorFromForm({ actor, ip, form }: { actor: StaffUser; ip: string | null; form: Record<string, string> }): Promise<ConnectorView> {
  assertOperator(actor);
  const { connectorId } = parseInput(ZConnectorId, form);
  const hours = form.expirePreviousInHours?.trim();
  return rotateConnector({ connectorId, actor: staffActor(actor, ip), input: { credentials: credentialsOf(form), ...(hours ? { expirePreviousInHours: Number(hours) } : {}) } });
}

const ZSetEnabled = ZConnectorId.extend({ enabled: z.enum(["true", "false"]), reason: ZReason });

export async function setConnectorEnabledFromForm({ actor, ip, form }: { actor: StaffUser; ip: string | null; form: Record<string, string> }): Promise<ConnectorView> {
  assertOperator(actor);
  const { connectorId, enabled, reason } = parseInput(ZSetEnabled, form);
  return enabled === "true" ? enableConnector({ connectorId, actor: staffActor(actor, ip) }) : disableConnector({ connectorId, actor: staffActor(actor, ip), reason });
}
