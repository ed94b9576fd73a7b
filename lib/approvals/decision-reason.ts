import { AppError } from "@/lib/errors";

/** Every decision says why (SPEC §7: audited with who, when and why). */
export function decisionReason(reason: string): string {
  const why = reason.trim();
  if (why.length === 0) throw new AppError("invalid_request", "reason is required: say why you decide this way", { param: "reason" });
  if (why.length > 500) throw new AppError("invalid_request", "reason must be at most 500 characters", { param: "reason" });
  return why;
}
