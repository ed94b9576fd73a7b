// The PayPal library client of one connector (SPEC §21): its own REST app's
// credentials (OAuth client credentials, fetched and renewed by the library),
// PayPal's live or sandbox host by the connector's environment, the library's
// retries off.
//
// `apiBase`: @paypal/paypal-server-sdk has no base-URL setting (only its two
// hosts), so a connector with an apiBase (the emulator in tests, an egress
// proxy) rewrites the origin of every request the library builds — the OAuth
// token call included — in the library's own request pipeline.
//
// The library has no Payouts, webhook-verification or Disputes calls. Those
// three go through the same client's request builder (`rest()`): the same
// OAuth token, host, timeout and error classes, no second HTTP client; their
// answers are checked with zod before use.
import { Client, Environment } from "@paypal/paypal-server-sdk";
import type { ConnectorOptions } from "../live-connector";
import type { PaypalCredentials } from "./credentials";

type SdkRequestBuilderFactory = ReturnType<Client["getRequestBuilderFactory"]>;

const HOSTS: Record<Environment, string> = { [Environment.Production]: "https://api-m.paypal.com", [Environment.Sandbox]: "https://api-m.sandbox.paypal.com" };

/** A Client whose requests go to `apiBase` instead of PayPal's host. */
class RebasedClient extends Client {
  // Read when a request is sent, never during construction (the base class builds its OAuth controller in its constructor).
  private rebase: { from: string; to: string } | null = null;

  static create(config: ConstructorParameters<typeof Client>[0] & { environment: Environment }, apiBase: string | null): RebasedClient {
    const client = new RebasedClient(config);
    if (apiBase) client.rebase = { from: HOSTS[config.environment], to: apiBase.replace(/\/+$/, "") };
    return client;
  }

  override getRequestBuilderFactory(): SdkRequestBuilderFactory {
    const inner = super.getRequestBuilderFactory();
    return (...args) => {
      const builder = inner(...args);
      builder.interceptRequest((request) => {
        const rebase = this.rebase;
        return rebase && request.url.startsWith(rebase.from) ? { ...request, url: rebase.to + request.url.slice(rebase.from.length) } : request;
      });
      return builder;
    };
  }
}

export function paypalClient(credentials: PaypalCredentials, { environment, apiBase, timeoutMs }: ConnectorOptions): Client {
  const paypalEnvironment = environment === "production" ? Environment.Production : Environment.Sandbox;
  return RebasedClient.create(
    {
      environment: paypalEnvironment,
      timeout: timeoutMs,
      clientCredentialsAuthCredentials: { oAuthClientId: credentials.clientId, oAuthClientSecret: credentials.clientSecret },
      httpClientOptions: { timeout: timeoutMs, retryConfig: { maxNumberOfRetries: 0, retryOnTimeout: false } },
    },
    apiBase,
  );
}

/** One REST call the library has no method for, through its own request builder (auth, host, errors). */
export async function rest(client: Client, method: "GET" | "POST", path: string, { body, requestId }: { body?: unknown; requestId?: string } = {}): Promise<unknown> {
  const req = client.getRequestBuilderFactory()(method, path);
  req.baseUrl("default");
  req.acceptJson();
  if (requestId) req.header("PayPal-Request-Id", requestId);
  if (body !== undefined) req.json(body);
  req.authenticate([{ oauth2: true }]);
  const { result } = await req.callAsText();
  return result ? (JSON.parse(result) as unknown) : null;
}
