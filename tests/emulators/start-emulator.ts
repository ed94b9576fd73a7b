// The one way tests start a provider emulator (GUIDE.md "Connectors and
// edges"): a real HTTP server on 127.0.0.1, on a free port, whose `apiBase`
// a connector is pointed at. One emulator is one account at the provider:
// a test of failover starts two.
import { AdyenEmulator, type AdyenEmulatorOptions } from "./adyen/server";
import { PaypalEmulator, type PaypalEmulatorOptions } from "./paypal/server";
import { StripeEmulator, type StripeEmulatorOptions } from "./stripe/server";

interface Emulators {
  stripe: { options: StripeEmulatorOptions; emulator: StripeEmulator };
  adyen: { options: AdyenEmulatorOptions; emulator: AdyenEmulator };
  paypal: { options: PaypalEmulatorOptions; emulator: PaypalEmulator };
}

const EMULATORS: { [P in keyof Emulators]: new (options: Emulators[P]["options"]) => Emulators[P]["emulator"] } = { stripe: StripeEmulator, paypal: PaypalEmulator, adyen: AdyenEmulator };

export async function startEmulator<P extends keyof Emulators>(provider: P, options: Emulators[P]["options"] = {}): Promise<Emulators[P]["emulator"] & { apiBase: string }> {
  const emulator = new EMULATORS[provider](options) as Emulators[P]["emulator"];
  await emulator.listen();
  return emulator;
}
