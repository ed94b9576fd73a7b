// GET /backoffice/bank-files/{id}: one exported pain.001 as the file the
// operator hands to the bank — the same bytes every time. Operators only;
// anyone else gets the page's 404.
import { headers } from "next/headers";
import { clientIp } from "@/lib/auth/client-ip";
import { downloadBankFile } from "@/lib/backoffice/bank-files/bank-files-page";
import { AppError } from "@/lib/errors";
import { getActor } from "@/app/backoffice/_server/session";

export const dynamic = "force-dynamic";

const text = (body: string, status: number) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const actor = await getActor();
  if (!actor) return text("Sign in to download bank files.\n", 401);
  const { id } = await params;
  try {
    const h = await headers();
    const file = await downloadBankFile({ actor, id, ip: clientIp((name) => h.get(name)) });
    return new Response(file.xml, {
      headers: { "content-type": "application/xml; charset=utf-8", "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "no-store" },
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "insufficient_permissions")) return text("Not found\n", 404);
    throw error;
  }
}
