import type { Tx } from "@/lib/db";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { PlatformRole } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { hashPassword, PASSWORD_MIN_LENGTH } from "./password";

export interface CreateUserOptions {
  email: string;
  password: string;
  name?: string;
  platformRole?: PlatformRole;
  tx?: Tx;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createUser({ email, password, name = "", platformRole, tx = db }: CreateUserOptions) {
  const normalised = normaliseEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(normalised)) throw new AppError("invalid_request", "email must be a valid e-mail address", { param: "email" });
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError("invalid_request", `password must be at least ${PASSWORD_MIN_LENGTH} characters`, { param: "password" });
  if (await tx.user.findUnique({ where: { email: normalised }, select: { id: true } })) {
    throw new AppError("invalid_request", `A user with e-mail ${normalised} already exists`, { param: "email" });
  }
  return tx.user.create({
    data: { id: newId("user"), email: normalised, name, platformRole, passwordHash: await hashPassword(password) },
    select: { id: true, email: true, name: true, platformRole: true },
  });
}

export async function createOperator({ email, password }: { email: string; password: string }) {
  const user = await createUser({ email, password, platformRole: "OPERATOR" });
  return { id: user.id, email: user.email, role: "OPERATOR" as const };
}
