"use client";
// Copies a value (the crypto deposit address) to the clipboard. Without
// JavaScript nothing is rendered: the value itself is shown selectable
// (DetailsList), so a customer can still copy it by hand and never meets a
// button that does nothing.
import { useState, useSyncExternalStore } from "react";
import { ui } from "./styles";

const noSubscription = () => () => undefined;

export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  // true only once hydrated in a browser; false in the server render.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <p className="mt-2">
      <button
        type="button"
        className={ui.linkButton}
        onClick={() => {
          void navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            // Clipboard refused (permissions, an insecure origin): the address stays selectable.
            () => setCopied(false),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="ml-2 text-sm text-slate-600 dark:text-slate-400">
        {copied ? copiedLabel : ""}
      </span>
    </p>
  );
}
