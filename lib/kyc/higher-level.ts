import type { KycLevel } from "@/lib/generated/prisma/enums";

/** A verification never lowers a customer's level: enhanced stays enhanced after a basic check. */
export const higherLevel = (a: KycLevel, b: KycLevel): KycLevel => (a === "enhanced" || b === "enhanced" ? "enhanced" : "basic");
