# syntax=docker/dockerfile:1
# The production image (README "Running in production"). One stage installs everything
# and builds the web app and the server bundle; the final stage holds only the server's production
# dependencies and the built files, and runs as the unprivileged `node` user. Migrations are their
# own step with the same image: `node apps/server/dist/migrate-cli.js` (compose's `migrate`).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Manifests first: the dependency layer is reused until they change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server apps/server
COPY apps/web apps/web
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# The bundle includes @app/shared; only the server's runtime dependencies stay external.
RUN npm ci --omit=dev --workspace=@app/server && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY apps/server/drizzle apps/server/drizzle
# Only the data folder is writable (local uploads or PGlite if ever used without DATABASE_URL).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness: 503 while the database is down or the instance drains before a shutdown.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
