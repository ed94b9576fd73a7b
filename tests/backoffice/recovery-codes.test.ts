// Recovery codes (issue #25 item 21, SPEC §20): ten issued when two-factor
// authentication is turned on, shown once, stored hashed, each usable once at
// sign-in instead of a TOTP code; a new set needs the password and a code,
// ends the person's other sessions and is audited.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { authenticateCredentials } from "@/lib/auth/authenticate-credentials";
import { confirmTotpEnrolment, startTotpEnrolment } from "@/lib/auth/enrol-totp";
import { countRecoveryCodesLeft, normaliseRecoveryCode, spendRecoveryCode } from "@/lib/auth/recovery-codes";
import { regenerateRecoveryCodes } from "@/lib/auth/regenerate-recovery-codes";
import { loadStaffUser } from "@/lib/auth/staff-user";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { nextCode, PASSWORD, rejection, staff } from "./helpers";

async function enrolled() {
  const m = await newMerchant();
  const dev = await staff(m.merchant.id, "DEVELOPER");
  const { secret } = await startTotpEnrolment({ userId: dev.id, password: PASSWORD });
  const confirmed = await confirmTotpEnrolment({ userId: dev.id, code: await generate({ secret }) });
  return { dev, secret, codes: confirmed!.recoveryCodes, sessionVersion: confirmed!.sessionVersion };
}

const signIn = (email: string, recoveryCode: string) => authenticateCredentials({ email, password: PASSWORD, recoveryCode, ip: "198.51.100.7" });

describe("recovery codes issued at enrolment", () => {
  it("are ten distinct 80-bit codes, shown once and stored only as hashes", async () => {
    const { dev, codes } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const rows = await db.recoveryCode.findMany({ where: { userId: dev.id } });
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(normaliseRecoveryCode(code)!);
    }
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash) && r.usedAt === null)).toBe(true);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "auth.totp_enabled", actorId: dev.id } })).toMatchObject({ details: { recoveryCodes: 10 } });
  });

  it("are read however they are typed: case, spaces and hyphens aside, o/i/l as 0/1", () => {
    expect(normaliseRecoveryCode(" 0A1B-2C3D-4E5F-6G7H ")).toBe("0a1b2c3d4e5f6g7h");
    expect(normaliseRecoveryCode("oaIb 2c3d 4e5f 6g7h")).toBe("0a1b2c3d4e5f6g7h");
    for (const bad of ["", "0a1b-2c3d-4e5f", "0a1b-2c3d-4e5f-6g7h-8j9k", "0a1b-2c3d-4e5f-6g7u", "123456"]) expect(normaliseRecoveryCode(bad), bad).toBeNull();
  });
});

describe("signing in with a recovery code", () => {
  it("works once per code instead of the TOTP code; a used or foreign code fails as a wrong code does", async () => {
    const { dev, codes } = await enrolled();
    // Without a second factor the password alone only leads to the code step.
    expect(await authenticateCredentials({ email: dev.email, password: PASSWORD })).toEqual({ ok: false, reason: "totp_required" });
    const typed = codes[3]!.toUpperCase().replace(/-/g, " ");
    expect(await signIn(dev.email, typed)).toMatchObject({ ok: true, user: { id: dev.id } });
    expect(await countRecoveryCodesLeft(dev.id)).toBe(9);
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "auth.recovery_code_used", actorId: dev.id } })).toMatchObject({ ip: "198.51.100.7", details: { recoveryCodesLeft: 9 } });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "auth.signed_in", actorId: dev.id } })).toMatchObject({ details: { totp: true, recoveryCode: true } });

    // The same code again, and another person's code, are refused and count towards the lockout.
    expect(await signIn(dev.email, codes[3]!)).toEqual({ ok: false, reason: "recovery_code_invalid" });
    const other = await enrolled();
    expect(await signIn(dev.email, other.codes[0]!)).toEqual({ ok: false, reason: "recovery_code_invalid" });
    expect((await db.user.findUniqueOrThrow({ where: { id: dev.id } })).failedLoginCount).toBe(2);
    expect(await db.auditLog.count({ where: { action: "auth.sign_in_failed", actorId: dev.id, reason: "wrong_recovery_code" } })).toBe(2);
    // The other person's code is still theirs to use.
    expect(await countRecoveryCodesLeft(other.dev.id)).toBe(10);
    // A wrong password with a good code is still a wrong password, and spends nothing.
    expect(await authenticateCredentials({ email: dev.email, password: "not the password", recoveryCode: codes[4]! })).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await countRecoveryCodesLeft(dev.id)).toBe(9);
  });

  it("two sign-ins racing with the same code: exactly one succeeds", async () => {
    const { dev, codes } = await enrolled();
    const results = await Promise.all([spendRecoveryCode({ userId: dev.id, code: codes[0]! }), spendRecoveryCode({ userId: dev.id, code: codes[0]! })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await countRecoveryCodesLeft(dev.id)).toBe(9);
  });
});

describe("a new set of recovery codes", () => {
  it("needs the password and a current code, replaces the old set, ends the other sessions and is audited", async () => {
    const { dev, secret, codes, sessionVersion } = await enrolled();
    expect((await rejection(regenerateRecoveryCodes({ userId: dev.id, password: "not the password", code: await nextCode(secret) }))).param).toBe("password");
    expect((await rejection(regenerateRecoveryCodes({ userId: dev.id, password: PASSWORD, code: "" }))).param).toBe("code");
    expect(await countRecoveryCodesLeft(dev.id)).toBe(10);

    const fresh = await regenerateRecoveryCodes({ userId: dev.id, password: PASSWORD, code: await nextCode(secret), ip: "198.51.100.8" });
    expect(fresh.codes).toHaveLength(10);
    expect(fresh.codes.some((c) => codes.includes(c))).toBe(false);
    expect(fresh.sessionVersion).toBeGreaterThan(sessionVersion);
    // SPEC §20: a change of second factor ends every other session of the person.
    expect(await loadStaffUser(dev.id, sessionVersion)).toBeNull();
    expect(await loadStaffUser(dev.id, fresh.sessionVersion)).toMatchObject({ id: dev.id });
    expect(await signIn(dev.email, codes[0]!)).toEqual({ ok: false, reason: "recovery_code_invalid" });
    expect(await signIn(dev.email, fresh.codes[0]!)).toMatchObject({ ok: true });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "auth.recovery_codes_regenerated", actorId: dev.id } })).toMatchObject({ ip: "198.51.100.8", details: { codes: 10 } });
  });

  it("is refused to someone without two-factor authentication", async () => {
    const m = await newMerchant();
    const dev = await staff(m.merchant.id, "DEVELOPER");
    expect((await rejection(regenerateRecoveryCodes({ userId: dev.id, password: PASSWORD, code: "123456" }))).message).toMatch(/Turn on two-factor authentication first/);
    expect(await db.recoveryCode.count({ where: { userId: dev.id } })).toBe(0);
  });
});
