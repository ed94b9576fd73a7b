// Test data through the domain functions (GUIDE.md §13), never by hand-written SQL.
import { createMerchant, type CreatedMerchant } from "@/lib/merchants/create-merchant";

let counter = 0;

export async function newMerchant(name = `Test Merchant ${++counter}`): Promise<CreatedMerchant> {
  return createMerchant({ name });
}

/** A Request as the API would receive it, with the key in the chosen header form. */
export function apiRequest(
  path: string,
  { key, method = "GET", body, form = "bearer", headers = {} }: { key?: string; method?: string; body?: unknown; form?: "bearer" | "x-api-key"; headers?: Record<string, string> } = {},
): Request {
  const h = new Headers({ host: "localhost:3000", ...headers });
  if (key) h.set(form === "bearer" ? "authorization" : "x-api-key", form === "bearer" ? `Bearer ${key}` : key);
  if (body !== undefined && !h.has("content-type")) h.set("content-type", "application/json");
  return new Request(`http://localhost:3000/v1${path}`, { method, headers: h, body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body) });
}

export async function json(res: Response): Promise<any> {
  return JSON.parse(await res.text());
}
