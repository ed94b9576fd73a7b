// Which provider serves a payment. The sandbox simulator serves every
// sandbox method by default; live connectors (SPEC §21) serve the methods a
// merchant's routes send to them, in production or — when an operator routes
// sandbox traffic to a provider's own test mode — in sandbox. A connector
// kind is the code of one provider; lib/connectors/ builds an instance of it
// from one connector row (its own credentials, never global keys).
//
// A provider's library is loaded on first use, not at start-up: together
// they take seconds to load (Adyen's alone ~1 s on a quiet core), and a
// worker restarted after a crash must take its jobs back within 10 s
// (SPEC §16), most of whose work never needs a provider.
import type { ConnectorProvider, Environment } from "@/lib/generated/prisma/enums";
import { BANK_FILE_METHODS, createBankFileConnector } from "./bank-file/connector";
import { BANK_FILE_CREDENTIAL_FIELDS, bankFileCredentials, type BankFileCredentials } from "./bank-file/credentials";
import { parseBankFileEvent } from "./bank-file/events";
import type { ConnectorKind } from "./live-connector";
import { ADYEN_CREDENTIAL_FIELDS, adyenCredentials, type AdyenCredentials } from "./adyen/credentials";
import { ADYEN_METHODS } from "./adyen/methods";
import { sandboxProvider } from "./sandbox/sandbox-provider";
import { STRIPE_CREDENTIAL_FIELDS, stripeCredentials, type StripeCredentials } from "./stripe/credentials";
import { STRIPE_METHODS } from "./stripe/methods";
import { PAYPAL_CREDENTIAL_FIELDS, paypalCredentials, type PaypalCredentials } from "./paypal/credentials";
import { PAYPAL_METHODS } from "./paypal/methods";
import type { PaymentProvider } from "./types";

/** PaymentMethod.provider of a method served by the simulator. */
export const SIMULATOR = "sandbox";
/** PaymentMethod.provider of a method served by the merchant's routes to connectors (lib/routing/). */
export const ROUTED = "routed";

/** The simulator for a method it serves (sandbox only); null for a routed method, whose connector is chosen per payment. */
export function getProvider(environment: Environment, providerName: string): PaymentProvider | null {
  return environment === "sandbox" && providerName === SIMULATOR ? sandboxProvider : null;
}

/** Whether a method of this provider setting can take payments at all (a routed one still needs a matching route). */
export function isServed(environment: Environment, providerName: string): boolean {
  return providerName === ROUTED || getProvider(environment, providerName) !== null;
}

const stripe: ConnectorKind<StripeCredentials> = {
  provider: "stripe",
  credentials: stripeCredentials,
  credentialFields: STRIPE_CREDENTIAL_FIELDS,
  create: async (credentials, options) => (await import("./stripe/connector")).createStripeConnector(credentials, options),
  parseEvent: async (rawBody, headers, credentials) => (await import("./stripe/events")).parseStripeEvent(rawBody, headers, credentials),
  methods: STRIPE_METHODS,
};

const paypal: ConnectorKind<PaypalCredentials> = {
  provider: "paypal",
  credentials: paypalCredentials,
  credentialFields: PAYPAL_CREDENTIAL_FIELDS,
  create: async (credentials, options) => (await import("./paypal/connector")).createPaypalConnector(credentials, options),
  // PayPal sends one event per request.
  parseEvent: async (...args) => [await (await import("./paypal/events")).parsePaypalEvent(...args)],
  methods: PAYPAL_METHODS,
};

const adyen: ConnectorKind<AdyenCredentials> = {
  provider: "adyen",
  credentials: adyenCredentials,
  credentialFields: ADYEN_CREDENTIAL_FIELDS,
  create: async (credentials, options) => (await import("./adyen/connector")).createAdyenConnector(credentials, options),
  parseEvent: async (rawBody, headers, credentials) => (await import("./adyen/events")).parseAdyenEvent(rawBody, headers, credentials),
  methods: ADYEN_METHODS,
};

const bankFile: ConnectorKind<BankFileCredentials> = {
  provider: "bank_file",
  credentials: bankFileCredentials,
  credentialFields: BANK_FILE_CREDENTIAL_FIELDS,
  create: async (credentials, options) => createBankFileConnector(credentials, options),
  parseEvent: async () => parseBankFileEvent(),
  methods: BANK_FILE_METHODS,
};

/** The providers whose connector is built. */
const CONNECTOR_KINDS: Partial<Record<ConnectorProvider, ConnectorKind<Record<string, string>>>> = {
  stripe: stripe as unknown as ConnectorKind<Record<string, string>>,
  paypal: paypal as unknown as ConnectorKind<Record<string, string>>,
  adyen: adyen as unknown as ConnectorKind<Record<string, string>>,
  bank_file: bankFile as unknown as ConnectorKind<Record<string, string>>,
};

export function connectorKind(provider: ConnectorProvider): ConnectorKind<Record<string, string>> | null {
  return CONNECTOR_KINDS[provider] ?? null;
}
