// Every route file under app/v1 but the JSON 404 catch-all, with the API path
// it serves in OpenAPI syntax (`[id]` → `{id}`).
import { readdirSync } from "node:fs";
import path from "node:path";

export function apiRouteFiles(): { file: string; apiPath: string }[] {
  const root = path.resolve("app/v1");
  const out: { file: string; apiPath: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const rel = path.relative(root, dir).split(path.sep);
        if (rel.some((p) => p.startsWith("[..."))) continue; // the JSON 404 catch-all
        out.push({ file: full, apiPath: "/" + rel.map((p) => p.replace(/^\[(.+)\]$/, "{$1}")).join("/") });
      }
    }
  };
  walk(root);
  return out;
}
