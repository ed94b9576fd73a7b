// A secret shown once (a new API key, an invitation link, a revealed signing
// key): selectable text, a copy button, and the warning that it will not be
// shown again.
import { Alert } from "./alert";
import { CopyButton } from "./copy-button";

export function OneTimeSecret({ title, value, note }: { title: string; value: string; note: React.ReactNode }) {
  return (
    <Alert tone="success" title={title}>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900 ring-1 ring-slate-300 dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-700" data-testid="one-time-secret">
          {value}
        </code>
        <CopyButton value={value} />
      </div>
      <p className="mt-2">{note}</p>
    </Alert>
  );
}
