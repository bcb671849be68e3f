# Stand-in for the official redis image: Debian's Redis 7, run in the foreground from /data and,
# like the official image, reachable from other containers (protected mode off).
ARG BASE=agency-stand-in/bookworm:base
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /data && chown redis:redis /data
COPY redis-entrypoint.sh /docker-entrypoint.sh
WORKDIR /data
USER redis
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["redis-server"]
