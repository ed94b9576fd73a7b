// Who may change a team, shared by invite, role change and removal: only an
// OWNER hands out, changes or removes the OWNER role (an ADMIN cannot promote
// themselves or take over the account). The rule every change keeps — at
// least one OWNER — is the domain's: lib/team/team-rules.ts.
import { AppError } from "@/lib/errors";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { type MerchantAccess, memberRole } from "../authz";

export function assertMayGrant(access: MerchantAccess, ...roles: MemberRole[]): void {
  if (roles.includes("OWNER") && memberRole(access) !== "OWNER") {
    throw new AppError("insufficient_permissions", "Only an owner can grant, change or remove the Owner role");
  }
}
