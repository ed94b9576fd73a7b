// The Prisma client singleton. Next.js dev reloads modules, so the client is
// parked on globalThis to avoid a new connection pool per reload.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

export type Db = PrismaClient;
/** A client or an interactive-transaction client: domain writes accept either. */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForPrisma = globalThis as unknown as { sluicePrisma?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: 20 });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = globalForPrisma.sluicePrisma ?? createClient();
globalForPrisma.sluicePrisma = db;

export { Prisma } from "@/lib/generated/prisma/client";
export type * from "@/lib/generated/prisma/client";
