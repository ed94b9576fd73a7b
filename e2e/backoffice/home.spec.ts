import { expect, test } from "../csp";

test("the home page loads and links to the back office and the API reference", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sluice" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back office" })).toBeVisible();
  await expect(page.getByRole("link", { name: "API reference" })).toBeVisible();
});
