# The web process: renders every page of the website on request (docs/architecture.md).
# Build context: the repository root.

FROM node:24-bookworm-slim AS base
WORKDIR /app
# Every workspace's package.json: npm refuses a lockfile whose workspaces are missing.
COPY package.json package-lock.json ./
COPY services/shared/package.json services/shared/
COPY services/server-kit/package.json services/server-kit/
COPY services/content/package.json services/content/
COPY services/tools/package.json services/tools/
COPY services/model-sim/package.json services/model-sim/
COPY frontend/package.json frontend/
COPY bench/package.json bench/

FROM base AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY services/shared/ services/shared/
# The web server bundles server-kit's environment reader (its framework-free ./config entry).
COPY services/server-kit/ services/server-kit/
COPY frontend/ frontend/
RUN npx tsc -b services/shared services/server-kit && npm run build -w frontend

FROM base AS production-deps
# The server bundle carries its dependencies except sharp (native; it draws the posts' social
# images): the website's production dependencies, from the lockfile, where the bundle finds them.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @agency/frontend && mkdir -p frontend/node_modules

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/frontend/node_modules frontend/node_modules
# It reads the browser build's manifest in dist/client.
COPY --from=build /app/frontend/dist/ frontend/dist/
USER node
EXPOSE 3000
CMD ["node", "frontend/dist/server/main.js"]
