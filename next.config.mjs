/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native and worker-thread packages must stay outside the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pino", "bullmq", "ioredis", "pg", "@prisma/adapter-pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  // The API answers JSON 404s itself (app/v1/[...path]); no trailing-slash redirects on it.
  skipTrailingSlashRedirect: true,
};

export default nextConfig;
