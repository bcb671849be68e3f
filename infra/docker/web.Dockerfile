# The web process: renders every page of the website on request (docs/architecture.md).
# Build context: the repository root.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Every workspace's package.json: npm refuses a lockfile whose workspaces are missing.
COPY package.json package-lock.json ./
COPY services/shared/package.json services/shared/
COPY services/server-kit/package.json services/server-kit/
COPY services/content/package.json services/content/
COPY services/tools/package.json services/tools/
COPY services/model-sim/package.json services/model-sim/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY tsconfig.json ./
COPY services/shared/ services/shared/
# The web server bundles server-kit's environment reader (its framework-free ./config entry).
COPY services/server-kit/ services/server-kit/
COPY frontend/ frontend/
RUN npx tsc -b services/shared services/server-kit && npm run build -w frontend

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# The server bundle carries its dependencies; it reads the browser build's manifest in dist/client.
COPY --from=build /app/frontend/dist/ frontend/dist/
# Except sharp (native; it draws the posts' social images), installed where the bundle finds it.
RUN npm install --prefix /app --no-audit --no-fund --omit=dev sharp@0.35.5
USER node
EXPOSE 3000
CMD ["node", "frontend/dist/server/main.js"]
