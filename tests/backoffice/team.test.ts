// Settings → Team: invitations (link shown once, token stored hashed, one use),
// role changes and removals under the owner rules.
import { describe, expect, it } from "vitest";
import { authenticateCredentials } from "@/lib/auth/authenticate-credentials";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { loadStaffUser as loadActor } from "@/lib/auth/staff-user";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { changeMemberRole } from "@/lib/backoffice/team/change-member-role";
import { getInvitation } from "@/lib/backoffice/team/get-invitation";
import { inviteMember } from "@/lib/backoffice/team/invite-member";
import { removeMember } from "@/lib/backoffice/team/remove-member";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { newMerchant } from "../helpers/fixtures";
import { actorFor, staff } from "./helpers";

const tokenOf = (url: string) => url.split("/").pop()!;

async function membershipOf(merchantId: string, userId: string) {
  return db.membership.findFirstOrThrow({ where: { merchantId, userId } });
}

describe("invitations", () => {
  it("lets a new teammate join with the role given, once", async () => {
    const m = await newMerchant("Invite Co");
    const owner = await actorFor(m.owner.email);
    const email = `new-${Date.now()}@team.test`;
    const invitation = await inviteMember({ actor: owner, merchantId: m.merchant.id, input: { email, role: "DEVELOPER" } });
    const token = tokenOf(invitation.url);
    expect(invitation.url).toMatch(/\/backoffice\/invitations\/[0-9A-Za-z]{32}$/);
    expect(await db.invitation.findFirst({ where: { tokenHash: token } })).toBeNull();
    expect(await db.invitation.findFirst({ where: { tokenHash: sha256Hex(token) } })).not.toBeNull();
    expect(await getInvitation({ token })).toMatchObject({ merchantName: "Invite Co", email, role: "DEVELOPER", existingUser: false });

    const mismatch = await acceptInvitation({ token, input: { password: "long enough password", passwordConfirmation: "different" } }).catch((e) => e);
    expect(mismatch).toMatchObject({ param: "passwordConfirmation" });

    await acceptInvitation({ token, input: { name: "New Dev", password: "long enough password", passwordConfirmation: "long enough password" } });
    const signedIn = await authenticateCredentials({ email, password: "long enough password" });
    expect(signedIn.ok).toBe(true);
    const actor = (await loadActor(signedIn.ok ? signedIn.user.id : ""))!;
    expect((await getMerchantAccess({ actor, merchantId: m.merchant.id })).roles).toEqual(["DEVELOPER"]);

    expect(await getInvitation({ token })).toBeNull();
    await expect(acceptInvitation({ token, input: { password: "long enough password", passwordConfirmation: "long enough password" } })).rejects.toThrow(/no longer valid/);
  });

  it("lets someone who already has a login join with their password", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const invitation = await inviteMember({ actor: await actorFor(a.owner.email), merchantId: a.merchant.id, input: { email: b.owner.email, role: "VIEWER" } });
    await expect(acceptInvitation({ token: tokenOf(invitation.url), input: { password: "not the password" } })).rejects.toMatchObject({ param: "password" });
    await acceptInvitation({ token: tokenOf(invitation.url), input: { password: b.owner.password } });
    const actor = await actorFor(b.owner.email);
    expect(actor.memberships.map((x) => [x.merchantId, x.role])).toEqual([
      [b.merchant.id, "OWNER"],
      [a.merchant.id, "VIEWER"],
    ]);
  });

  it("refuses an ADMIN who tries to invite an owner", async () => {
    const m = await newMerchant();
    const admin = await staff(m.merchant.id, "ADMIN");
    const error = await inviteMember({ actor: admin, merchantId: m.merchant.id, input: { email: "boss@team.test", role: "OWNER" } }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("insufficient_permissions");
  });
});

describe("roles and removal", () => {
  it("never leaves a merchant without an owner", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const own = await membershipOf(m.merchant.id, owner.id);
    await expect(changeMemberRole({ actor: owner, merchantId: m.merchant.id, input: { membershipId: own.id, role: "ADMIN" } })).rejects.toThrow(/at least one owner/);
    await expect(removeMember({ actor: owner, merchantId: m.merchant.id, input: { membershipId: own.id } })).rejects.toThrow(/at least one owner/);

    const admin = await staff(m.merchant.id, "ADMIN");
    await changeMemberRole({ actor: owner, merchantId: m.merchant.id, input: { membershipId: (await membershipOf(m.merchant.id, admin.id)).id, role: "OWNER", reason: "co-founder" } });
    await changeMemberRole({ actor: owner, merchantId: m.merchant.id, input: { membershipId: own.id, role: "ADMIN" } });
    expect((await membershipOf(m.merchant.id, owner.id)).role).toBe("ADMIN");
    expect(await db.auditLog.count({ where: { merchantId: m.merchant.id, action: "member.role_changed" } })).toBe(2);
  });

  it("lets an ADMIN manage developers and viewers but not owners", async () => {
    const m = await newMerchant();
    const owner = await actorFor(m.owner.email);
    const admin = await staff(m.merchant.id, "ADMIN");
    const viewer = await staff(m.merchant.id, "VIEWER");
    await changeMemberRole({ actor: admin, merchantId: m.merchant.id, input: { membershipId: (await membershipOf(m.merchant.id, viewer.id)).id, role: "DEVELOPER" } });
    await expect(removeMember({ actor: admin, merchantId: m.merchant.id, input: { membershipId: (await membershipOf(m.merchant.id, owner.id)).id } })).rejects.toMatchObject({ code: "insufficient_permissions" });

    await removeMember({ actor: admin, merchantId: m.merchant.id, input: { membershipId: (await membershipOf(m.merchant.id, viewer.id)).id, reason: "left the company" } });
    const removed = (await loadActor(viewer.id))!;
    await expect(getMerchantAccess({ actor: removed, merchantId: m.merchant.id })).rejects.toMatchObject({ code: "not_found" });
  });
});
