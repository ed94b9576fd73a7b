// @sluice/node — the Sluice merchant SDK (SPEC §19). Resources mirror the
// API; request and response types come from the generated ./openapi.ts.
import { HttpClient, ListRequest, type ClientOptions, type Page, type RequestOptions } from "./client.js";
import type { components, operations, paths, webhooks as webhookOps } from "./openapi.js";
import { constructEvent, type ConstructEventOptions } from "./webhooks.js";

export * from "./errors.js";
export type { ClientOptions, Page, RequestOptions } from "./client.js";
export { ListRequest } from "./client.js";
export type { components, paths } from "./openapi.js";

type Schemas = components["schemas"];
type JsonBody<Op> = Op extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
type Json200<Op> = Op extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : never;
type Json201<Op> = Op extends { responses: { 201: { content: { "application/json": infer R } } } } ? R : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Transaction = Schemas["Transaction"];
export type PaymentResponse = Schemas["PaymentResponse"];
export type CreateSaleParams = JsonBody<operations["postPaymentSale"]>;
export type CreatePayoutParams = JsonBody<operations["postPaymentPayout"]>;
/** Query strings are text on the wire; the SDK takes numbers where a number is meant. */
type WithNumericLimit<Q> = Omit<Q, "limit"> & { limit?: number };
export type ListTransactionsParams = WithNumericLimit<QueryOf<operations["getTransactions"]>>;
export type ListEventsParams = WithNumericLimit<QueryOf<operations["getEvents"]>>;
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEndpointWithSecret = Schemas["WebhookEndpointWithSecret"];
export type WebhookEvent = Json200<operations["getEventsById"]>;

/** Each event kind's body as the OpenAPI document's `webhooks` section declares it. */
type EventBodies = {
  [K in keyof webhookOps]: JsonBody<webhookOps[K]["post"]>;
}[keyof webhookOps];

export type TransactionAction = Schemas["TransactionEventBody"]["data"]["action"];

/**
 * One kind's body with `data` narrowed to one action. A refund or a chargeback
 * sends the same kinds as its sale (a refund that went through is
 * `transaction.succeeded`) with the sale's `orderId`; `parentId` names the sale.
 */
type ForAction<E, A extends TransactionAction> = E extends { data: infer D }
  ? Omit<E, "data"> & { data: Omit<D, "action" | "parentId"> & { action: A } & (A extends "REFUND" | "CHARGEBACK" ? { parentId: string } : { parentId?: undefined }) }
  : never;
type Narrowed<E> = E extends { data: { action: unknown } } ? { [A in TransactionAction]: ForAction<E, A> }[TransactionAction] : E;

/**
 * Every event Sluice sends, discriminated by `event` and then by
 * `data.action`: switch on both before acting, or a refund's
 * `transaction.succeeded` fulfils its order a second time.
 */
export type SluiceEvent = Narrowed<EventBodies>;

const enc = encodeURIComponent;

export class Sluice {
  /** Verifying webhooks needs no client: `Sluice.webhooks.constructEvent(rawBody, headers, secret)`. */
  static readonly webhooks = { constructEvent: (rawBody: string | Buffer, headers: Headers | Record<string, string | string[] | undefined>, secret: string, options?: ConstructEventOptions) => constructEvent<SluiceEvent>(rawBody, headers, secret, options) };

  readonly payments;
  readonly transactions;
  readonly balance;
  readonly paymentMethods;
  readonly customers;
  readonly events;
  readonly webhookEndpoints;
  readonly sandbox;
  readonly merchants;
  private readonly http: HttpClient;

  constructor(apiKey: string | undefined = process.env.SLUICE_API_KEY, options: ClientOptions = {}) {
    const http = (this.http = new HttpClient(apiKey ?? "", options));
    const list = <T>(path: string, query: Record<string, string | number | boolean | undefined> = {}) =>
      new ListRequest<T>((startingAfter) => http.request<Page<T>>("GET", path, { query: { ...query, ...(startingAfter ? { startingAfter } : {}) } }));

    this.payments = {
      sale: (params: CreateSaleParams, options?: RequestOptions) => http.request<Json201<operations["postPaymentSale"]>>("POST", "/payment/sale", { body: params, options }),
      authorize: (params: CreateSaleParams, options?: RequestOptions) => http.request<Json201<operations["postPaymentAuthorize"]>>("POST", "/payment/authorize", { body: params, options }),
      payout: (params: CreatePayoutParams, options?: RequestOptions) => http.request<Json201<operations["postPaymentPayout"]>>("POST", "/payment/payout", { body: params, options }),
    };
    this.transactions = {
      retrieve: (id: string) => http.request<Transaction>("GET", `/transactions/${enc(id)}`),
      list: (params: ListTransactionsParams = {}) => list<Transaction>("/transactions", params as Record<string, string | number | undefined>),
      refund: (id: string, params: JsonBody<operations["postTransactionsByIdRefunds"]> = {}, options?: RequestOptions) =>
        http.request<PaymentResponse>("POST", `/transactions/${enc(id)}/refunds`, { body: params, options }),
      cancel: (id: string, options?: RequestOptions) => http.request<PaymentResponse>("POST", `/transactions/${enc(id)}/cancel`, { options }),
      capture: (id: string, params: JsonBody<operations["postTransactionsByIdCapture"]> = {}, options?: RequestOptions) =>
        http.request<PaymentResponse>("POST", `/transactions/${enc(id)}/capture`, { body: params, options }),
      listEvents: (id: string) => http.request<Json200<operations["getTransactionsByIdEvents"]>>("GET", `/transactions/${enc(id)}/events`),
    };
    this.balance = { retrieve: () => http.request<Json200<operations["getBalance"]>>("GET", "/balance") };
    this.paymentMethods = { list: () => http.request<Json200<operations["getPaymentMethods"]>>("GET", "/payment-methods") };
    this.customers = {
      retrieve: (buyerId: string) => http.request<Json200<operations["getCustomersByBuyerId"]>>("GET", `/customers/${enc(buyerId)}`),
      startVerification: (buyerId: string, params: JsonBody<operations["postCustomersByBuyerIdVerification"]>, options?: RequestOptions) =>
        http.request<Json201<operations["postCustomersByBuyerIdVerification"]>>("POST", `/customers/${enc(buyerId)}/verification`, { body: params, options }),
    };
    this.events = {
      retrieve: (id: string) => http.request<Json200<operations["getEventsById"]>>("GET", `/events/${enc(id)}`),
      list: (params: ListEventsParams = {}) => list<WebhookEvent>("/events", params as Record<string, string | number | undefined>),
      resend: (id: string, options?: RequestOptions) => http.request<WebhookEvent>("POST", `/events/${enc(id)}/resend`, { options }),
      recover: (params: JsonBody<operations["postEventsRecover"]>, options?: RequestOptions) => http.request<Json200<operations["postEventsRecover"]>>("POST", "/events/recover", { body: params, options }),
    };
    this.webhookEndpoints = {
      create: (params: JsonBody<operations["postWebhookEndpoints"]>, options?: RequestOptions) => http.request<WebhookEndpointWithSecret>("POST", "/webhook-endpoints", { body: params, options }),
      retrieve: (id: string) => http.request<WebhookEndpoint>("GET", `/webhook-endpoints/${enc(id)}`),
      list: () => http.request<{ data: WebhookEndpoint[] }>("GET", "/webhook-endpoints"),
      update: (id: string, params: JsonBody<operations["patchWebhookEndpointsById"]>) => http.request<WebhookEndpoint>("PATCH", `/webhook-endpoints/${enc(id)}`, { body: params }),
      delete: (id: string) => http.request<{ id: string; deleted: true }>("DELETE", `/webhook-endpoints/${enc(id)}`),
      rotateSecret: (id: string, params: JsonBody<operations["postWebhookEndpointsByIdRotateSecret"]> = {}, options?: RequestOptions) =>
        http.request<WebhookEndpointWithSecret>("POST", `/webhook-endpoints/${enc(id)}/rotate-secret`, { body: params, options }),
    };
    this.sandbox = {
      simulate: (id: string, params: JsonBody<operations["postSandboxTransactionsByIdSimulate"]>, options?: RequestOptions) =>
        http.request<PaymentResponse>("POST", `/sandbox/transactions/${enc(id)}/simulate`, { body: params, options }),
      addFunds: (params: JsonBody<operations["postSandboxBalance"]>, options?: RequestOptions) => http.request<Json200<operations["postSandboxBalance"]>>("POST", "/sandbox/balance", { body: params, options }),
    };
    this.merchants = { me: () => http.request<Json200<operations["getMerchantsMe"]>>("GET", "/merchants/me") };
  }

  /** The API base this client talks to. */
  get baseUrl(): string {
    return this.http.baseUrl;
  }
}

export type { paths as SluicePaths };
export default Sluice;
