// Secrets at rest and key hashing.
//
// Secrets the app must use in clear (webhook signing keys, TOTP secrets) are
// sealed with AES-256-GCM. Each sealed value names the key that sealed it and
// is bound to where it lives: the associated data is `<purpose>:<row id>`, so
// a ciphertext copied into another row (another merchant's signing key, another
// person's TOTP secret) does not decrypt. Keys rotate without downtime: the
// new key goes into APP_ENCRYPTION_KEY, the old ones into
// APP_ENCRYPTION_KEYS_OLD, and `npm run cli -- secrets:re-encrypt` moves
// every sealed value to the new key (README "Security").
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { encryptionKey, oldEncryptionKeys } from "@/lib/env";

/** Where a sealed secret lives: what it is and the id of its row. */
export interface SealedAt {
  purpose: "webhook-signing-key" | "webhook-endpoint-secret" | "totp-secret" | "connector-credentials";
  id: string;
}

/** A fingerprint of a key, stored with what it sealed; reveals nothing usable about the key. */
export function keyId(key: Buffer): string {
  return createHash("sha256").update("sluice-key-id:").update(key).digest("hex").slice(0, 12);
}

// Built on first use, not at import: `next build` loads this module without production secrets.
let ring: { current: string; keys: Map<string, Buffer> } | undefined;
function keyring() {
  ring ??= { current: keyId(encryptionKey), keys: new Map([encryptionKey, ...oldEncryptionKeys].map((k) => [keyId(k), k])) };
  return ring;
}

/** A secret that cannot be opened: unknown key, moved ciphertext, or tampering. Never a bug to retry blindly. */
export class SecretUnavailableError extends Error {
  name = "SecretUnavailableError";
}

const aad = (at: SealedAt) => Buffer.from(`${at.purpose}:${at.id}`, "utf8");

/** AES-256-GCM under the current key; `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function encryptSecret(plain: string, at: SealedAt): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
  cipher.setAAD(aad(at));
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v2", keyring().current, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ct.toString("base64url")].join(".");
}

export function decryptSecret(sealed: string, at: SealedAt): string {
  const parts = sealed.split(".");
  // v1, the format before key ids and associated data: `v1.<iv>.<tag>.<ciphertext>`, nothing
  // bound, key unnamed, so every configured key is tried. secrets:re-encrypt upgrades them.
  if (parts[0] === "v1" && parts.length === 4) {
    for (const key of keyring().keys.values()) {
      const plain = open(key, parts[1]!, parts[2]!, parts[3]!, null);
      if (plain !== null) return plain;
    }
    throw new SecretUnavailableError(`Cannot decrypt the ${at.purpose} of ${at.id} with any configured key`);
  }
  const [version, kid, iv, tag, ct] = parts;
  if (version !== "v2" || parts.length !== 5 || !kid || !iv || !tag || ct === undefined) throw new SecretUnavailableError("Unrecognised secret format");
  const key = keyring().keys.get(kid);
  if (!key) throw new SecretUnavailableError(`The ${at.purpose} of ${at.id} is sealed with key ${kid}, which is neither APP_ENCRYPTION_KEY nor in APP_ENCRYPTION_KEYS_OLD`);
  const plain = open(key, iv, tag, ct, aad(at));
  if (plain === null) throw new SecretUnavailableError(`Cannot decrypt the ${at.purpose} of ${at.id}: the value was moved from another row or altered`);
  return plain;
}

function open(key: Buffer, iv: string, tag: string, ct: string, associated: Buffer | null): string | null {
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    if (associated) decipher.setAAD(associated);
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** Whether a sealed value should be re-encrypted: an older format or a key other than the current one. */
export function needsReEncryption(sealed: string): boolean {
  const [version, kid] = sealed.split(".");
  return version !== "v2" || kid !== keyring().current;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Constant-time comparison of two strings (different lengths compare unequal). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
