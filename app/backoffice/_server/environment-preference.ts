// The sandbox/production switch (SPEC §13), remembered per person in a
// cookie. The cookie names its user, so someone else signing in on the same
// browser starts in sandbox like every new user.
import { cookies } from "next/headers";
import { secureCookies } from "@/lib/auth/auth-options";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { StaffUser } from "@/lib/auth/staff-user";

const COOKIE = "sluice.environment";

export async function getEnvironmentPreference(actor: Pick<StaffUser, "id">): Promise<Environment> {
  const value = (await cookies()).get(COOKIE)?.value ?? "";
  return value === `${actor.id}.production` ? "production" : "sandbox";
}

export async function setEnvironmentPreference(actor: Pick<StaffUser, "id">, environment: Environment): Promise<void> {
  (await cookies()).set(COOKIE, `${actor.id}.${environment}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
  });
}
