// GET …/transactions/export?<the page's filters>: the filtered transactions
// as CSV, streamed in keyset batches (lib/backoffice/transactions/
// export-transactions-csv.ts). Signed-in staff of the merchant only; anyone
// else gets the same 404 as the page.
import { headers } from "next/headers";
import { clientIp } from "@/lib/auth/client-ip";
import { getMerchantAccess } from "@/lib/backoffice/authz";
import { getEnvironmentPreference } from "@/app/backoffice/_server/environment-preference";
import { getActor } from "@/app/backoffice/_server/session";
import { exportTransactionsCsv } from "@/lib/backoffice/transactions/export-transactions-csv";
import { FILTER_KEYS, parseTransactionFilters } from "@/lib/backoffice/transactions/transaction-filters";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ merchantId: string }> }) {
  const actor = await getActor();
  if (!actor) return new Response("Sign in to export transactions.\n", { status: 401, headers: { "content-type": "text/plain; charset=utf-8" } });
  const { merchantId } = await params;
  try {
    const access = await getMerchantAccess({ actor, merchantId });
    const environment = await getEnvironmentPreference(actor);
    const url = new URL(request.url);
    const { filters, problems } = parseTransactionFilters(Object.fromEntries(FILTER_KEYS.map((k) => [k, url.searchParams.get(k)])));
    if (problems.length > 0) return new Response(`${problems.join("\n")}\n`, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
    const h = await headers();
    const rows = await exportTransactionsCsv({ access, environment, filters, ip: clientIp((name) => h.get(name)) });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await rows.return(undefined);
      },
    });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="transactions-${merchantId}-${environment}-${stamp}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "insufficient_permissions")) {
      return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    throw error;
  }
}
