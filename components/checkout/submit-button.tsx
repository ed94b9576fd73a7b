"use client";
// A submit button that shows progress and ignores further clicks while its
// form is being sent (the server's attempt claim is the real double-submit
// guard; this only spares the customer a confusing second request).
import { useFormStatus } from "react-dom";
import { ui } from "./styles";

export interface SubmitButtonProps {
  children: React.ReactNode;
  pendingLabel?: string;
  variant?: keyof Pick<typeof ui, "primaryButton" | "dangerButton">;
  formAction?: (formData: FormData) => void | Promise<void>;
  name?: string;
  value?: string;
}

export function SubmitButton({ children, pendingLabel, variant = "primaryButton", formAction, name, value }: SubmitButtonProps) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={ui[variant]} disabled={pending} aria-disabled={pending || undefined} formAction={formAction} name={name} value={value}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
