import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseInput } from "./parse-input";

describe("parseInput", () => {
  const schema = z.object({ keyId: z.string(), nested: z.object({ note: z.string() }).optional() });

  it("refuses a NUL character anywhere, naming the field", () => {
    expect(() => parseInput(schema, { keyId: "key_\u0000x" })).toThrow("keyId must not contain NUL characters");
    expect(() => parseInput(schema, { keyId: "k", nested: { note: "a\u0000" } })).toThrow("nested.note must not contain NUL characters");
  });

  it("passes clean input through the schema", () => {
    expect(parseInput(schema, { keyId: "key_1" })).toEqual({ keyId: "key_1" });
  });
});
