// A fresh set of recovery codes, shown once: the list, one copy button for
// all of them, and what they are for.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export function RecoveryCodes({ title, codes, note }: { title: string; codes: string[]; note?: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="success" title={title}>
        {note}
      </Alert>
      <div className="space-y-3 text-sm">
        <p className="font-medium">Your recovery codes</p>
        <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-100 p-3 font-mono dark:bg-slate-800" data-testid="recovery-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <CopyButton value={codes.join("\n")} label="Copy all codes" />
        <p>
          If your authenticator app is lost, type one of these instead of its code when you sign in. Each works once. Keep them somewhere safe, such as a password manager: they are not shown
          again, and Sluice stores only a hash of each.
        </p>
      </div>
      <Link href="/backoffice" className={buttonClass("primary")}>
        I have saved my recovery codes
      </Link>
    </div>
  );
}
