import { describe, expect, it } from "vitest";
import { matchSurface, parseSurfaces } from "./surfaces";

const shared = parseSurfaces([
  { surface: "checkout", prefix: "/checkout", baseUrl: "http://localhost:3000/checkout" },
  { surface: "backoffice", prefix: "/backoffice", baseUrl: "http://localhost:3000/backoffice" },
]);
const dedicated = parseSurfaces([
  { surface: "checkout", prefix: "/checkout", baseUrl: "https://pay.example.com" },
  { surface: "backoffice", prefix: "/backoffice", baseUrl: "https://dashboard.example.com/app" },
]);

describe("surface matching", () => {
  it("serves the path prefixes on any host, without rewriting", () => {
    expect(matchSurface(shared, "localhost:3000", "/checkout/pay/abc")).toEqual({ surface: "checkout", rewriteTo: null, publicBase: "/checkout" });
    expect(matchSurface(dedicated, "api.example.com", "/backoffice")).toEqual({ surface: "backoffice", rewriteTo: null, publicBase: "/backoffice" });
    expect(matchSurface(shared, "localhost:3000", "/checkoutx")).toBeNull();
    expect(matchSurface(shared, "localhost:3000", "/")).toBeNull();
  });

  it("rewrites a dedicated host onto the app's prefix and reports the public base", () => {
    expect(matchSurface(dedicated, "PAY.example.com", "/pay/abc/complete")).toEqual({ surface: "checkout", rewriteTo: "/checkout/pay/abc/complete", publicBase: "" });
    expect(matchSurface(dedicated, "pay.example.com", "/")).toEqual({ surface: "checkout", rewriteTo: "/checkout", publicBase: "" });
    expect(matchSurface(dedicated, "dashboard.example.com", "/app/transactions")).toEqual({ surface: "backoffice", rewriteTo: "/backoffice/transactions", publicBase: "/app" });
    expect(matchSurface(dedicated, "dashboard.example.com", "/elsewhere")).toBeNull();
    expect(matchSurface(dedicated, "evil.example.com", "/pay/abc")).toBeNull();
  });
});
