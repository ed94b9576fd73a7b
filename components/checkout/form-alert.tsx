// A message about a whole form (a decline and its reason, a busy payment),
// announced to screen readers as soon as it appears.
import { ui } from "./styles";

export function FormAlert({ title, message, hint }: { title: string; message?: string; hint?: string }) {
  return (
    <div role="alert" className={ui.alert}>
      <p className="font-semibold">{title}</p>
      {message ? <p className="mt-1">{message}</p> : null}
      {hint ? <p className="mt-1">{hint}</p> : null}
    </div>
  );
}
