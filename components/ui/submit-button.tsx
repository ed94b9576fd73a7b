"use client";
// A submit button that says it is working while its form's action runs, and
// cannot be pressed twice meanwhile.
import { useFormStatus } from "react-dom";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

export function SubmitButton({ children, pendingLabel, variant = "primary", size, name, value }: { children: React.ReactNode; pendingLabel?: string; variant?: ButtonVariant; size?: ButtonSize; name?: string; value?: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" variant={variant} size={size} disabled={pending} aria-disabled={pending} name={name} value={value}>
      {pending ? (pendingLabel ?? "Working…") : children}
    </Button>
  );
}
