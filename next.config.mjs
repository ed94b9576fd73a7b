/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and worker-thread packages must stay outside the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  // Lets several builds coexist (e.g. parallel test runs); defaults to .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // The API answers JSON 404s itself (app/v1/[...path]); no trailing-slash redirects on it.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
