import { describe, expect, it } from "vitest";
import { instalmentPlans } from "./instalment-plans";

describe("instalment plans", () => {
  it("split the amount exactly, the remainder in the first instalment", () => {
    for (const amount of [1000n, 1001n, 99_999n, 7n]) {
      for (const plan of instalmentPlans(amount)) {
        expect(plan.first + plan.each * BigInt(plan.count - 1)).toBe(amount);
        expect(plan.first - plan.each).toBeLessThan(BigInt(plan.count));
      }
    }
    expect(instalmentPlans(1050n).find((p) => p.id === "pay_in_4")).toMatchObject({ first: 264n, each: 262n });
  });

  it("offer only plans whose instalments are at least one minor unit", () => {
    expect(instalmentPlans(4n).map((p) => p.id)).toEqual(["pay_in_3", "pay_in_4"]);
    expect(instalmentPlans(2n)).toEqual([]);
  });
});
