# nginx gateway with the website's browser assets (pages come from the web service). Build context: the repository root.
# The nginx image renders /etc/nginx/templates/*.template into /etc/nginx/conf.d/ at start,
# substituting only the variables NGINX_ENVSUBST_FILTER lets through (see gateway.conf.template).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/shared/package.json services/shared/
COPY services/server-kit/package.json services/server-kit/
COPY services/content/package.json services/content/
COPY services/tools/package.json services/tools/
COPY services/model-sim/package.json services/model-sim/
COPY frontend/package.json frontend/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY services/shared/ services/shared/
# The frontend build also bundles the web server, which reads server-kit's ./config entry.
COPY services/server-kit/ services/server-kit/
COPY frontend/ frontend/
RUN npx tsc -b services/shared services/server-kit && npm run build -w frontend

FROM nginx:1.28-alpine
ENV NGINX_ENVSUBST_FILTER="^(NGINX_LISTEN_PORT|CONTENT_UPSTREAM|STATIC_ROOT|TOOLS_UPSTREAM|WEB_UPSTREAM|PROXY_CACHE_DIR|GATEWAY_ACCESS_LOG|MEDIA_ROOT)" \
    PROXY_CACHE_DIR=/var/cache/nginx/content \
    GATEWAY_ACCESS_LOG=/var/log/nginx/access.log \
    NGINX_LISTEN_PORT=8080 \
    CONTENT_UPSTREAM=content:3001 \
    WEB_UPSTREAM=web:3000 \
    STATIC_ROOT=/usr/share/nginx/html
# Runs as the image's unprivileged nginx user: the pid file moves to /tmp, and the rendered
# config, the micro-cache and the temp files go where that user may write.
RUN rm -f /etc/nginx/conf.d/default.conf && rm -rf /usr/share/nginx/html/* \
 && sed -i -e '/^user /d' -e 's,^pid .*,pid /tmp/nginx.pid;,' /etc/nginx/nginx.conf \
 && mkdir -p /var/cache/nginx \
 && for dir in /var/cache/nginx /var/lib/nginx /etc/nginx/conf.d; do [ ! -d "$dir" ] || chown -R nginx:nginx "$dir"; done
COPY infra/nginx/gateway.conf.template /etc/nginx/templates/gateway.conf.template
COPY --from=build /app/frontend/dist/client/ /usr/share/nginx/html/
USER nginx
EXPOSE 8080
