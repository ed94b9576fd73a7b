// SPEC §20: sign-out and a change of second factor end every session of the
// person (the session version), enrolling TOTP needs the password, and a lost
// authenticator can be reset — by an operator, or by the merchant's OWNER for
// its own staff — with a reason, the actor's password, and an audit entry.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import type { JWT } from "next-auth/jwt";
import { authOptions } from "@/lib/auth/auth-options";
import { endSessions, endSessionsFrom } from "@/lib/auth/end-sessions";
import { confirmTotpEnrolment, startTotpEnrolment } from "@/lib/auth/enrol-totp";
import { loadStaffUser as loadActor } from "@/lib/auth/staff-user";
import { resetTwoFactor } from "@/lib/backoffice/team/reset-two-factor";
import { authenticateCredentials } from "@/lib/auth/authenticate-credentials";
import { changePassword } from "@/lib/auth/change-password";
import { db } from "@/lib/db";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, enrolTotp, nextCode, operator, PASSWORD, rejection, staff } from "./helpers";

const versionOf = async (userId: string) => (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } })).sessionVersion;

describe("the session version", () => {
  it("a session issued under the current version works; after sign-out it does not, and a stale token cannot sign the new ones out", async () => {
    const dev = await staff((await newMerchant()).merchant.id, "DEVELOPER");
    const v = await versionOf(dev.id);
    expect(await loadActor(dev.id, v)).toMatchObject({ id: dev.id });
    expect(await endSessionsFrom(dev.id, v)).toBe(v + 1);
    // The copied cookie still decodes, but the database says that session is over.
    expect(await loadActor(dev.id, v)).toBeNull();
    expect(await loadActor(dev.id, v + 1)).toMatchObject({ id: dev.id });
    // Signing out with the old token changes nothing.
    expect(await endSessionsFrom(dev.id, v)).toBeNull();
    expect(await versionOf(dev.id)).toBe(v + 1);
    expect(await endSessions(dev.id)).toBe(v + 2);
  });

  it("next-auth's own session read (/api/auth/session, getServerSession) refuses an ended session's token", async () => {
    const dev = await staff((await newMerchant()).merchant.id, "DEVELOPER");
    const v = await versionOf(dev.id);
    const jwt = authOptions.callbacks!.jwt! as (args: { token: JWT }) => Promise<JWT>;
    const token: JWT = { sub: dev.id, email: dev.email, name: "", authTime: Math.floor(Date.now() / 1000), sv: v };
    expect(await jwt({ token })).toMatchObject({ sub: dev.id });
    await endSessionsFrom(dev.id, v);
    await expect(jwt({ token })).rejects.toThrow(/ended/);
    await expect(jwt({ token: { ...token, sv: v + 1 } })).resolves.toMatchObject({ sub: dev.id });
    await db.user.update({ where: { id: dev.id }, data: { isActive: false } });
    await expect(jwt({ token: { ...token, sv: v + 1 } })).rejects.toThrow(/ended/);
  });
});

describe("changing one's password", () => {
  it("needs the current password, refuses a short, mismatched or unchanged new one, then ends every other session", async () => {
    const dev = await staff((await newMerchant()).merchant.id, "DEVELOPER");
    const v = await versionOf(dev.id);
    const change = (input: Record<string, string>) => changePassword({ userId: dev.id, input: { password: PASSWORD, newPassword: "a brand new passphrase", newPasswordConfirmation: "a brand new passphrase", ...input } });
    expect(await rejection(change({ password: "not my password" }))).toMatchObject({ param: "password", message: "That password is incorrect" });
    expect(await rejection(change({ newPassword: "short", newPasswordConfirmation: "short" }))).toMatchObject({ param: "newPassword" });
    expect(await rejection(change({ newPasswordConfirmation: "something else entirely" }))).toMatchObject({ param: "newPasswordConfirmation" });
    expect(await rejection(change({ newPassword: PASSWORD, newPasswordConfirmation: PASSWORD }))).toMatchObject({ param: "newPassword" });
    expect(await versionOf(dev.id)).toBe(v);

    expect(await change({})).toBe(v + 1);
    expect(await loadActor(dev.id, v)).toBeNull();
    expect(await authenticateCredentials({ email: dev.email, password: PASSWORD })).toEqual({ ok: false, reason: "invalid_credentials" });
    expect(await authenticateCredentials({ email: dev.email, password: "a brand new passphrase" })).toMatchObject({ ok: true, user: { sessionVersion: v + 1 } });
    expect(await db.auditLog.count({ where: { action: "auth.password_changed", actorId: dev.id } })).toBe(1);
  });
});

describe("TOTP enrolment", () => {
  it("starting it needs the person's password: none or a wrong one shows no secret (and counts as a failure); finishing ends their other sessions", async () => {
    const dev = await staff((await newMerchant()).merchant.id, "DEVELOPER");
    const v = await versionOf(dev.id);

    expect((await rejection(startTotpEnrolment({ userId: dev.id, password: "" }))).message).toBe("Enter your password to confirm it's you");
    const wrong = await rejection(startTotpEnrolment({ userId: dev.id, password: "not the password" }));
    expect(wrong).toMatchObject({ message: "That password is incorrect", param: "password" });
    let user = await db.user.findUniqueOrThrow({ where: { id: dev.id } });
    expect(user).toMatchObject({ totpSecretEncrypted: null, totpEnabledAt: null, failedLoginCount: 1 });
    // Without a started enrolment there is nothing to confirm.
    expect((await rejection(confirmTotpEnrolment({ userId: dev.id, code: "123456" }))).message).toMatch(/Start the set-up again/);

    // A second start replaces the first secret: the one shown first no longer works.
    const first = await startTotpEnrolment({ userId: dev.id, password: PASSWORD });
    const { secret } = await startTotpEnrolment({ userId: dev.id, password: PASSWORD });
    expect(secret).not.toBe(first.secret);
    expect(await rejection(confirmTotpEnrolment({ userId: dev.id, code: await generate({ secret: first.secret }) }))).toMatchObject({ param: "code" });

    expect(await confirmTotpEnrolment({ userId: dev.id, code: await generate({ secret }) })).toMatchObject({ sessionVersion: v + 1 });
    user = await db.user.findUniqueOrThrow({ where: { id: dev.id } });
    expect(user.totpEnabledAt).not.toBeNull();
    expect(await loadActor(dev.id, v)).toBeNull();
  });
});

describe("resetting someone's two-factor authentication", () => {
  async function team() {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const dev = await staff(m.merchant.id, "DEVELOPER");
    await enrolTotp(dev.id);
    return { m, owner, dev };
  }

  it("the OWNER resets a teammate's, with a reason and their password: second factor off, sessions over, audited", async () => {
    const { m, owner, dev } = await team();
    const v = await versionOf(dev.id);
    expect(await db.recoveryCode.count({ where: { userId: dev.id } })).toBe(10);
    await resetTwoFactor({ actor: owner, merchantId: m.merchant.id, input: { userId: dev.id, reason: "lost phone, checked by call", password: m.owner.password }, ip: "192.0.2.9" });
    const user = await db.user.findUniqueOrThrow({ where: { id: dev.id } });
    expect(user).toMatchObject({ totpEnabledAt: null, totpSecretEncrypted: null, sessionVersion: v + 1 });
    // The old authenticator's recovery codes go with it.
    expect(await db.recoveryCode.count({ where: { userId: dev.id } })).toBe(0);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "auth.totp_reset", targetId: dev.id } });
    expect(audit).toMatchObject({ actorId: owner.id, merchantId: m.merchant.id, reason: "lost phone, checked by call", ip: "192.0.2.9" });
    // The person can enrol a new authenticator (the next step's code: this step's was used at the first enrolment).
    const { secret } = await startTotpEnrolment({ userId: dev.id, password: PASSWORD });
    expect(await confirmTotpEnrolment({ userId: dev.id, code: await nextCode(secret) })).toMatchObject({ sessionVersion: v + 2, recoveryCodes: expect.any(Array) });
  });

  it("refuses without a reason, with a wrong password, for one's own, for an ADMIN, and outside the merchant; nothing changes", async () => {
    const { m, owner, dev } = await team();
    const admin = await staff(m.merchant.id, "ADMIN");
    const other = await newMerchant();
    const input = { userId: dev.id, reason: "lost phone", password: m.owner.password };
    expect((await rejection(resetTwoFactor({ actor: owner, merchantId: m.merchant.id, input: { ...input, reason: "" } }))).param).toBe("reason");
    expect((await rejection(resetTwoFactor({ actor: owner, merchantId: m.merchant.id, input: { ...input, password: "wrong password!" } }))).message).toBe("That password is incorrect");
    expect((await rejection(resetTwoFactor({ actor: admin, merchantId: m.merchant.id, input: { ...input, password: PASSWORD } }))).code).toBe("insufficient_permissions");
    expect((await rejection(resetTwoFactor({ actor: await actorFor(other.owner.email), merchantId: m.merchant.id, input: { ...input, password: other.owner.password } }))).code).toBe("not_found");
    expect((await rejection(resetTwoFactor({ actor: await actorFor(other.owner.email), merchantId: other.merchant.id, input: { ...input, password: other.owner.password } }))).code).toBe("not_found");
    // The owner's own: refused even with TOTP on.
    const ownerUser = await db.user.findUniqueOrThrow({ where: { email: m.owner.email } });
    await enrolTotp(ownerUser.id, m.owner.password);
    const self = await rejection(resetTwoFactor({ actor: await actorFor(m.owner.email), merchantId: m.merchant.id, input: { ...input, userId: ownerUser.id } }));
    expect(self.message).toMatch(/cannot reset your own/);
    expect((await db.user.findUniqueOrThrow({ where: { id: dev.id } })).totpEnabledAt).not.toBeNull();
    expect(await db.auditLog.count({ where: { action: "auth.totp_reset", targetId: { in: [dev.id, ownerUser.id] } } })).toBe(0);
  });

  it("an owner cannot reset someone who also works for another merchant; an operator can (with their own code)", async () => {
    const { m, owner, dev } = await team();
    const second = await newMerchant();
    await db.membership.create({ data: { id: `mem_${Date.now()}`, userId: dev.id, merchantId: second.merchant.id, role: "VIEWER" } });
    const refused = await rejection(resetTwoFactor({ actor: owner, merchantId: m.merchant.id, input: { userId: dev.id, reason: "lost phone", password: m.owner.password } }));
    expect(refused.code).toBe("insufficient_permissions");

    const { actor: op, secret } = await operator();
    await resetTwoFactor({ actor: op, merchantId: m.merchant.id, input: { userId: dev.id, reason: "lost phone, ticket 812", password: PASSWORD, code: await nextCode(secret!) } });
    expect((await db.user.findUniqueOrThrow({ where: { id: dev.id } })).totpEnabledAt).toBeNull();
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "auth.totp_reset", targetId: dev.id } })).toMatchObject({ actorId: op.id, reason: "lost phone, ticket 812" });
  });
});
