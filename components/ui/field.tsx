// Labelled form controls. The label is always a real <label>; hints and
// errors are tied to the control with aria-describedby so screen readers read
// them, and an error marks the control aria-invalid.
import type { ComponentProps, ReactNode } from "react";

const CONTROL =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: (describedBy: string | undefined) => ReactNode;
  className?: string;
}

function FieldFrame({ id, label, hint, error, children, className = "" }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & { id?: string; name: string; label: ReactNode; hint?: ReactNode; error?: string | null; frameClassName?: string };

export function TextField({ id, name, label, hint, error, frameClassName, className = "", ...input }: TextFieldProps) {
  const controlId = id ?? `field-${name}`;
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error} className={frameClassName}>
      {(describedBy) => <input id={controlId} name={name} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={`${CONTROL} ${className}`} {...input} />}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<ComponentProps<"select">, "id"> & {
  id?: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: readonly { value: string; label: string }[];
  frameClassName?: string;
};

export function SelectField({ id, name, label, hint, error, options, frameClassName, className = "", ...select }: SelectFieldProps) {
  const controlId = id ?? `field-${name}`;
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error} className={frameClassName}>
      {(describedBy) => (
        <select id={controlId} name={name} aria-describedby={describedBy} aria-invalid={error ? true : undefined} className={`${CONTROL} ${className}`} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
