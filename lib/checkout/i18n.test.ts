import { describe, expect, it } from "vitest";
import { checkoutTranslator, resolveLocale } from "./i18n";

describe("checkout locale", () => {
  it("uses the language of a BCP 47 tag and keeps the region for formatting", () => {
    expect(resolveLocale("de-CH")).toEqual({ language: "de", tag: "de-CH" });
    expect(resolveLocale("FR")).toEqual({ language: "fr", tag: "fr" });
    expect(resolveLocale("es-419")).toEqual({ language: "es", tag: "es-419" });
  });

  it("falls back to English for other, missing or malformed tags", () => {
    for (const tag of ["pt-BR", "", null, "not a tag", "x"]) expect(resolveLocale(tag)).toEqual({ language: "en", tag: "en" });
  });

  it("translates with ICU plurals", () => {
    expect(checkoutTranslator(resolveLocale("de")) ("decline.attemptsLeft", { count: 2 })).toContain("2 Mal");
    expect(checkoutTranslator(resolveLocale("en"))("verification.wrongCode", { count: 1 })).toBe("This code is incorrect. You have 1 try left.");
  });
});
