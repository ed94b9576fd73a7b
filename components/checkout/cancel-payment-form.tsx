// "Cancel payment" (SPEC §12): a plain form, so it works without JavaScript.
import { ui } from "./styles";

export function CancelPaymentForm({ action, label, hint }: { action: () => Promise<void>; label: string; hint: string }) {
  return (
    <form action={action} className="mt-6 border-t border-slate-200 pt-4 text-center dark:border-slate-700">
      <button type="submit" className={ui.linkButton} aria-describedby="cancel-hint">
        {label}
      </button>
      <p id="cancel-hint" className="sr-only">
        {hint}
      </p>
    </form>
  );
}
