// Back-office test people, created through the same domain functions the CLI uses.
import { generate } from "otplib";
import { expect } from "vitest";
import { startTotpEnrolment, confirmTotpEnrolment } from "@/lib/auth/enrol-totp";
import type { StaffUser as Actor } from "@/lib/auth/staff-user";
import { loadStaffUser as loadActor } from "@/lib/auth/staff-user";
import { createStaffMember } from "@/lib/team/create-staff-member";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { MemberRole } from "@/lib/generated/prisma/enums";
import { createOperator } from "@/lib/users/create-user";

export const PASSWORD = "correct horse battery staple";
let n = 0;

export async function actorFor(email: string): Promise<Actor> {
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return (await loadActor(user.id))!;
}

export async function staff(merchantId: string, role: MemberRole): Promise<Actor> {
  const r = await createStaffMember({ merchantId, role, email: `${role.toLowerCase()}${++n}-${Date.now()}@staff.test`, password: PASSWORD });
  return (await loadActor(r.user.id))!;
}

/** Enrols TOTP the way the page does (every test person has PASSWORD) and returns the clear secret. */
export async function enrolTotp(userId: string, password = PASSWORD): Promise<string> {
  const { secret } = await startTotpEnrolment({ userId, password });
  await confirmTotpEnrolment({ userId, code: await generate({ secret }) });
  return secret;
}

/** A code for the next 30-second step: the current one was just used, and codes are single-use. */
export async function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

export async function operator({ totp = true } = {}): Promise<{ actor: Actor; secret: string | null }> {
  const op = await createOperator({ email: `op${++n}-${Date.now()}@platform.test`, password: PASSWORD });
  const secret = totp ? await enrolTotp(op.id) : null;
  return { actor: (await loadActor(op.id))!, secret };
}

/** The AppError a domain call was refused with (fails the test if it did not fail, or failed otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
