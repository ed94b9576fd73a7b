// What every provider emulator shares (GUIDE.md "Connectors and edges"): a
// real HTTP server on 127.0.0.1 and a free port (https with a certificate of
// its own for a provider whose library speaks nothing else), the request's
// body read whole, its webhook outbox drained on close, and the faults a test
// flips. `refuse`: the port stops accepting connections (and open ones are
// dropped) until clearFaults(). The others hit the next `times` calls of
// `on`: `server_error` answers 500, `timeout_before` never answers and does
// nothing, `timeout_after` does the work and never answers.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo, Server, Socket } from "node:net";

export type FaultKind = "refuse" | "server_error" | "timeout_before" | "timeout_after";

interface Fault<Target extends string> {
  kind: Exclude<FaultKind, "refuse">;
  on: Target | "any";
  times: number;
}

/** The key and certificate an https emulator serves with. */
export type TlsCredentials = () => Promise<{ key: string; cert: string }>;

export abstract class EmulatorServer<Target extends string> {
  private server: Server | null = null;
  private port = 0;
  private sockets = new Set<Socket>();
  private faults: Fault<Target>[] = [];
  private refusing = false;
  /** Webhook deliveries go out one after another; close() waits for the last. */
  private outbox: Promise<void> = Promise.resolve();

  /** `tls`: serve https with these credentials (made when the emulator starts), not http. */
  constructor(private readonly tls?: TlsCredentials) {}

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  async listen(): Promise<string> {
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res);
    const server = this.tls ? createTlsServer(await this.tls(), handler) : createServer(handler);
    this.server = server;
    server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    return this.apiBase;
  }

  get apiBase(): string {
    return `${this.tls ? "https" : "http"}://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server?.listening ? this.server.close(() => resolve()) : resolve()));
    await this.outbox;
  }

  async fault(kind: FaultKind, { on = "any", times = Number.POSITIVE_INFINITY }: { on?: Target | "any"; times?: number } = {}): Promise<void> {
    if (kind !== "refuse") {
      this.faults.push({ kind, on, times });
      return;
    }
    this.refusing = true;
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
  }

  async clearFaults(): Promise<void> {
    this.faults = [];
    if (this.refusing) {
      this.refusing = false;
      await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
    }
  }

  protected takeFault(target: Target | "any"): Exclude<FaultKind, "refuse"> | null {
    const fault = this.faults.find((f) => f.times > 0 && (f.on === "any" || f.on === target));
    if (!fault) return null;
    fault.times--;
    return fault.kind;
  }

  /** Sends a webhook once those asked for before it have gone; the status it was answered with (null: not sent, or no answer). */
  protected deliverInTurn(send: () => Promise<number | null>): Promise<number | null> {
    const result = this.outbox.then(send);
    this.outbox = result.then(() => undefined);
    return result;
  }
}

/** A request's whole body, as text. */
export async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** POSTs a webhook as a provider does (giving up after 10 s): the status it was answered with, null when no answer came. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string): Promise<number | null> {
  try {
    const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}
