// ESLint (npm test runs `npm run lint`): Next.js's own rule sets, which bring
// typescript-eslint's recommended rules, React, React hooks and Core Web
// Vitals. typescript-eslint needs TypeScript's JavaScript API, which
// TypeScript 7 no longer ships: package.json therefore aliases `typescript`
// to @typescript/typescript6 (the API, for tools) and takes the `tsc` binary
// from @typescript/native (TypeScript 7, for type checks and builds).
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // `_name` marks a value left out on purpose (e.g. card fields stripped from a request).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // Playwright fixtures and scripts call a parameter named `use`; it is not React's hook.
    files: ["e2e/**", "scripts/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Tests read API answers as parsed JSON whose shape the OpenAPI check (tests/helpers/openapi.ts) has already verified.
    files: ["tests/**", "e2e/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // CommonJS config files (.dependency-cruiser.cjs) load Node's modules the CommonJS way.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    ignores: ["lib/generated/**", ".next/**", ".next-*/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "sdk/dist/**"],
  },
];

export default config;
