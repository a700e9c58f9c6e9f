# syntax=docker/dockerfile:1
#
# One image recipe for every Quire process. Build one image per app:
#   docker build --build-arg APP=gateway -t quire/gateway:latest .
#   docker build --build-arg APP=auth    -t quire/auth:latest .
# APP is gateway or a directory name under services/ (auth item page team notice admin export search import collab webhook audit), or embedded
# (everything in one process, data under DATA_DIR). Each image holds only what its app runs on.
# The gateway listens on $PORT (4999); services speak NATS only and expose no HTTP port, but collab, whose
# WebSockets (forwarded by the gateway) arrive on $COLLAB_PORT (4997).

############################
# build: install everything from the lockfile, compile the server (tsc -b) and the SPA (vite), then
# install APP's production dependencies alone into /out
############################
FROM node:24-bookworm-slim AS build
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
COPY services/search/package.json services/search/
COPY services/import/package.json services/import/
COPY services/collab/package.json services/collab/
COPY services/webhook/package.json services/webhook/
COPY services/audit/package.json services/audit/
COPY gateway/package.json gateway/
COPY embedded/package.json embedded/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY load-tests/package.json load-tests/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build

# What the runtime image holds, assembled in /out: a second install from the same lockfile with only the
# production dependencies of APP's workspace and of the workspaces it depends on (npm resolves that closure:
# no devDependencies, nothing of libs/testing, e2e, load-tests or web; e2e/deploy checks what it contains),
# those workspaces' dist/ plus sources (the source maps point at them), the container scripts, and the
# built SPA where the gateway is part of the app (and for the export service, whose headless Chromium opens
# its export renderer page, web/export-render.html). APP is declared here, after the build, so that the layers
# above are shared by the nine images.
ARG APP=gateway
RUN case "$APP" in \
      gateway | embedded) app_workspace="$APP" ;; \
      '' | *[!a-z0-9-]*) app_workspace="" ;; \
      *) app_workspace="services/$APP" ;; \
    esac \
 && if [ -z "$app_workspace" ] || [ ! -f "$app_workspace/src/main.ts" ]; then \
      echo "APP must be gateway, embedded or one of: $(ls services | tr '\n' ' ')(got '$APP')" >&2; exit 64; \
    fi \
 && workspaces="$(node -p "require('./package.json').workspaces.join(' ')")" \
 && mkdir -p /out \
 && cp package.json package-lock.json /out/ \
 && for ws in $workspaces; do mkdir -p "/out/$ws" && cp "$ws/package.json" "/out/$ws/"; done \
 && cd /out \
 && npm ci --omit=dev --workspace "$app_workspace" --include-workspace-root=false --prefer-offline --no-audit --no-fund \
 && for ws in $workspaces; do \
      if [ -e "node_modules/$(node -p "require('./$ws/package.json').name")" ]; then \
        cp -a "/app/$ws/dist" "/app/$ws/src" "$ws/"; \
      else \
        rm -rf "$ws"; \
      fi; \
    done \
 && if [ -e node_modules/@quire/gateway ] || [ -e node_modules/@quire/export-service ]; then mkdir -p web && cp -a /app/web/dist web/; fi \
 && find /out -mindepth 1 -maxdepth 1 -type d -empty -delete \
 && rm package-lock.json \
 && cp -a /app/docker /out/

############################
# runtime: production dependencies and compiled output only, as the non-root `node` user
############################
FROM node:24-bookworm-slim AS runtime

# tini as PID 1 forwards SIGTERM to node and reaps zombies (node as PID 1 ignores default signals).
# The export image (and embedded, which runs the export jobs) also gets Debian's chromium, which prints the
# PDFs and draws the offline HTML sites, and fonts-noto-cjk, the CJK font embedded in PDFs of Chinese pages.
ARG APP=gateway
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && if [ "$APP" = export ] || [ "$APP" = embedded ]; then \
      apt-get install -y --no-install-recommends chromium fonts-noto-cjk fonts-dejavu-core; \
    fi \
 && rm -rf /var/lib/apt/lists/*

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
