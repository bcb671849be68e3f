# Content service image; also runs the one-shot migrate + seed step (docker-compose.yml).
# Build context: the repository root.

FROM node:24-bookworm-slim AS base
WORKDIR /app
# Every workspace's package.json: npm refuses a lockfile whose workspaces are missing.
# Add new workspaces here (and in tools.Dockerfile).
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
COPY services/server-kit/ services/server-kit/
COPY services/content/ services/content/
RUN npx tsc -b services/content

FROM base AS production-deps
# The content service's production dependencies only (with those of the workspaces it uses), from
# the lockfile. A workspace's own node_modules holds versions that differ from the root's
# (server-kit's cookie, for one), and each is copied below.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @agency/content \
 && mkdir -p services/shared/node_modules services/server-kit/node_modules services/content/node_modules

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/services/shared/node_modules services/shared/node_modules
COPY --from=production-deps /app/services/server-kit/node_modules services/server-kit/node_modules
COPY --from=production-deps /app/services/content/node_modules services/content/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/services/shared/package.json services/shared/
COPY --from=build /app/services/shared/dist/ services/shared/dist/
COPY --from=build /app/services/server-kit/package.json services/server-kit/
COPY --from=build /app/services/server-kit/dist/ services/server-kit/dist/
COPY --from=build /app/services/content/package.json services/content/
COPY --from=build /app/services/content/dist/ services/content/dist/
# The media library's directory (a named volume in docker-compose.yml takes this owner when first mounted).
RUN mkdir -p /var/lib/agency/media && chown node:node /var/lib/agency/media
ENV MEDIA_DIR=/var/lib/agency/media
USER node
EXPOSE 3001
CMD ["node", "services/content/dist/src/main.js"]
