# syntax=docker/dockerfile:1
#
# One image recipe for every Quire process. Build one image per app:
#   docker build --build-arg APP=gateway -t quire/gateway:latest .
#   docker build --build-arg APP=auth    -t quire/auth:latest .
# APP is gateway or a directory name under services/ (auth item page team notice admin export).
# The gateway listens on $PORT (4999); services speak NATS only and expose no HTTP port.

############################
# build: install everything, compile the server (tsc -b) and the SPA (vite)
############################
FROM node:20-bookworm-slim AS build
WORKDIR /app

# Manifests first so the dependency layer is reused until a package.json or the lockfile changes.
# Every workspace of the root package.json is listed (a test in e2e/deploy checks it).
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY libs/config/package.json libs/config/
COPY libs/platform/package.json libs/platform/
COPY libs/testing/package.json libs/testing/
COPY libs/markdown/package.json libs/markdown/
COPY services/auth/package.json services/auth/
COPY services/item/package.json services/item/
COPY services/page/package.json services/page/
COPY services/team/package.json services/team/
COPY services/notice/package.json services/notice/
COPY services/admin/package.json services/admin/
COPY services/export/package.json services/export/
COPY gateway/package.json gateway/
COPY embedded/package.json embedded/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY load-tests/package.json load-tests/
RUN npm install --no-audit --no-fund

COPY . .
RUN npm run build

# Drop devDependencies (typescript, jest, vite, ...) and assemble what the runtime needs in /out:
# root node_modules, the runtime workspaces (their dist/ plus sources, which the source maps point at)
# and the built SPA. Test-only workspaces are left behind, and so are their workspace links.
RUN npm prune --omit=dev --no-audit --no-fund \
 && mkdir -p /out/web \
 && cp -a package.json node_modules docker /out/ \
 && for ws in proto libs/config libs/platform libs/markdown gateway embedded services/*; do \
      mkdir -p "/out/$(dirname "$ws")" && cp -a "$ws" "/out/$ws"; \
    done \
 && cp -a web/package.json web/dist /out/web/ \
 && find /out/node_modules -xtype l -delete

############################
# runtime: production dependencies and compiled output only, as the non-root `node` user
############################
FROM node:20-bookworm-slim AS runtime

# tini as PID 1 forwards SIGTERM to node and reaps zombies (node as PID 1 ignores default signals).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*

ARG APP=gateway
ENV APP=$APP \
    NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=4999 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    WEB_DIST=/app/web/dist

WORKDIR /app
# Code stays root-owned (read-only for the app); only DATA_DIR is writable by `node`.
COPY --from=build /out/ /app/
RUN mkdir -p /app/data && chown node:node /app/data \
 && chmod 0755 /app/docker/entrypoint.sh

USER node
EXPOSE 4999

# Gateway: GET /healthz must answer 2xx. Services have no HTTP endpoint: their health is their NATS
# connection (they reconnect by themselves; a crashed process is brought back by the restart policy), so
# the check passes for them; docker-compose.yml disables it for services and k8s gives them no probe.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "/app/docker/healthcheck.js", "/healthz"]

ENTRYPOINT ["/usr/bin/tini", "--", "/app/docker/entrypoint.sh"]
