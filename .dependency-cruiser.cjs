// Import rules, checked by `npm test` (scripts/test.ts runs `npm run lint:deps`).
// The floors of lib/ are listed bottom first: a folder may import the ground
// and folders on floors below its own, never a folder beside or above it, so
// the folders of lib/ cannot form a cycle. The README's "Architecture"
// section draws the same floors; change both together.
const FLOORS = [
  ["schema", "generated"], // ground, with lib/*.ts (db, env, errors, ids, log, redis, crypto, time)
  ["api-objects", "audit", "idempotency", "jobs", "metrics", "rate-limit", "users", "surfaces"],
  ["api-keys", "http", "openapi", "providers"],
  ["connectors"],
  ["api-requests", "auth", "customers", "ledger", "payment-methods", "webhooks"],
  ["kyc", "merchants", "routing", "secrets", "team"],
  ["transactions"],
  ["checkout", "maintenance", "provider-events", "risk"],
  ["bank-files", "payouts"],
  ["approvals"],
  ["api", "backoffice", "monitoring"],
];

// The list is closed: a folder of lib/ on no floor would escape every floor
// rule (nothing forbids a lower floor from importing it), so the check
// refuses to run until the folder has a floor. Read next to this file, so a
// copy of it (tests/architecture) checks the lib/ beside the copy.
const path = require("node:path");
const fs = require("node:fs");
const libDir = path.join(__dirname, "lib");
const unplaced = fs
  .readdirSync(libDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !FLOORS.flat().includes(entry.name))
  .map((entry) => `lib/${entry.name}/`);
if (unplaced.length > 0) {
  throw new Error(
    `${unplaced.join(", ")} ${unplaced.length === 1 ? "is" : "are"} on no floor of lib/: add ${unplaced.length === 1 ? "it" : "each"} to FLOORS in .dependency-cruiser.cjs ` +
      `(on the floor above every lib/ folder it imports and below every folder that imports it) and to the floor table in README.md ("The floors of lib/").`,
  );
}

const floorRules = FLOORS.flatMap((floor, i) =>
  floor.map((folder) => {
    const notBelow = FLOORS.slice(i).flat().filter((f) => f !== folder);
    return {
      name: `floor-${folder}`,
      comment: `lib/${folder}/ is on floor ${i}: it imports only lib/*.ts and folders on lower floors (.dependency-cruiser.cjs FLOORS).`,
      severity: "error",
      from: { path: `^lib/${folder}/` },
      to: { path: `^lib/(${notBelow.join("|")})/` },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles anywhere: a cycle makes load order matter and hides which module owns what.",
      severity: "error",
      from: { path: "^(lib|app|components|workers)/" },
      to: { circular: true },
    },
    {
      name: "ground-floor",
      comment: "lib/*.ts (db, env, errors, ids, log, redis, crypto, time) is the ground: it imports no folder of lib/ but the generated Prisma client.",
      severity: "error",
      from: { path: "^lib/[^/]+\\.ts$" },
      to: { path: "^lib/[^/]+/", pathNot: "^lib/generated/" },
    },
    ...floorRules,
    {
      name: "lib-not-to-edges",
      comment: "lib/ is the domain: it never imports the web app, the components or the worker.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components|workers)/" },
    },
    {
      name: "lib-not-to-next-or-react",
      comment: "Domain functions run in the web process, the worker and the CLI alike: no Next.js or React in lib/.",
      severity: "error",
      from: { path: "^lib/" },
      to: { dependencyTypes: ["npm", "npm-dev", "npm-peer", "npm-optional", "npm-no-pkg", "npm-unknown"], path: "^node_modules/(next|react|react-dom)/" },
    },
    {
      name: "edges-not-to-prisma",
      comment: "Route handlers, pages and components call domain functions in lib/; they never query the database themselves.",
      severity: "error",
      from: { path: "^(app|components)/" },
      to: { path: "^lib/(db\\.ts|generated/prisma/client\\.ts)$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^lib/generated/prisma/(internal|models)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
