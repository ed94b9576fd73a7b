// The SDK's event type narrows on `data.action` as well as on `event`
// (issue #25, item 13): a refund and a chargeback send the same kinds as
// their sale, so a handler must be able to tell them apart by type. The
// assertions are types: `npx tsc --noEmit` (in `npm test`) fails when the
// narrowing is gone, and vitest runs the same file for the runtime parts.
import { describe, expectTypeOf, it } from "vitest";
import type { SluiceEvent } from "../../sdk/src/index";

type Succeeded = Extract<SluiceEvent, { event: "transaction.succeeded" }>;

describe("SluiceEvent", () => {
  it("narrows data on data.action: a refund names its sale, a sale names none", () => {
    const handle = (event: SluiceEvent) => {
      if (event.event !== "transaction.succeeded") return;
      switch (event.data.action) {
        case "REFUND":
        case "CHARGEBACK":
          expectTypeOf(event.data.parentId).toEqualTypeOf<string>();
          expectTypeOf(event.data.action).toEqualTypeOf<"REFUND" | "CHARGEBACK">();
          return;
        case "SALE":
          expectTypeOf(event.data.parentId).toEqualTypeOf<undefined>();
          return;
        case "PAYOUT":
        case "AUTHORIZE":
          return;
        default:
          // Every action handled: nothing is left.
          expectTypeOf(event.data).toEqualTypeOf<never>();
      }
    };
    void handle;
  });

  it("is a union per action, so a refund's transaction.succeeded is its own member", () => {
    expectTypeOf<Extract<Succeeded, { data: { action: "REFUND" } }>["data"]["parentId"]>().toEqualTypeOf<string>();
    expectTypeOf<Extract<Succeeded, { data: { action: "SALE" } }>["data"]["orderId"]>().toEqualTypeOf<string>();
    expectTypeOf<Succeeded["data"]["action"]>().toEqualTypeOf<"SALE" | "PAYOUT" | "AUTHORIZE" | "REFUND" | "CHARGEBACK">();
    // A test webhook has no transaction and stays as it is.
    expectTypeOf<Extract<SluiceEvent, { event: "test.webhook" }>>().not.toBeNever();
  });
});
