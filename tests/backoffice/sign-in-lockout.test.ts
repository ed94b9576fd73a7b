// SPEC §13 sign-in: argon2id password, TOTP for enrolled users, 10 failures
// → 30-minute lock counted atomically, 20 failures from one address → that
// address throttled; one answer for every failure; every outcome audited.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { authenticateCredentials } from "@/lib/auth/authenticate-credentials";
import { MAX_FAILED_LOGINS } from "@/lib/auth/lockout";
import { env } from "@/lib/env";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { enrolTotp, nextCode } from "./helpers";

async function auditActions(email: string) {
  const rows = await db.auditLog.findMany({ where: { actorEmail: email }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { action: true, reason: true, merchantId: true } });
  return rows;
}

const SIGN_IN_FAILURES = env.SIGN_IN_FAILURES_PER_IP;

describe("authenticateCredentials", () => {
  it("signs the owner in with the right password, resets the failure count and audits it on the merchant", async () => {
    const m = await newMerchant();
    expect(await authenticateCredentials({ email: m.owner.email, password: "wrong password!!" })).toEqual({ ok: false, reason: "invalid_credentials" });
    const ok = await authenticateCredentials({ email: m.owner.email.toUpperCase(), password: m.owner.password });
    expect(ok).toMatchObject({ ok: true, user: { email: m.owner.email } });
    const user = await db.user.findUniqueOrThrow({ where: { email: m.owner.email } });
    expect(user.failedLoginCount).toBe(0);
    expect(user.lastLoginAt).not.toBeNull();
    const audit = await auditActions(m.owner.email);
    expect(audit.map((a) => a.action)).toEqual(["auth.sign_in_failed", "auth.signed_in"]);
    expect(audit.every((a) => a.merchantId === m.merchant.id)).toBe(true);
  });

  it("locks the account at the 10th failure and refuses the 11th attempt even with the right password", async () => {
    const m = await newMerchant();
    const results = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) results.push(await authenticateCredentials({ email: m.owner.email, password: `wrong-${i}-password` }));
    expect(results.slice(0, 9).every((r) => !r.ok && r.reason === "invalid_credentials")).toBe(true);
    // The lock answers like a wrong password: the form never tells which accounts are locked.
    expect(results[9]).toEqual({ ok: false, reason: "invalid_credentials" });

    expect(await authenticateCredentials({ email: m.owner.email, password: m.owner.password })).toEqual({ ok: false, reason: "invalid_credentials" });
    const user = await db.user.findUniqueOrThrow({ where: { email: m.owner.email } });
    const lockMinutes = (user.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(lockMinutes).toBeGreaterThan(29);
    expect(lockMinutes).toBeLessThanOrEqual(30);

    const audit = await auditActions(m.owner.email);
    expect(audit.filter((a) => a.action === "auth.locked")).toHaveLength(1);
    expect(audit.at(-1)).toMatchObject({ action: "auth.sign_in_failed", reason: "account_locked" });
  });

  it("counts parallel guesses atomically: one lock, however many arrive at once", async () => {
    const m = await newMerchant();
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => authenticateCredentials({ email: m.owner.email, password: `parallel-wrong-${i}` })));
    expect(results.every((r) => !r.ok)).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { email: m.owner.email } });
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await auditActions(m.owner.email)).filter((a) => a.action === "auth.locked")).toHaveLength(1);
    expect(await authenticateCredentials({ email: m.owner.email, password: m.owner.password })).toEqual({ ok: false, reason: "invalid_credentials" });
  });

  it("after the lock expires, one more failure does not lock again and the right password works", async () => {
    const m = await newMerchant();
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await authenticateCredentials({ email: m.owner.email, password: `wrong-${i}-password` });
    // 30 minutes pass.
    await db.user.update({ where: { email: m.owner.email }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await authenticateCredentials({ email: m.owner.email, password: "still wrong pw" })).toEqual({ ok: false, reason: "invalid_credentials" });
    const user = await db.user.findUniqueOrThrow({ where: { email: m.owner.email } });
    expect(user.failedLoginCount).toBe(1);
    expect(user.lockedUntil).toBeNull();
    expect(await authenticateCredentials({ email: m.owner.email, password: m.owner.password })).toMatchObject({ ok: true });
  });

  it("answers an unknown e-mail like a wrong password and audits it platform-wide", async () => {
    const email = `nobody-${Date.now()}@example.test`;
    expect(await authenticateCredentials({ email, password: "whatever password" })).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await auditActions(email)).toEqual([{ action: "auth.sign_in_failed", reason: "unknown_email", merchantId: null }]);
  });

  it("asks an enrolled user for the TOTP code, refuses a wrong or replayed one, accepts the current one", async () => {
    const m = await newMerchant();
    const user = await db.user.findUniqueOrThrow({ where: { email: m.owner.email } });
    const secret = await enrolTotp(user.id, m.owner.password);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.totpEnabledAt).not.toBeNull();
    expect(stored.totpSecretEncrypted).not.toContain(secret);

    const creds = { email: m.owner.email, password: m.owner.password };
    expect(await authenticateCredentials(creds)).toEqual({ ok: false, reason: "totp_required" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(0);
    expect(await authenticateCredentials({ ...creds, code: "000000" === (await generate({ secret })) ? "111111" : "000000" })).toEqual({ ok: false, reason: "totp_invalid" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).failedLoginCount).toBe(1);

    const code = await nextCode(secret);
    expect(await authenticateCredentials({ ...creds, code })).toMatchObject({ ok: true });
    expect(await authenticateCredentials({ ...creds, code })).toEqual({ ok: false, reason: "totp_invalid" });
  });

  it("never signs in a deactivated user", async () => {
    const m = await newMerchant();
    await db.user.update({ where: { email: m.owner.email }, data: { isActive: false } });
    expect(await authenticateCredentials({ email: m.owner.email, password: m.owner.password })).toEqual({ ok: false, reason: "invalid_credentials" });
  });

  // 25 argon2 verifications and four merchants' password hashes: work, not waiting, and slow when the machine is busy.
  it("throttles an address after 20 failures in 10 minutes, across accounts, whatever the password", { timeout: 120_000 }, async () => {
    // Password spraying: one password tried against many accounts, never enough to lock one.
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const victims = await Promise.all(Array.from({ length: 4 }, () => newMerchant()));
    for (let i = 0; i < SIGN_IN_FAILURES; i++) {
      const target = victims[i % victims.length]!;
      expect(await authenticateCredentials({ email: target.owner.email, password: "Spring2026!", ip })).toEqual({ ok: false, reason: "invalid_credentials" });
    }
    // Each account has 5 failures, far from its lock; the address is now refused, right password or not.
    const victim = victims[0]!;
    expect(await authenticateCredentials({ email: victim.owner.email, password: victim.owner.password, ip })).toEqual({ ok: false, reason: "invalid_credentials" });
    const user = await db.user.findUniqueOrThrow({ where: { email: victim.owner.email } });
    expect(user.failedLoginCount).toBe(SIGN_IN_FAILURES / victims.length);
    expect(user.lockedUntil).toBeNull();
    expect((await auditActions(victim.owner.email)).at(-1)).toMatchObject({ action: "auth.sign_in_failed", reason: "ip_throttled" });
    // Another address is not affected.
    expect(await authenticateCredentials({ email: victim.owner.email, password: victim.owner.password, ip: "203.0.113.7" })).toMatchObject({ ok: true });
  });

  it("verifies the password against the stored hash on a locked account too (the same argon2 work as a wrong password, so timing does not tell)", async () => {
    const m = await newMerchant();
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await authenticateCredentials({ email: m.owner.email, password: `wrong-${i}-password` });
    await authenticateCredentials({ email: m.owner.email, password: m.owner.password });
    await authenticateCredentials({ email: m.owner.email, password: "still guessing, 1234" });
    // The outcome of that verification is in the audit: it could only be known by checking the stored hash.
    const locked = await db.auditLog.findMany({ where: { actorEmail: m.owner.email, reason: "account_locked" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { details: true } });
    expect(locked.map((a) => (a.details as { passwordCorrect?: boolean }).passwordCorrect)).toEqual([true, false]);
  });

  it("answers a locked account exactly like an unknown e-mail", async () => {
    const m = await newMerchant();
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await authenticateCredentials({ email: m.owner.email, password: `wrong-${i}-password` });
    const locked = await authenticateCredentials({ email: m.owner.email, password: m.owner.password });
    const unknown = await authenticateCredentials({ email: `nobody-${Date.now()}@example.test`, password: m.owner.password });
    expect(locked).toEqual(unknown);
  });
});
