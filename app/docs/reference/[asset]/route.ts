// Swagger UI's browser bundle and stylesheet, served from node_modules on our
// own origin: the docs work with no internet access and load no third-party code.
import { readFile } from "node:fs/promises";
import path from "node:path";

const ASSETS: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const cache = new Map<string, Buffer>();

export async function GET(_req: Request, { params }: { params: Promise<{ asset: string }> }): Promise<Response> {
  const { asset } = await params;
  const type = ASSETS[asset];
  if (!type) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  let bytes = cache.get(asset);
  if (!bytes) {
    bytes = await readFile(path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules", "swagger-ui-dist", asset));
    cache.set(asset, bytes);
  }
  return new Response(new Uint8Array(bytes), { headers: { "content-type": type, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" } });
}
