// Per-process caches of what a merchant configured (its payment-method
// catalogue, its settings) for the payment hot path (SPEC §16, issue #11):
// every sale needs both, and they change a few times a month. Without them a
// sale sent two more statements, and at volume those were a sixth of its SQL.
//
// The promise: a change takes effect within 2 s on every process. The process
// that makes the change forgets its entries at once (the writer calls
// forget… after its commit); every other process holds an entry for at most
// MERCHANT_CONFIG_TTL_MS, which also bounds the race where a read that began
// before the commit stores the old value after the forget. No pub/sub: the
// bound holds while Redis is down, and nothing is missed if a message is.
// Only what a request reads before it writes is cached; money rules that lock
// (payout limits, guarded debits) read the database.
import { LRUCache } from "lru-cache";

export const MERCHANT_CONFIG_TTL_MS = 1_500;

/** Enough for every active merchant and environment; the least recently used entry goes first. */
const MAX_ENTRIES = 10_000;

export interface MerchantConfigCache<V extends object> {
  /** The cached value for (merchant, environment, key), or load()'s; a null from load() is not cached. */
  get(scope: { merchantId: string; environment: string }, key: string, load: () => Promise<V | null>): Promise<V | null>;
  /** Forgets every entry of this merchant and environment (after a change to them commits). */
  forget(scope: { merchantId: string; environment: string }): void;
}

export function merchantConfigCache<V extends object>(): MerchantConfigCache<V> {
  const entries = new LRUCache<string, V>({ max: MAX_ENTRIES, ttl: MERCHANT_CONFIG_TTL_MS });
  const scopeOf = ({ merchantId, environment }: { merchantId: string; environment: string }) => `${merchantId}:${environment}:`;
  return {
    async get(scope, key, load) {
      const k = scopeOf(scope) + key;
      const hit = entries.get(k);
      if (hit) return hit;
      const value = await load();
      // Not cached when absent: a method or row created a moment later must be found at once.
      if (value) entries.set(k, value);
      return value;
    },
    forget(scope) {
      const prefix = scopeOf(scope);
      for (const k of [...entries.keys()]) if (k.startsWith(prefix)) entries.delete(k);
    },
  };
}
