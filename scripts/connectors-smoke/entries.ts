// The providers `npm run connectors:smoke` knows: one entry per provider,
// each in its own file beside this one. A new connector adds its line here.
// (bank_file has none: it calls no one, its files are checked by the tests.)
import { adyenSmoke } from "./adyen";
import { paypalSmoke } from "./paypal";
import type { SmokeEntry } from "./smoke-entry";
import { stripeSmoke } from "./stripe";

export const SMOKE_ENTRIES: SmokeEntry[] = [stripeSmoke, adyenSmoke, paypalSmoke];
