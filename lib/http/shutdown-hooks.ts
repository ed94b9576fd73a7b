// Work the web process must finish before it exits (e.g. the buffered API
// request log). Kept on globalThis because the server entry
// (scripts/web-server.ts) and Next's bundled route code load separate copies
// of our modules in the same process; the registry must be one.
type Hook = () => Promise<void>;

const KEY = Symbol.for("sluice.shutdownHooks");

function hooks(): Map<string, Hook> {
  const g = globalThis as Record<symbol, Map<string, Hook> | undefined>;
  return (g[KEY] ??= new Map());
}

/** Registers (or replaces, on a dev reload) the hook named `name`. */
export function registerShutdownHook(name: string, hook: Hook): void {
  hooks().set(name, hook);
}

/** Runs every hook; one failing does not stop the others. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled([...hooks().values()].map((hook) => hook()));
}
