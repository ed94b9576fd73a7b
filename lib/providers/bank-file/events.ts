// A bank sends no webhooks: its answers are files an operator imports
// (bankfile:import, Payouts → Bank files). Anything posted to a bank_file
// connector's events URL is refused, and counted like every refused event.
import { ProviderEventRejectedError, type ParsedProviderEvent } from "../live-connector";

export function parseBankFileEvent(): ParsedProviderEvent[] {
  throw new ProviderEventRejectedError("malformed", "A bank_file connector receives no events: import the bank's pain.002 or camt.054 instead");
}
