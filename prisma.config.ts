// Prisma CLI configuration. The CLI is used only for `prisma generate` here;
// migrations are generated and applied by scripts/db (see README "Database")
// because `prisma migrate` needs a native schema engine that is downloaded at
// install time, which is not possible on offline machines.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/sluice" },
});
