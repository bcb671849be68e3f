# Stand-in for the official postgres image: Debian's PostgreSQL 15 (the version the project also
# runs locally), initialised on first start from POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB.
ARG BASE=agency-stand-in/bookworm:base
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /docker-entrypoint.sh
USER postgres
ENTRYPOINT ["/docker-entrypoint.sh"]
STOPSIGNAL SIGINT
CMD ["postgres"]
