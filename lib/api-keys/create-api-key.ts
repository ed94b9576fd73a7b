import { sha256Hex } from "@/lib/crypto";
import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import type { Environment, KeyScope } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { generateApiKey } from "./format";

export interface CreateApiKeyOptions {
  merchantId: string;
  environment: Environment;
  scope?: KeyScope;
  name?: string;
  createdById?: string;
  tx?: Tx;
}

export interface CreatedApiKey {
  id: string;
  /** The clear key: returned once, never stored (only its SHA-256 is). */
  key: string;
  environment: Environment;
  scope: KeyScope;
  prefix: string;
  last4: string;
}

export async function createApiKey({ merchantId, environment, scope = "full", name = "", createdById, tx = db }: CreateApiKeyOptions): Promise<CreatedApiKey> {
  const key = generateApiKey(environment);
  const row = await tx.apiKey.create({
    data: {
      id: newId("apiKey"),
      merchantId,
      environment,
      scope,
      name,
      createdById,
      keyHash: sha256Hex(key),
      prefix: key.slice(0, 8),
      last4: key.slice(-4),
    },
  });
  return { id: row.id, key, environment, scope, prefix: row.prefix, last4: row.last4 };
}
