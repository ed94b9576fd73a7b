// `merchant:create` (SPEC §15) and the demo seed: a merchant with settings,
// keys and webhook signing keys for both environments, the sandbox catalogue,
// and an OWNER who can sign in to the back office.
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { writeAudit } from "@/lib/audit/write-audit";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId, randomBase62 } from "@/lib/ids";
import { SANDBOX_CATALOGUE, SANDBOX_CURRENCIES } from "@/lib/payment-methods/default-catalogue";
import { createUser, normaliseEmail } from "@/lib/users/create-user";
import { createSigningKey } from "@/lib/webhooks/signing-keys";

export interface CreateMerchantOptions {
  name: string;
  domain?: string;
  email?: string;
  password?: string;
}

export interface CreatedMerchant {
  merchant: { id: string; name: string; domain: string; isActive: boolean };
  keys: { sandbox: string; production: string };
  webhookSigningKeys: { sandbox: string; production: string };
  owner: { email: string; password: string };
}

const ENVIRONMENTS: Environment[] = ["sandbox", "production"];

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "merchant";
}

export async function createMerchant({ name, domain, email, password }: CreateMerchantOptions): Promise<CreatedMerchant> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 200) throw new AppError("invalid_request", "name must be 1 to 200 characters", { param: "name" });
  const merchantDomain = (domain ?? `${slug(trimmed)}.example`).trim().toLowerCase();
  if (!/^[a-z0-9.-]{1,253}$/.test(merchantDomain)) throw new AppError("invalid_request", "domain must be a host name such as shop.example.com", { param: "domain" });
  // A generated owner e-mail is unique per merchant so repeated test runs never collide.
  const ownerEmail = normaliseEmail(email ?? `owner+${randomBase62(8).toLowerCase()}@${merchantDomain}`);
  const ownerPassword = password ?? randomBase62(20);

  return db.$transaction(async (tx) => {
    const merchant = await tx.merchant.create({
      data: { id: newId("merchant"), name: trimmed, domain: merchantDomain },
      select: { id: true, name: true, domain: true, isActive: true },
    });
    const keys = {} as CreatedMerchant["keys"];
    const signing = {} as CreatedMerchant["webhookSigningKeys"];
    for (const environment of ENVIRONMENTS) {
      await tx.merchantSettings.create({ data: { id: newId("settings"), merchantId: merchant.id, environment } });
      keys[environment] = (await createApiKey({ merchantId: merchant.id, environment, name: "Default key", tx })).key;
      signing[environment] = await createSigningKey({ merchantId: merchant.id, environment, tx });
    }
    await tx.paymentMethod.createMany({
      data: SANDBOX_CATALOGUE.map((m) => ({
        id: newId(m.type === "card" ? "cardMethod" : "method"),
        merchantId: merchant.id,
        environment: "sandbox" as const,
        type: m.type,
        slug: m.slug,
        name: m.name,
        provider: "sandbox",
        currencies: SANDBOX_CURRENCIES,
        actions: m.actions,
        requiresRedirect: m.requiresRedirect,
      })),
    });
    const owner = await createUser({ email: ownerEmail, password: ownerPassword, name: `${trimmed} owner`, tx });
    await tx.membership.create({ data: { id: newId("membership"), userId: owner.id, merchantId: merchant.id, role: "OWNER" } });
    await writeAudit({ action: "merchant.created", actorType: "system", merchantId: merchant.id, targetType: "merchant", targetId: merchant.id }, tx);
    return { merchant, keys, webhookSigningKeys: signing, owner: { email: owner.email, password: ownerPassword } };
  }, { timeout: 20_000 });
}
