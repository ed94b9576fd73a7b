// Runs once when the Next.js server starts. Importing lib/env here validates
// the configuration at start (GUIDE.md §5): a missing or malformed variable
// stops `next start` with a message naming it, instead of failing later on
// the first request that happens to read it.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./lib/env");
}
