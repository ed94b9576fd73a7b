// A labelled input with its hint and error tied to it (aria-describedby,
// aria-invalid), so a screen reader reads the error with the field. No hooks:
// usable from server and client components alike.
import type { ComponentPropsWithRef } from "react";
import { ui } from "./styles";

export interface FormFieldProps extends Omit<ComponentPropsWithRef<"input">, "id" | "aria-describedby" | "aria-invalid"> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** Id of a description rendered elsewhere (e.g. a hint shared by two fields). */
  describedBy?: string;
  /** Extra content inside the input's row, e.g. the detected card brand. */
  adornment?: React.ReactNode;
}

export function FormField({ id, label, hint, error, describedBy: extra, adornment, className, ...input }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId, extra].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <div className="relative mt-1">
        <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={`${ui.input} ${adornment ? "pr-24" : ""}`} {...input} />
        {adornment ? <div className="pointer-events-none absolute inset-y-0 right-3 flex items-center">{adornment}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
