import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import { TEST_EVENT_KIND } from "@/lib/webhooks/event-body";
import { assertCan, type MerchantAccess } from "../authz";

/** The last few test webhooks and how their latest attempt went, so "did it arrive?" is answered on the page. */
export async function listTestWebhooks({ access, environment }: { access: MerchantAccess; environment: Environment }) {
  assertCan(access, "developers.manage");
  return db.event.findMany({
    where: { merchantId: access.merchant.id, environment, type: TEST_EVENT_KIND },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 5,
    select: {
      id: true,
      url: true,
      status: true,
      createdAt: true,
      attempts: { orderBy: { startedAt: "desc" }, take: 1, select: { statusCode: true, error: true, durationMs: true, startedAt: true } },
    },
  });
}
