// The token in a verification link (SPEC §7, §20). It is the customer's
// credential for their identity check, so only its SHA-256 is stored. It is
// derived from the verification's id with a key the database does not hold
// (HMAC under APP_ENCRYPTION_KEY) rather than drawn at random: asking again
// for an open verification then gives the same link, without keeping the token.
import { createHmac } from "node:crypto";
import { sha256Hex } from "@/lib/crypto";
import { encryptionKey } from "@/lib/env";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 32 base62 characters (190 bits), the shape of every other link token. */
export function verificationToken(verificationId: string): string {
  let n = BigInt(`0x${createHmac("sha256", encryptionKey).update(`kyc-verification-link:${verificationId}`).digest("hex")}`);
  let token = "";
  for (let i = 0; i < 32; i++) {
    token += BASE62[Number(n % 62n)];
    n /= 62n;
  }
  return token;
}

export const verificationTokenHash = (token: string): string => sha256Hex(token);
