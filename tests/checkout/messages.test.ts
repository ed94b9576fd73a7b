// Every language of the checkout has every text of the English reference,
// with the same ICU arguments, so no customer ever sees a message key.
import { describe, expect, it } from "vitest";
import { CHECKOUT_LANGUAGES, messagesFor } from "@/lib/checkout/i18n";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );
}

/** Top-level ICU argument names ({merchant}, {count, plural, …}). */
function argumentsOf(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)(?=[,}])/g)].map((m) => m[1]!))].sort();
}

describe("checkout messages", () => {
  const reference = flatten(messagesFor("en") as unknown as Tree);
  it.each(CHECKOUT_LANGUAGES.filter((l) => l !== "en"))("%s has every English key, with the same arguments", (language) => {
    const messages = flatten(messagesFor(language) as unknown as Tree);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(reference).sort());
    for (const [key, text] of Object.entries(reference)) expect([key, argumentsOf(messages[key]!)]).toEqual([key, argumentsOf(text)]);
  });
});
