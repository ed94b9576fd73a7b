"use client";
// API keys: create, regenerate, revoke. One component owns the action states
// so that a new key survives the re-render that replaces the row it came from
// (a regenerated key gets a new row; the old row, and any state in it, goes).
// The clear key is shown once, at the top, with a copy button.
import { useActionState, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectField, TextField } from "@/components/ui/field";
import { OneTimeSecret } from "@/components/ui/one-time-secret";
import { SubmitButton } from "@/components/ui/submit-button";
import { Table, TBody, Td, Th, THead } from "@/components/ui/table";
import { type ActionState, IDLE, stateIn } from "@/lib/backoffice/action-state";
import type { Environment } from "@/lib/generated/prisma/enums";
import { ActionMessage, fieldError } from "../action-message";
import { ReauthFields } from "../reauth-fields";

interface KeyRow {
  id: string;
  name: string;
  scope: "full" | "read_only";
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type IssuedKey = { key: string; replaced?: string; environment: Environment };
type IssueAction = (prev: ActionState<IssuedKey>, formData: FormData) => Promise<ActionState<IssuedKey>>;
type RevokeAction = (prev: ActionState, formData: FormData) => Promise<ActionState>;

export interface ApiKeysPanelProps {
  merchantId: string;
  environment: Environment;
  totpEnabled: boolean;
  keys: KeyRow[];
  issue: IssueAction;
  revoke: RevokeAction;
}

/** The state, if it answers the form that submitted `intent` (and `keyId`), so each form shows only its own errors. */
function stateFor<T>(state: ActionState<T>, intent: string, keyId?: string): ActionState<T> {
  if (state.status !== "error") return IDLE;
  return state.values?.intent === intent && (keyId === undefined || state.values?.keyId === keyId) ? state : IDLE;
}

export function ApiKeysPanel({ merchantId, environment, totpEnabled, keys, issue, revoke }: ApiKeysPanelProps) {
  const [issued, issueAction] = useActionState<ActionState<IssuedKey>, FormData>(issue, IDLE);
  // A key issued in the other environment is never shown on this one's page.
  const issueState = stateIn(issued, environment);
  const [revokeState, revokeAction] = useActionState<ActionState, FormData>(revoke, IDLE);
  const [open, setOpen] = useState<{ keyId: string; panel: "regenerate" | "revoke" } | null>(null);
  const production = environment === "production";
  const envLabel = production ? "production" : "sandbox";
  const createState = stateFor(issueState, "create");
  const values = createState.status === "error" ? createState.values : undefined;

  return (
    <div className="space-y-6">
      {issueState.status === "success" && issueState.data ? (
        <OneTimeSecret
          title={issueState.data.replaced ? `New key replacing ${issueState.data.replaced}` : "Your new API key"}
          value={issueState.data.key}
          note={`Copy it now and store it somewhere safe: it will not be shown again.${issueState.data.replaced ? " The old key no longer works." : ""}`}
        />
      ) : null}
      {revokeState.status === "success" ? <ActionMessage state={revokeState} /> : null}

      <form action={issueAction} className="grid gap-4 sm:grid-cols-3 sm:items-start" aria-label="Create an API key">
        <input type="hidden" name="merchantId" value={merchantId} />
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="environment" value={environment} />
        <TextField id="create-key-name" name="name" label="Key name" placeholder="e.g. Web shop server" maxLength={100} defaultValue={values?.name} error={fieldError(createState, "name")} />
        <SelectField
          id="create-key-scope"
          name="scope"
          label="Scope"
          defaultValue={values?.scope ?? "full"}
          options={[
            { value: "full", label: "Full access" },
            { value: "read_only", label: "Read only" },
          ]}
        />
        {production ? (
          <div className="sm:col-span-3">
            <ReauthFields idPrefix="create-key" totpEnabled={totpEnabled} state={createState} />
          </div>
        ) : null}
        <div className="sm:col-span-3">
          <ActionMessage state={createState} />
        </div>
        <div>
          <SubmitButton pendingLabel="Creating…">{production ? "Create live key" : "Create key"}</SubmitButton>
        </div>
      </form>

      {keys.length === 0 ? (
        <EmptyState title={`No ${envLabel} API keys`}>Create a key above to call the API from your server.</EmptyState>
      ) : (
        <Table caption={`${envLabel} API keys`}>
          <THead>
            <Th>Name</Th>
            <Th>Key</Th>
            <Th>Scope</Th>
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th>Actions</Th>
          </THead>
          <TBody>
            {keys.map((k) => {
              const panelId = `key-actions-${k.id}`;
              const toggle = (panel: "regenerate" | "revoke") => setOpen(open?.keyId === k.id && open.panel === panel ? null : { keyId: k.id, panel });
              const isOpen = (panel: "regenerate" | "revoke") => open?.keyId === k.id && open.panel === panel;
              const regenState = stateFor(issueState, "regenerate", k.id);
              const rowRevokeState = revokeState.status === "error" && revokeState.values?.keyId === k.id ? revokeState : IDLE;
              return (
                <tr key={k.id}>
                  <Td>{k.name || <span className="text-slate-500 dark:text-slate-400">Unnamed</span>}</Td>
                  <Td className="font-mono">{k.label}</Td>
                  <Td>{k.scope === "full" ? <Badge>Full access</Badge> : <Badge tone="info">Read only</Badge>}</Td>
                  <Td>
                    <DateTime value={k.createdAt} />
                  </Td>
                  <Td>
                    <DateTime value={k.lastUsedAt} fallback="Never" />
                  </Td>
                  <Td className="min-w-[16rem]">
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" size="sm" aria-expanded={isOpen("regenerate")} aria-controls={panelId} onClick={() => toggle("regenerate")}>
                        Regenerate<span className="sr-only"> {k.label}</span>
                      </Button>
                      <Button variant="ghost" size="sm" aria-expanded={isOpen("revoke")} aria-controls={panelId} onClick={() => toggle("revoke")}>
                        Revoke<span className="sr-only"> {k.label}</span>
                      </Button>
                    </div>
                    <div id={panelId} className="mt-2">
                      {isOpen("regenerate") ? (
                        <form action={issueAction} className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
                          <input type="hidden" name="merchantId" value={merchantId} />
                          <input type="hidden" name="intent" value="regenerate" />
                          <input type="hidden" name="keyId" value={k.id} />
                          <p className="text-sm">A new key replaces {k.label}; the old one stops working immediately.</p>
                          {production ? <ReauthFields idPrefix={`regen-${k.id}`} totpEnabled={totpEnabled} state={regenState} /> : null}
                          <ActionMessage state={regenState} />
                          <SubmitButton size="sm" pendingLabel="Regenerating…">
                            Confirm regenerate
                          </SubmitButton>
                        </form>
                      ) : null}
                      {isOpen("revoke") ? (
                        <form action={revokeAction} className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
                          <input type="hidden" name="merchantId" value={merchantId} />
                          <input type="hidden" name="keyId" value={k.id} />
                          <p className="text-sm">Requests with {k.label} will be refused from now on. This cannot be undone.</p>
                          <TextField id={`revoke-reason-${k.id}`} name="reason" label="Reason (for the audit log)" maxLength={500} error={fieldError(rowRevokeState, "reason")} />
                          <ActionMessage state={rowRevokeState} />
                          <SubmitButton size="sm" variant="danger" pendingLabel="Revoking…">
                            Confirm revoke
                          </SubmitButton>
                        </form>
                      ) : null}
                    </div>
                  </Td>
                </tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </div>
  );
}
