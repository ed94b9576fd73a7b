// The merchant's landing page (SPEC §13 "Overview"): balances per currency,
// the sales charts, the latest transactions and, for approvers, how many
// transactions wait for their decision and for whose the others wait.
import { dbReplica } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { getBalances } from "@/lib/ledger/get-balances";
import { assertCan, can, type MerchantAccess } from "../authz";
import { countHeldTransactions } from "../approvals/count-held";
import { TRANSACTION_ROW_SELECT } from "../transactions/list-transactions-page";
import { getSalesStats, type StatsRange } from "./get-sales-stats";

export async function getOverview({ access, environment, range }: { access: MerchantAccess; environment: Environment; range: StatsRange }) {
  assertCan(access, "merchant.view");
  const merchantId = access.merchant.id;
  const [balances, stats, recent, held] = await Promise.all([
    getBalances({ merchantId, environment }),
    getSalesStats({ merchantId, environment, range }),
    dbReplica.transaction.findMany({ where: { merchantId, environment }, select: TRANSACTION_ROW_SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 10 }),
    can(access, "approvals.decide") ? countHeldTransactions({ access, environment }) : null,
  ]);
  return { balances, stats, recent, held };
}

