"use client";
// Idle sign-out (SPEC §13), the client half. While the person is active the
// session token is refreshed (at most once a minute) by fetching
// /api/auth/session; after 14 idle minutes a warning offers to stay, and at
// 15 the browser signs out. The server half needs none of this: an idle
// browser's token simply expires (lib/auth/auth-options.ts). Activity is
// shared between tabs through localStorage, so a busy tab keeps a quiet one alive.
import { signOut } from "next-auth/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

const IDLE_MS = 15 * 60 * 1000;
const WARN_MS = 14 * 60 * 1000;
const REFRESH_EVERY_MS = 60 * 1000;
const STORAGE_KEY = "sluice.lastActivity";

export function IdleTimer() {
  const [warning, setWarning] = useState(false);
  // When the token was last refreshed; set on mount (render must not read the clock).
  const lastRefresh = useRef(0);

  const markActive = useCallback(() => {
    const now = Date.now();
    try {
      localStorage.setItem(STORAGE_KEY, String(now));
    } catch {
      // Private mode without storage: this tab's own timer still works.
    }
    if (now - lastRefresh.current >= REFRESH_EVERY_MS) {
      lastRefresh.current = now;
      void fetch("/api/auth/session", { cache: "no-store" });
    }
    setWarning(false);
  }, []);

  useEffect(() => {
    lastRefresh.current = Date.now();
    let localActivity = Date.now();
    const onActivity = () => {
      localActivity = Date.now();
      markActive();
    };
    const events = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    const timer = setInterval(() => {
      let shared = 0;
      try {
        shared = Number(localStorage.getItem(STORAGE_KEY) ?? 0);
      } catch {
        shared = 0;
      }
      const idle = Date.now() - Math.max(localActivity, shared);
      if (idle >= IDLE_MS) void signOut({ callbackUrl: "/backoffice/sign-in?reason=idle" });
      else setWarning(idle >= WARN_MS);
    }, 5_000);
    return () => {
      for (const e of events) window.removeEventListener(e, onActivity);
      clearInterval(timer);
    };
  }, [markActive]);

  if (!warning) return null;
  return (
    <div role="alertdialog" aria-labelledby="idle-title" aria-describedby="idle-text" className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-lg border border-amber-400 bg-amber-50 p-4 shadow-lg dark:border-amber-600 dark:bg-amber-950">
      <p id="idle-title" className="font-semibold text-amber-950 dark:text-amber-100">
        Still there?
      </p>
      <p id="idle-text" className="mt-1 text-sm text-amber-950 dark:text-amber-100">
        You will be signed out in about a minute because you have been inactive.
      </p>
      <Button className="mt-3" onClick={markActive} autoFocus>
        Stay signed in
      </Button>
    </div>
  );
}
