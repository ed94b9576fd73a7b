"use server";
import { revalidatePath } from "next/cache";
import type { ActionState } from "@/lib/backoffice/action-state";
import { exportDueBankFiles, uploadBankReport } from "@/lib/backoffice/bank-files/bank-files-page";
import type { ImportSummary } from "@/lib/bank-files/import-bank-report";
import { formatMoney } from "@/lib/schema/currencies";
import { runAction } from "@/app/backoffice/_server/run-action";
import { requireActionActor } from "@/app/backoffice/_server/session";

export async function exportBankFilesAction(_prev: ActionState, _formData: FormData): Promise<ActionState> {
  return runAction(null, async () => {
    const { actor, ip } = await requireActionActor();
    const files = await exportDueBankFiles({ actor, ip });
    revalidatePath("/backoffice/bank-files");
    if (files.length === 0) return { status: "success", message: "No file due: every payout sent before its account's latest cut-off is already in a file." };
    return { status: "success", message: `Exported ${files.map((f) => `${f.fileName} (${f.nbOfTxs} payout${f.nbOfTxs === 1 ? "" : "s"}, ${formatMoney(f.ctrlSum, f.currency)})`).join("; ")}. Download below.` };
  });
}

export async function importBankReportAction(_prev: ActionState<ImportSummary>, formData: FormData): Promise<ActionState<ImportSummary>> {
  return runAction(null, async () => {
    const { actor, ip } = await requireActionActor();
    const summary = await uploadBankReport({ actor, ip, file: formData.get("file") });
    revalidatePath("/backoffice/bank-files");
    const message = summary.duplicateOf
      ? `${summary.fileName} was imported before (${summary.duplicateOf}): nothing was applied again.`
      : `${summary.fileName} (${summary.message} ${summary.messageId}): ${summary.settled.length} settled, ${summary.declined.length} declined, ${summary.waiting.length} waiting, ${summary.skipped.length} skipped.`;
    return { status: "success", message, data: summary };
  });
}
