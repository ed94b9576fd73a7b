// Next.js glue between the next-auth session and the domain's StaffUser. Pages
// call requirePageAccess / requireOperatorPage (redirects and 404s), server
// actions call requireActionActor (errors their forms can show). The checks
// themselves live in authz.ts, shared with every domain function.
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { authOptions } from "@/lib/auth/auth-options";
import { clientIp } from "@/lib/auth/client-ip";
import { AppError } from "@/lib/errors";
import { can, getMerchantAccess, type MerchantAccess, needsTotpEnrolment, needsTotpIn, type Permission } from "@/lib/backoffice/authz";
import type { StaffUser } from "@/lib/auth/staff-user";
import { loadStaffUser } from "@/lib/auth/staff-user";
import { getEnvironmentPreference } from "./environment-preference";

export const SIGN_IN_PATH = "/backoffice/sign-in";
const TWO_FACTOR_PATH = "/backoffice/account/two-factor";

/** Once per request (React cache): the session's user, fresh from the database. */
export const getActor = cache(async (): Promise<StaffUser | null> => {
  const session = await getServerSession(authOptions);
  return session?.user?.id ? loadStaffUser(session.user.id, session.sessionVersion) : null;
});

/** Signed in, and (for operators) enrolled in TOTP — or sent where that gets fixed. */
export async function requireActor({ allowPendingTotp = false }: { allowPendingTotp?: boolean } = {}): Promise<StaffUser> {
  const actor = await getActor();
  if (!actor) redirect(SIGN_IN_PATH);
  if (!allowPendingTotp && needsTotpEnrolment(actor)) redirect(TWO_FACTOR_PATH);
  return actor;
}

/**
 * A merchant page: the merchant must be visible to the actor, else 404. In production, an owner or
 * admin the platform's two-factor policy applies to is taken to the set-up page first, as operators
 * are for everything. Once per request (layout and page share it).
 */
export const requirePageAccess = cache(async (merchantId: string): Promise<MerchantAccess> => {
  const actor = await requireActor();
  let access: MerchantAccess;
  try {
    access = await getMerchantAccess({ actor, merchantId });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
  if (needsTotpIn(access, await getEnvironmentPreference(actor))) redirect(TWO_FACTOR_PATH);
  return access;
});

/** requirePageAccess plus a permission; null means "render the no-access state", never the page's data. */
export async function requirePagePermission(merchantId: string, permission: Permission): Promise<MerchantAccess | null> {
  const access = await requirePageAccess(merchantId);
  return can(access, permission) ? access : null;
}

/** Platform pages exist only for operators; everyone else gets a 404. */
export async function requireOperatorPage(): Promise<StaffUser> {
  const actor = await requireActor();
  if (!actor.isOperator) notFound();
  return actor;
}

/** For server actions: the signed-in staff member and their address (for the audit log), or an error the form shows. */
export async function requireActionActor(): Promise<{ actor: StaffUser; ip: string | null }> {
  const actor = await getActor();
  if (!actor) throw new AppError("authentication_required", "Your session has ended; sign in again");
  const h = await headers();
  return { actor, ip: clientIp((name) => h.get(name)) };
}
