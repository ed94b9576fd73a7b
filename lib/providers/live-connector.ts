// What a live provider connector is (SPEC §21, GUIDE.md "Connectors and
// edges"): one folder per provider under lib/providers/<name>/, each the same
// shape — the PaymentProvider methods over the provider's official library
// (connector.ts), its states and decline codes mapped (map-status.ts,
// map-decline.ts), its exceptions mapped to ProviderCallError (map-error.ts),
// its events verified and parsed into the one internal shape below
// (events.ts), and the credentials an operator enters (credentials.ts). The
// library client is built from one connector row's credentials, never from
// global keys, so two accounts at one provider never share a client.
import type { z } from "zod";
import type { ConnectorProvider, Environment, PaymentMethodType, TransactionAction } from "@/lib/generated/prisma/enums";
import type { DeclineCode, PaymentProvider, ProviderFee, ProviderResult } from "./types";

export interface ConnectorOptions {
  /** The connector's environment: a provider whose keys do not say their mode (PayPal) picks its live or test host by it. */
  environment: Environment;
  /** Send the library's requests here instead of the provider's host (an egress proxy, the emulator in tests). */
  apiBase: string | null;
  timeoutMs: number;
}

/** A dispute as the provider reports it now (events only say that something changed). */
export interface ProviderDispute {
  providerRef: string;
  /** The disputed payment's reference at the provider. */
  paymentRef: string | null;
  /** Sluice's transaction id, from the payment's metadata at the provider. */
  transactionId: string | null;
  amount: bigint;
  currency: string;
  /**
   * `inquiry`: the issuer asks questions, no money has moved; `open`: the
   * money was taken back and the dispute is undecided; `won` / `lost`: decided.
   */
  state: "inquiry" | "open" | "won" | "lost";
  reason: string | null;
  fees: ProviderFee[];
}

export interface LiveConnector extends PaymentProvider {
  /** One harmless call proving the credentials work (connector:test); says what answered. */
  test(): Promise<string>;
  dispute(providerRef: string): Promise<ProviderDispute>;
}

/**
 * The outcome an event itself states, for a provider that cannot be asked
 * afterwards (Adyen has no payment, refund or payout lookup: its signed
 * notification is the decision). Stored with the event as JSON, so the
 * amount (what a capture took, in minor units) is a string. Without it the
 * applier asks the provider.
 */
export interface StatedOutcome {
  status: "succeeded" | "declined";
  code?: DeclineCode;
  message?: string;
  amount?: string;
}

interface StatedResult {
  stated?: StatedOutcome;
}

/**
 * A dispute as the event itself states it, for a provider that cannot be asked (Adyen: each dispute
 * notification names the disputed payment, the amount and where the dispute stands). Stored with the event as
 * JSON, so the amount (minor units) is a string. Without it the applier asks the provider (dispute()).
 */
export interface StatedDispute {
  paymentRef: string | null;
  transactionId: string | null;
  amount: string;
  currency: string;
  state: ProviderDispute["state"];
  reason: string | null;
}

/** What an event is about; the applier asks the provider for the subject's current state (events may come in any order). */
export type ProviderEventSubject =
  | ({ kind: "payment"; providerRef: string; transactionId: string | null; /** The try the event is about, when the provider names it (Adyen's metadata). */ attemptId?: string | null } & StatedResult)
  /** An authorization's capture the provider decided after answering "received" (Adyen's CAPTURE, CAPTURE_FAILED). */
  | ({ kind: "capture"; providerRef: string; transactionId: string | null } & StatedResult)
  | ({ kind: "refund"; providerRef: string; transactionId: string | null } & StatedResult)
  | { kind: "dispute"; providerRef: string; stated?: StatedDispute }
  | ({ kind: "payout"; providerRef: string; transactionId: string | null } & StatedResult)
  | { kind: "ignored" };

/** A provider event whose signature checked out, in the one internal shape (events.ts of each connector). */
export interface ParsedProviderEvent {
  id: string;
  type: string;
  subject: ProviderEventSubject;
}

/** The signature did not verify with any of the connector's webhook secrets, or the body is not the provider's event. */
export class ProviderEventRejectedError extends Error {
  override name = "ProviderEventRejectedError";
  constructor(
    readonly reason: "signature" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

/** A payment method type a provider serves, with the actions and currencies it takes. */
export interface MethodCapability {
  type: PaymentMethodType;
  /** How the method is shown when this provider serves it ("Klarna", "iDEAL"). */
  name: string;
  actions: TransactionAction[];
  currencies: string[];
  /** The customer always completes on a page (the provider's, through Sluice's checkout). */
  requiresRedirect: boolean;
}

export interface ConnectorKind<C = unknown> {
  provider: ConnectorProvider;
  /** zod schema of what an operator enters; parsing also checks the credentials fit the environment (live keys for production). */
  credentials: (environment: Environment) => z.ZodType<C>;
  /** The credential fields, for the CLI's flags and the last-4 hints. */
  credentialFields: readonly (keyof C & string)[];
  /** Async: the provider's library is loaded on first use (lib/providers/registry.ts). */
  create(credentials: C, options: ConnectorOptions): Promise<LiveConnector>;
  /**
   * Verifies and parses one event body into its events (Adyen may batch several notifications in one request);
   * `credentials` are the current ones first, then a rotation's previous ones. A provider that verifies by asking
   * its API (PayPal) throws ProviderCallError when it cannot be asked.
   */
  parseEvent(rawBody: string, headers: Headers, credentials: C[], options: ConnectorOptions): Promise<ParsedProviderEvent[]>;
  methods: readonly MethodCapability[];
}

/** A stated dispute as the dispute every flow applies (a provider that states disputes reports no fee with them). */
export function statedDispute(stated: StatedDispute, providerRef: string): ProviderDispute {
  return { providerRef, paymentRef: stated.paymentRef, transactionId: stated.transactionId, amount: BigInt(stated.amount), currency: stated.currency, state: stated.state, reason: stated.reason, fees: [] };
}

/** A stated outcome as the provider result every flow applies. */
export function statedResult(stated: StatedOutcome, providerRef: string): ProviderResult {
  if (stated.status === "succeeded") return { status: "succeeded", providerRef, ...(stated.amount !== undefined ? { capturedAmount: BigInt(stated.amount) } : {}) };
  return { status: "declined", code: stated.code ?? "provider_rejected", message: stated.message ?? "The provider declined it.", providerRef };
}
