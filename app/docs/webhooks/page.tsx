// Public docs page "Verify webhooks" (SPEC §9): what Sluice sends, how to
// check both signatures in Node, Python and PHP, and how to handle retries,
// duplicates and ordering. The numbers come from the modules that implement
// them where that costs no import of server-only code (the schedule, the
// header name, the timeout).
import type { Metadata } from "next";
import { env } from "@/lib/env";
import { RETRY_OFFSETS_MS } from "@/lib/webhooks/retry-schedule";
import * as snippet from "./snippets";
import { TRANSACTION_EVENT_KIND_LIST } from "@/lib/webhooks/event-body";

export const metadata: Metadata = { title: "Verify webhooks", description: "Check Sluice webhook signatures (sha256 header and Standard Webhooks) in Node, Python and PHP." };

function duration(ms: number): string {
  if (ms === 0) return "immediately";
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  return `${ms / 60_000} min`;
}

function H2({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="mt-14 scroll-mt-6 text-2xl font-semibold tracking-tight">
      {children}
    </h2>
  );
}

function H3({ children }: { children: React.ReactNode }) {
  return <h3 className="mt-8 text-lg font-semibold">{children}</h3>;
}

function P({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 leading-7 text-slate-700 dark:text-slate-300">{children}</p>;
}

function C({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-slate-800">{children}</code>;
}

function Code({ label, code }: { label: string; code: string }) {
  return (
    <figure className="mt-4">
      <figcaption className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</figcaption>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-4 text-[13px] leading-6 text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

const HEADERS: [string, string][] = [
  ["Content-Type", "application/json"],
  [env.WEBHOOK_SIGNATURE_HEADER, "sha256=<hex HMAC-SHA256 of the raw body, keyed with your signing key>"],
  ["X-Sluice-Event", "The event kind, e.g. transaction.succeeded"],
  ["X-Sluice-Event-Id", "The event id (evt_…), the same for every attempt"],
  ["X-Sluice-Attempt", "1 for the first attempt, then 2, 3, …"],
  ["User-Agent", "Sluice-Webhooks/1"],
  ["webhook-id", "The event id (Standard Webhooks)"],
  ["webhook-timestamp", "Seconds since the epoch at this attempt (Standard Webhooks)"],
  ["webhook-signature", 'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}"> (Standard Webhooks)'],
];


export default function VerifyWebhooksPage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-4xl font-bold tracking-tight">Verify webhooks</h1>
      <P>
        Every status change of a transaction is sent as an HTTP <C>POST</C> with a JSON body to the transaction&apos;s <C>callbackUrl</C>. Each request is signed
        with your <strong>webhook signing key</strong> (<C>whsec_…</C>, one per environment, on the back office <em>Developers</em> page). Check the signature
        before you trust a webhook: anyone can send a POST to your URL.
      </P>
      <nav aria-label="On this page" className="mt-6 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800">
        <ul className="grid gap-1 sm:grid-cols-2">
          {[
            ["what-we-send", "What Sluice sends"],
            ["signing-key", "Which bytes are the key"],
            ["sha256", "Check X-Sluice-Signature"],
            ["standard-webhooks", "Check the Standard Webhooks headers"],
            ["act", "Act on an event: switch on data.action"],
            ["node-helper", "The Node helper"],
            ["retries", "Answers and retries"],
            ["duplicates-ordering", "Duplicates and ordering"],
            ["rotation", "Rotating the key"],
            ["endpoints", "Webhook endpoints"],
            ["recover", "Recover after an outage"],
            ["listen", "Receive events on a laptop"],
          ].map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="text-slate-700 hover:underline dark:text-slate-300">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <H2 id="what-we-send">What Sluice sends</H2>
      <Code label="Body" code={snippet.EXAMPLE_PAYLOAD} />
      <P>
        Event kinds: {TRANSACTION_EVENT_KIND_LIST.map((k, i) => (
          <span key={k}>
            {i > 0 && ", "}
            <C>{k}</C>
          </span>
        ))}
        . Refunds and chargebacks are transactions too (<C>data.action</C> is <C>REFUND</C> or <C>CHARGEBACK</C>, <C>data.parentId</C> names the sale), and{" "}
        <C>data.declineCode</C> appears on declines. An authorization (<C>data.action</C> <C>AUTHORIZE</C>) sends <C>transaction.authorized</C> when the
        card&apos;s hold is placed (it stays <C>PROCESSING</C>; <C>data.authorizedAt</C>, <C>data.captureBefore</C> and <C>data.capturedAmount</C> say where it
        stands) and <C>transaction.succeeded</C> when it is captured. A test webhook from the back office has the kind <C>test.webhook</C> and no transaction.
        <C>sequence</C> numbers a transaction&apos;s events 1, 2, 3 … (see <a href="#duplicates-ordering">Duplicates and ordering</a>).
      </P>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left font-medium text-slate-700 dark:text-slate-300">Headers of every attempt</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Header
              </th>
              <th scope="col" className="py-2 font-semibold">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {HEADERS.map(([name, value]) => (
              <tr key={name} className="border-b border-slate-200 align-top dark:border-slate-800">
                <td className="py-2 pr-4 font-mono text-[13px]">{name}</td>
                <td className="py-2 text-slate-700 dark:text-slate-300">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <P>
        Always verify the <strong>raw body</strong> — the bytes exactly as received — before parsing it. Parsing and re-serialising JSON changes the bytes
        (spacing, key order, number formats) and the signature no longer matches.
      </P>

      <H2 id="signing-key">Which bytes are the key</H2>
      <P>
        Your signing key is <C>whsec_</C> followed by 32 letters and digits. The two schemes use it differently — in both cases you paste the key exactly as
        shown:
      </P>
      <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-700 dark:text-slate-300">
        <li>
          <strong>
            <C>{env.WEBHOOK_SIGNATURE_HEADER}</C>
          </strong>
          : the HMAC key is the whole key text, <C>whsec_</C> prefix included, as UTF-8 bytes (<C>createHmac(&quot;sha256&quot;, key)</C>,{" "}
          <C>hash_hmac(&apos;sha256&apos;, $raw, $key)</C>).
        </li>
        <li>
          <strong>Standard Webhooks</strong>: as the standard defines for <C>whsec_</C> keys, the HMAC key is the base64 decoding of the part after{" "}
          <C>whsec_</C> (24 bytes). Every Standard Webhooks library does this for you when given the key as shown.
        </li>
      </ul>

      <H2 id="sha256">Check X-Sluice-Signature</H2>
      <P>
        The header carries <C>sha256=</C> and the hex HMAC-SHA256 of the raw body. Recompute it, compare in constant time, and answer 400 when it differs.
      </P>
      <Code label="Node.js (Express)" code={snippet.NODE_SHA256} />
      <Code label="Python" code={snippet.PYTHON_SHA256} />
      <Code label="Python (Flask route)" code={snippet.PYTHON_FLASK} />
      <Code label="PHP" code={snippet.PHP_SHA256} />

      <H2 id="standard-webhooks">Check the Standard Webhooks headers</H2>
      <P>
        The body-only signature above never expires: whoever captures one request can replay it. The{" "}
        <a className="underline" href="https://www.standardwebhooks.com/">
          Standard Webhooks
        </a>{" "}
        headers sign the event id and the time of the attempt as well, so a receiver can refuse anything older than 5 minutes. Use a Standard Webhooks
        library, or the few lines below.
      </P>
      <Code label="Node.js (standardwebhooks library)" code={snippet.NODE_STANDARD} />
      <Code label="Python" code={snippet.PYTHON_STANDARD} />
      <Code label="PHP" code={snippet.PHP_STANDARD} />
      <P>
        Python and PHP libraries exist too (<C>pip install standardwebhooks</C>, <C>composer require standard-webhooks/standard-webhooks</C>); give them the key
        as shown.
      </P>

      <H2 id="act">Act on an event: switch on data.action</H2>
      <P>
        Refunds, chargebacks and payouts are transactions too and send the same kinds as a sale. A refund that went through is{" "}
        <C>transaction.succeeded</C> with the <em>sale&apos;s</em> <C>orderId</C>; only <C>data.action</C> (<C>REFUND</C>) and <C>data.parentId</C> (the
        sale) tell it apart. A handler that fulfils an order on <C>transaction.succeeded</C> alone fulfils it again on a refund. Switch on both (a
        registered endpoint can also take only some actions, see <a href="#endpoints">Webhook endpoints</a>):
      </P>
      <Code label="Node.js" code={snippet.NODE_HANDLE} />
      <Code label="Python" code={snippet.PYTHON_HANDLE} />
      <Code label="PHP" code={snippet.PHP_HANDLE} />

      <H2 id="node-helper">The Node helper</H2>
      <P>
        Sluice&apos;s repository ships both checks as one dependency-free file, <C>lib/webhooks/verify-webhook.ts</C> (only <C>node:crypto</C>, constant-time
        comparisons). Copy it into your project:
      </P>
      <Code label="TypeScript" code={snippet.NODE_HELPER} />

      <H2 id="retries">Answers and retries</H2>
      <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-700 dark:text-slate-300">
        <li>
          Answer any <strong>2xx within {env.WEBHOOK_TIMEOUT_MS / 1000} seconds</strong>. Do slow work after answering (queue it).
        </li>
        <li>Anything else is a failure: another status, a timeout, a refused connection — and a redirect (3xx), which is never followed.</li>
        <li>
          <strong>410 Gone</strong> stops all further attempts for that event.
        </li>
        <li>We keep the first 1 KiB of your answer in the delivery log; the rest is discarded unread.</li>
      </ul>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-2 text-left font-medium text-slate-700 dark:text-slate-300">Attempts, counted from the first</caption>
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Environment
              </th>
              <th scope="col" className="py-2 font-semibold">
                Attempt times after the event
              </th>
            </tr>
          </thead>
          <tbody>
            {(["sandbox", "production"] as const).map((environment) => (
              <tr key={environment} className="border-b border-slate-200 align-top dark:border-slate-800">
                <td className="py-2 pr-4 capitalize">
                  {environment} ({RETRY_OFFSETS_MS[environment].length} attempts)
                </td>
                <td className="py-2 text-slate-700 dark:text-slate-300">{RETRY_OFFSETS_MS[environment].map(duration).join(", ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <P>
        After the last failed attempt the event is marked <C>failed</C>. Every attempt — time, status code, duration, the start of your answer, the error — is
        listed by <C>GET /v1/events/&#123;id&#125;</C> and on the transaction page of the back office, and{" "}
        <C>POST /v1/events/&#123;id&#125;/resend</C> (or the back office&apos;s <em>Resend</em>) sends an event once more at any time.
      </P>

      <H2 id="duplicates-ordering">Duplicates and ordering</H2>
      <H3>Duplicates</H3>
      <P>
        Delivery is <strong>at least once</strong>: after a network error or a restart on our side you may receive the same event twice. Every attempt of an
        event carries the same <C>id</C> (also in <C>X-Sluice-Event-Id</C> and <C>webhook-id</C>); store the ids you have processed and ignore repeats.
      </P>
      <H3>Ordering</H3>
      <P>
        The events of one transaction are sent in the order they happened: a later event is held back while an earlier one of the same transaction is still
        being retried. Once the earlier event is delivered — or has failed for good (its attempts used up, or you answered 410) — the later ones go out, so a
        failure never blocks a transaction forever. Events of different transactions are independent.
      </P>
      <P>
        Because a failed event can be resent later, it may arrive after newer ones. Every event carries a <C>sequence</C>, 1, 2, 3 … per transaction in
        the order its events were created: store the last <C>sequence</C> you applied for each transaction and ignore an event whose <C>sequence</C> is
        not above it. When in doubt, read the current state with <C>GET /v1/transactions/&#123;id&#125;</C>.
      </P>

      <H2 id="rotation">Rotating the key</H2>
      <P>
        When you rotate the signing key in the back office, the old key keeps working for 24 hours: during that time{" "}
        <C>webhook-signature</C> carries two <C>v1,…</C> signatures, one per key, and a receiver holding either key verifies. The single-valued{" "}
        <C>{env.WEBHOOK_SIGNATURE_HEADER}</C> is signed with the new key at once, so update receivers that check it right after rotating — or check the Standard
        Webhooks header during the switch.
      </P>

      <H2 id="endpoints">Webhook endpoints</H2>
      <P>
        Besides each transaction&apos;s <C>callbackUrl</C> (which works exactly as above), you can register up to 16 endpoints per environment with{" "}
        <C>POST /v1/webhook-endpoints</C> <C>{"{url, events?, actions?, description?}"}</C> or on the back office&apos;s <em>Developers</em> page. Each receives every
        event of the kinds it lists (all kinds when <C>events</C> is empty) whose transaction has one of the actions it lists (<C>SALE</C>, <C>PAYOUT</C>,{" "}
        <C>AUTHORIZE</C>, <C>REFUND</C>, <C>CHARGEBACK</C>; all when <C>actions</C> is empty — an order service can take <C>SALE</C> only), as its own delivery: its own attempts, retry schedule, order per transaction
        and record, so an endpoint that is down delays nobody else. Each endpoint has its own secret (<C>whsec_…</C>, shown once when it is created
        and when it is rotated): deliveries to it are signed with that secret instead of your signing key, in both schemes, and the bytes, event id and{" "}
        <C>sequence</C> are those of the event. <C>POST /v1/webhook-endpoints/&#123;id&#125;/rotate-secret</C> keeps the old secret signing beside the
        new one for <C>expireCurrentInHours</C> (default 24). <C>GET</C>, <C>PATCH</C> (<C>url</C>, <C>events</C>, <C>actions</C>, <C>description</C>,{" "}
        <C>enabled</C>) and <C>DELETE</C> work on <C>/v1/webhook-endpoints/&#123;id&#125;</C>. An endpoint whose deliveries failed for good for 50 events in
        a row over at least 24 hours is disabled, with the reason shown; enabling it again does not resend what it missed — recover it.
      </P>

      <H2 id="recover">Recover after an outage</H2>
      <P>
        When your receiver was down long enough for events to fail for good, send them all again with one call rather than one resend each:{" "}
        <C>POST /v1/events/recover</C> with <C>since</C> (within the last 30 days), optionally <C>until</C>, <C>status</C> (<C>failed</C>, the
        default, or <C>all</C> to include delivered events), <C>destination</C> (<C>callback</C> or an endpoint&apos;s <C>we_…</C> id; all when absent) and{" "}
        <C>dryRun: true</C> to only count. The answer is <C>{"{matched, queued}"}</C>; each
        matched delivery gets a new series of attempts on the usual schedule, oldest first and in each transaction&apos;s order (at most 10,000 per call —
        call again for the rest). The back office&apos;s <em>Developers</em> page does the same, counting first. The bodies are the ones first sent, so
        keep dropping duplicates by event <C>id</C> and older events by <C>sequence</C>.
      </P>
      <Code label="Count, then recover" code={snippet.RECOVER} />

      <H2 id="listen">Receive events on a laptop</H2>
      <P>
        A webhook cannot reach a receiver behind your router. <C>GET /v1/events/stream</C> is a Server-Sent Events stream of your merchant&apos;s events
        for the key&apos;s environment (any key, read-only ones included). It opens with an <C>event: ready</C> message carrying a{" "}
        <strong>listener secret</strong> (<C>whsec_…</C>): the same for an API key every time, so configure your local receiver with it once. Then each
        new event arrives as <C>id: evt_…</C> and <C>data: {"{id, event, body, headers}"}</C>, where <C>body</C> is exactly what a webhook sends and{" "}
        <C>headers</C> are its signature headers signed with the listener secret: forward both to your receiver and it verifies them with its usual
        code. Reconnect with <C>Last-Event-ID</C> to continue after the last event you got (up to 24 hours back). A comment line every 15 seconds keeps
        the connection open. Streaming does not replace or count as a delivery.
      </P>
      <Code label="Watch the stream" code={snippet.STREAM} />
    </main>
  );
}
