"use client";
// The error state of a back-office page: what happened, a way to retry, and
// the reference support needs (the digest is in the server log; the message is not shown).
import { Button } from "@/components/ui/button";

export function ErrorPanel({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-6 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="mt-1 text-sm">This page could not be loaded. Nothing was changed. Try again; if it keeps failing, give support this reference.</p>
      {error.digest ? <p className="mt-2 font-mono text-xs">Reference: {error.digest}</p> : null}
      <Button className="mt-4" onClick={reset}>
        Try again
      </Button>
    </div>
  );
}
