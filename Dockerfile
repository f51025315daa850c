# syntax=docker/dockerfile:1
# The BFF's production image (docs/operations.md, ADR 015). Two stages: "build" has the compilers
# and dev dependencies (Vite, esbuild, TypeScript) and builds the app; "runtime" gets the build and
# production dependencies only, and runs as the unprivileged "node" user.
#   docker build -t pharma-bff .
#   docker run -p 3000:3000 -e UPSTREAM_URL=http://niushop:80 -e SESSION_SECRET=... pharma-bff
# The same image runs the reference shop API for demos: command ["node", "build/shop-api.js"].

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 (the reference shop API's database) is a native addon: node-gyp compiles it with
# the image's own Node headers (nodedir), and npm ci below tells its installer not to look for a
# prebuilt binary (build_from_source): the build downloads npm packages and Debian packages only.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
# npm ci's postinstall applies the dependency patches (patches/, ADR 028, 055) and fails on one that does not apply.
COPY patches ./patches
# The workspace's manifest (the reference shop API, ADR 069): npm ci installs its dependencies too.
COPY shop-api/package.json ./shop-api/package.json
# Behind a proxy that re-signs TLS, its CA comes as a build secret, never stored in a layer:
#   docker build --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt .   (scripts/image/test.sh does)
RUN --mount=type=secret,id=npm_ca \
    if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
 && npm_config_build_from_source=better-sqlite3 npm ci --no-audit --no-fund
COPY . .
# The Remix build + server bundle (the embedded shop API's TypeScript inlined, ADR 069), the
# reference shop API as one file (the demo Deployment runs it without tsx), then drop the dev
# dependencies; the compiled addon and the workspace's runtime dependencies stay.
RUN npm run build \
 && npx esbuild shop-api/main.ts --bundle --platform=node --format=esm --packages=external --outfile=build/shop-api.js \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# tini as PID 1: forwards SIGTERM to Node and reaps the cluster's worker processes.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
# Read at run time: translations (server-side i18next and /locales for the browser).
COPY --from=build --chown=node:node /app/locales ./locales
# DATA_DIR of the embedded shop API (only used when UPSTREAM_URL is unset); a volume in k8s.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# server.ts drains on SIGTERM: it stops accepting, lets running requests finish, and exits within
# 10 s (12 s for the cluster primary), inside Docker's and Kubernetes' grace periods.
STOPSIGNAL SIGTERM
# The slim image has no curl: Node's fetch asks the same /healthz the load balancer asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# The flags of `npm start` (a larger young generation: ADR 029).
CMD ["node", "--max-semi-space-size=32", "build/server.js"]
