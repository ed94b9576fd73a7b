// Everything the Transaction page shows (SPEC §13), so that a support agent
// answers "what happened to order X?" from one screen: every field, the
// customer, the status timeline with who moved it and why, the approvals,
// the ledger entries, related refunds and chargebacks, each webhook event
// with its delivery attempts, and each try at a provider (payment attempts).
// Another merchant's or environment's id is "not found" (getTransaction),
// exactly like an unknown id.
import { listTransactionAttempts } from "@/lib/connectors/list-transaction-attempts";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { ActorType, Environment } from "@/lib/generated/prisma/enums";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { assertCan, type MerchantAccess } from "../authz";

export async function getTransactionDetail({ access, environment, id }: { access: MerchantAccess; environment: Environment; id: string }) {
  assertCan(access, "merchant.view");
  const t = await getTransaction({ merchantId: access.merchant.id, environment, id });
  const related = { id: true, action: true, status: true, amount: true, currency: true, orderId: true, createdAt: true } as const;
  const [customer, history, approvals, ledgerEntries, events, parent, children, attempts] = await Promise.all([
    t.customerId ? db.customer.findUnique({ where: { id: t.customerId } }) : null,
    db.transactionEvent.findMany({ where: { transactionId: t.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.approval.findMany({ where: { transactionId: t.id }, orderBy: { createdAt: "asc" }, include: { user: { select: { email: true } } } }),
    // Accounts by id next to the entries: an entry has no relation to its account (no hot rows, SPEC §6).
    db.ledgerEntry.findMany({ where: { transactionId: t.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }).then(async (entries) => {
      const accounts = await db.ledgerAccount.findMany({ where: { id: { in: [...new Set(entries.map((e) => e.accountId))] } }, select: { id: true, type: true, provider: true, merchantId: true } });
      const byId = new Map(accounts.map((a) => [a.id, a]));
      return entries.map((e) => ({ ...e, account: byId.get(e.accountId)! }));
    }),
    db.event.findMany({ where: { transactionId: t.id, endpointId: null }, orderBy: { seq: "asc" }, include: { attempts: { orderBy: [{ startedAt: "asc" }, { attempt: "asc" }] } } }),
    t.parentId ? db.transaction.findFirst({ where: { id: t.parentId, merchantId: t.merchantId, environment }, select: related }) : null,
    db.transaction.findMany({ where: { parentId: t.id, merchantId: t.merchantId, environment }, select: related, orderBy: { createdAt: "asc" }, take: 100 }),
    listTransactionAttempts(t.id),
  ]);
  const userIds = [...new Set(history.filter((h) => h.actorType === "user" && h.actorId).map((h) => h.actorId!))];
  const users = userIds.length > 0 ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [];
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  return {
    transaction: t,
    customer,
    history: history.map((h) => ({ ...h, actorLabel: actorLabel(h.actorType, h.actorId, emailOf) })),
    approvals,
    ledgerEntries,
    events,
    parent,
    children,
    attempts,
  };
}

export type TransactionDetail = Awaited<ReturnType<typeof getTransactionDetail>>;

function actorLabel(type: ActorType, id: string | null, emailOf: Map<string, string>): string {
  switch (type) {
    case "user":
      return (id && emailOf.get(id)) ?? "a back-office user";
    case "api":
      return "API request";
    case "customer":
      return "the customer (checkout)";
    case "provider":
      return id ? `provider (${id})` : "provider";
    case "system":
      return id ? `Sluice (${id})` : "Sluice";
    default: {
      const unknown: never = type;
      return String(unknown);
    }
  }
}

/**
 * For an id not found in the chosen environment: the merchant's other
 * environment when the transaction lives there (a production id pasted while
 * the switch says sandbox), so the page can say "switch" instead of "not found".
 */
export async function findInOtherEnvironment({ access, environment, id }: { access: MerchantAccess; environment: Environment; id: string }): Promise<Environment | null> {
  assertCan(access, "merchant.view");
  const other: Environment = environment === "sandbox" ? "production" : "sandbox";
  try {
    await getTransaction({ merchantId: access.merchant.id, environment: other, id });
    return other;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
