// What every provider emulator shares (GUIDE.md "Connectors and edges"): a
// real HTTP server on 127.0.0.1 and a free port, its webhook outbox drained
// on close, and the faults a test flips. `refuse`: the port stops accepting
// connections (and open ones are dropped) until clearFaults(). The others hit
// the next `times` calls of `on`: `server_error` answers 500,
// `timeout_before` never answers and does nothing, `timeout_after` does the
// work and never answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FaultKind = "refuse" | "server_error" | "timeout_before" | "timeout_after";

interface Fault<Target extends string> {
  kind: Exclude<FaultKind, "refuse">;
  on: Target | "any";
  times: number;
}

export abstract class EmulatorServer<Target extends string> {
  private readonly server: Server;
  private port = 0;
  private sockets = new Set<Socket>();
  private faults: Fault<Target>[] = [];
  private refusing = false;
  /** Webhook deliveries go out one after another; close() waits for the last. */
  protected outbox: Promise<void> = Promise.resolve();

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.apiBase;
  }

  get apiBase(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server.listening ? this.server.close(() => resolve()) : resolve()));
    await this.outbox;
  }

  async fault(kind: FaultKind, { on = "any", times = Number.POSITIVE_INFINITY }: { on?: Target | "any"; times?: number } = {}): Promise<void> {
    if (kind !== "refuse") {
      this.faults.push({ kind, on, times });
      return;
    }
    this.refusing = true;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
  }

  async clearFaults(): Promise<void> {
    this.faults = [];
    if (this.refusing) {
      this.refusing = false;
      await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
    }
  }

  protected takeFault(target: Target | "any"): Exclude<FaultKind, "refuse"> | null {
    const fault = this.faults.find((f) => f.times > 0 && (f.on === "any" || f.on === target));
    if (!fault) return null;
    fault.times--;
    return fault.kind;
  }
}
