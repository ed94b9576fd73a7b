// The providers `npm run connectors:smoke` knows: one entry per provider,
// each in its own file beside this one. A new connector adds its line here.
import type { SmokeEntry } from "./smoke-entry";
import { stripeSmoke } from "./stripe";

export const SMOKE_ENTRIES: SmokeEntry[] = [stripeSmoke];
