"use client";
// Time left before the checkout expires. The server renders it as text
// ("29 minutes"), which is all a browser without JavaScript gets; with
// JavaScript it counts down by the second and, at zero, asks the server for
// the page again (which then shows the expired page). A `timer` role is not
// announced on every tick, so screen readers are not flooded.
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export function Countdown({ expiresAt, label, serverText }: { expiresAt: string; label: string; serverText: string }) {
  const router = useRouter();
  const [text, setText] = useState(serverText);
  useEffect(() => {
    const end = Date.parse(expiresAt);
    let refreshed = false;
    const tick = () => {
      const left = end - Date.now();
      setText(clock(left));
      if (left <= 0 && !refreshed) {
        refreshed = true;
        router.refresh();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt, router]);
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {label}:{" "}
      <time role="timer" dateTime={expiresAt} className="font-medium tabular-nums text-slate-800 dark:text-slate-200">
        {text}
      </time>
    </p>
  );
}
