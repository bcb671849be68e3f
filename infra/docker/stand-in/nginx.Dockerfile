# Stand-in for the official nginx image: Debian's nginx, and the same start-up step that renders
# /etc/nginx/templates/*.template into /etc/nginx/conf.d/ (only NGINX_ENVSUBST_FILTER's variables).
ARG BASE=agency-stand-in/bookworm:base
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends nginx-light gettext-base wget \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/* \
 && useradd --system --uid 101 --user-group --no-create-home --shell /usr/sbin/nologin nginx \
 && sed -i 's/^user .*/user nginx;/' /etc/nginx/nginx.conf \
 && mkdir -p /etc/nginx/templates /usr/share/nginx/html /var/cache/nginx \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY nginx-entrypoint.sh /docker-entrypoint.sh
ENTRYPOINT ["/docker-entrypoint.sh"]
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
