// "Cancel payment" (SPEC §12): a plain form, so it works without JavaScript;
// and, where cancelling is no longer offered, a plain link back to the shop.
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

/** Back to the merchant's returnUrl without cancelling: the payment still completes if it was made. */
export function ReturnLink({ href, label, hint }: { href: string; label: string; hint: string }) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-4 text-center dark:border-slate-700">
      <a href={href} className={ui.linkButton} aria-describedby="return-hint">
        {label}
      </a>
      <p id="return-hint" className={ui.hint}>
        {hint}
      </p>
    </div>
  );
}
