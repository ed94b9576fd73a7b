# Sluice's image (SPEC §22): one image, two roles — the web server and the
# worker — chosen by the command. Multi-stage: dependencies and the Next.js
# build happen in `build`; the runtime stage carries the result and runs as
# the unprivileged `node` user. Migrations are a one-off run of the same image
# (`npm run db:migrate`, see compose.yaml and deploy/k8s/migrate-job.yaml).
# No local service setup happens here: PostgreSQL and Redis are the
# operator's (DATABASE_URL, REDIS_URL).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
# The postinstall script generates the Prisma client from the schema.
COPY package.json package-lock.json .npmrc prisma.config.ts ./
COPY prisma ./prisma
# `npm install`, not `npm ci`: see README "Install scripts" and STACK notes on the lockfile.
RUN npm install --no-audit --no-fund
COPY . .
# Build-time placeholders only (Next.js loads lib/env.ts while collecting pages);
# they are not in the runtime stage, which refuses to start without real ones.
RUN APP_ENCRYPTION_KEY=c2x1aWNlLWJ1aWxkLW9ubHkta2V5LTAwMDAwMDAwMDA= NEXTAUTH_SECRET=build-only-placeholder npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
ENV PORT=3000
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# The web role. The worker role: `node --import tsx workers/index.ts`.
# Node runs directly (not through npm), so SIGTERM reaches the server and it drains.
CMD ["node", "--import", "tsx", "scripts/web-server.ts"]
