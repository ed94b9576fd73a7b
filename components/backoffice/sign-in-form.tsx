"use client";
// E-mail and password first; when the account has TOTP, the server answers
// "totp_required" and the form asks for the authentication code as a second
// step (the password stays in the form, so nothing is retyped) — or, for
// someone whose authenticator is lost, one of their recovery codes.
import { signIn } from "next-auth/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

const MESSAGES: Record<string, string> = {
  // One message for an unknown e-mail, a wrong password, a locked account and a throttled
  // address: the form must not tell an attacker which accounts exist or are locked (SPEC §20).
  invalid_credentials: "The e-mail or password is incorrect, or sign-in is paused after too many failed attempts. Try again later.",
  totp_invalid: "That authentication code is not valid (or was already used). Enter the current code from your app.",
  recovery_code_invalid: "That recovery code is not valid, or it was already used. Each code works once.",
};

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [needsCode, setNeedsCode] = useState(false);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode, useRecoveryCode]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await signIn("credentials", {
      redirect: false,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      code: String(form.get("code") ?? ""),
      recoveryCode: String(form.get("recoveryCode") ?? ""),
    }).catch(() => undefined);
    if (result?.ok && !result.error) {
      // A full load, so the first back-office page renders with the new session cookie. After a
      // recovery code, the account page: it says how many are left and how to get a new app going.
      window.location.assign(form.get("recoveryCode") ? "/backoffice/account/two-factor?recovered=1" : callbackUrl);
      return;
    }
    setPending(false);
    if (result?.error === "totp_required") {
      setNeedsCode(true);
      return;
    }
    if (codeRef.current) codeRef.current.value = "";
    setError(result ? (MESSAGES[result.error ?? ""] ?? MESSAGES.invalid_credentials!) : "Sign-in is unavailable right now. Try again in a moment.");
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField name="email" type="email" label="Email" autoComplete="username" required autoFocus />
      <TextField name="password" type="password" label="Password" autoComplete="current-password" required />
      {needsCode && !useRecoveryCode ? (
        <>
          <Alert tone="info">Enter the 6-digit code from your authenticator app.</Alert>
          <TextField ref={codeRef} name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" required maxLength={7} />
        </>
      ) : null}
      {needsCode && useRecoveryCode ? (
        <>
          <Alert tone="info">Enter one of the recovery codes you saved when you set up two-factor authentication. It works once.</Alert>
          <TextField ref={codeRef} name="recoveryCode" label="Recovery code" autoComplete="off" autoCapitalize="off" spellCheck={false} required maxLength={40} placeholder="xxxx-xxxx-xxxx-xxxx" />
        </>
      ) : null}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      {needsCode ? (
        <Button
          variant="ghost"
          size="sm"
          className="w-full"
          onClick={() => {
            setUseRecoveryCode(!useRecoveryCode);
            setError(null);
          }}
        >
          {useRecoveryCode ? "Use a code from your app instead" : "Lost your authenticator? Use a recovery code"}
        </Button>
      ) : null}
    </form>
  );
}
