# Tools API, model workers and the model simulator: one image, three commands (docker-compose.yml).
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
COPY services/server-kit/ services/server-kit/
COPY services/tools/ services/tools/
COPY services/model-sim/ services/model-sim/
RUN npx tsc -b services/tools services/model-sim

FROM base AS production-deps
# Production dependencies of the tools service and the model simulator only, from the lockfile.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @agency/tools --workspace @agency/model-sim \
 && mkdir -p services/shared/node_modules services/server-kit/node_modules services/tools/node_modules services/model-sim/node_modules

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
# glibc's allocator: two arenas, and blocks of 128 KB and more mapped on their own, so that the
# pages of uploads and decoded images go back to the system (README "Security": memory under a hostile scan).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=production-deps /app/services/shared/node_modules services/shared/node_modules
COPY --from=production-deps /app/services/server-kit/node_modules services/server-kit/node_modules
COPY --from=production-deps /app/services/tools/node_modules services/tools/node_modules
COPY --from=production-deps /app/services/model-sim/node_modules services/model-sim/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/services/shared/package.json services/shared/
COPY --from=build /app/services/shared/dist/ services/shared/dist/
COPY --from=build /app/services/server-kit/package.json services/server-kit/
COPY --from=build /app/services/server-kit/dist/ services/server-kit/dist/
COPY --from=build /app/services/tools/package.json services/tools/
COPY --from=build /app/services/tools/dist/ services/tools/dist/
COPY --from=build /app/services/model-sim/package.json services/model-sim/
COPY --from=build /app/services/model-sim/dist/ services/model-sim/dist/
USER node
EXPOSE 3002
CMD ["node", "services/tools/dist/src/main.js"]
