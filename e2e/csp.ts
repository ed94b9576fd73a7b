// Content-Security-Policy violations, caught wherever a page runs (SPEC §12, §20).
// The back-office and docs specs take `test` from here: every page they open is
// watched, and a test whose page reported a violation fails at its end.
import { test as base, expect, type Page } from "@playwright/test";

/** Collects Content-Security-Policy violations the browser reports on this page. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const violations = watchCsp(page);
    await use(page);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});

export { expect };
