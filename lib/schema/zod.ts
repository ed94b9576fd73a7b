// zod with `.openapi()` (examples, descriptions, component names). Schema
// files that call `.openapi()` import `z` from here, so the extension is
// installed before their first call whatever the import order elsewhere.
// (zod's own `.meta({ example })` works too and needs nothing.)
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

extendZodWithOpenApi(z);

export { z };
