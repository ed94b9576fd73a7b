// Recovery codes: what signs a person in when their authenticator is lost,
// instead of waiting for an owner or operator to reset it (SPEC §20).
//
// Ten codes are issued when two-factor authentication is turned on, and a new
// set (the old one gone) whenever the person asks, with their password and
// code. Each is shown once and works once. A code is 16 characters of
// Crockford's base32 (80 random bits), so a SHA-256 of it — bound to the user
// id, so equal hashes never link two people — is enough at rest, as for API
// keys; a slow password hash would only slow every sign-in that uses one.
// Typing is forgiving: case, spaces and hyphens do not matter, and the
// letters people confuse with digits (o, i, l) read as those digits.
import { randomInt } from "node:crypto";
import { sha256Hex } from "@/lib/crypto";
import { db, type Tx } from "@/lib/db";
import { newId } from "@/lib/ids";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford: no i, l, o, u
const LENGTH = 16;

function newCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}

/** What a person typed, as the code it stands for; null when it cannot be one. */
export function normaliseRecoveryCode(typed: string | null | undefined): string | null {
  const code = (typed ?? "")
    .toLowerCase()
    .replace(/[\s-]/g, "")
    .replace(/o/g, "0")
    .replace(/[il]/g, "1");
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

const hashOf = (userId: string, code: string) => sha256Hex(`recovery-code:${userId}:${code}`);

/** Replaces the person's codes with a new set and returns them in clear, the only time they exist as such. */
export async function issueRecoveryCodes(userId: string, tx: Tx): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ id: newId("recoveryCode"), userId, codeHash: hashOf(userId, normaliseRecoveryCode(code)!) })) });
  return codes;
}

/**
 * Spends one of the person's unused codes: true exactly once per code. The
 * conditional update makes two sign-ins racing with the same code end with
 * one success.
 */
export async function spendRecoveryCode({ userId, code }: { userId: string; code: string | null | undefined }): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (!normalised) return false;
  const { count } = await db.recoveryCode.updateMany({ where: { userId, codeHash: hashOf(userId, normalised), usedAt: null }, data: { usedAt: new Date() } });
  return count === 1;
}

export async function countRecoveryCodesLeft(userId: string, client: Tx | typeof db = db): Promise<number> {
  return client.recoveryCode.count({ where: { userId, usedAt: null } });
}
