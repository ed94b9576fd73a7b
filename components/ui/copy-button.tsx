"use client";
// Copies a value to the clipboard and says so, to sighted users on the button
// and to screen readers through a live region.
import { useState } from "react";
import { Button } from "./button";

export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2500);
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy}>
        {copied === "copied" ? "Copied" : label}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied === "copied" ? "Copied to the clipboard" : copied === "failed" ? "Could not copy; select the text and copy it" : ""}
      </span>
    </>
  );
}
