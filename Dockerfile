# syntax=docker/dockerfile:1
# One image for every process: the portal by default, the casino aggregator with the command of
# CASINO in deploy/processes.ts. Built from the repository's root: docker build -t backlay .

ARG NODE_IMAGE=node:20.19-bookworm-slim

# Every workspace's manifest, so `npm ci` sees the whole lockfile before any source is copied
# (a source edit then keeps the installed layers).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/backoffice/package.json apps/backoffice/
COPY apps/casino/package.json apps/casino/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/betfair-stream/package.json packages/betfair-stream/
COPY packages/catalogue/package.json packages/catalogue/
COPY packages/contracts/package.json packages/contracts/
COPY packages/exchange/package.json packages/exchange/
COPY packages/fair/package.json packages/fair/
COPY packages/feed/package.json packages/feed/
COPY packages/front-kit/package.json packages/front-kit/
COPY packages/ledger/package.json packages/ledger/
COPY packages/rejections/package.json packages/rejections/
COPY packages/tables/package.json packages/tables/

# The three web apps, built as `npm start` builds them.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w @backlay/web && npm run build -w @backlay/casino && npm run build -w @backlay/backoffice

FROM manifests AS runtime
ENV NODE_ENV=production
# openssl makes the trading stream's self-signed pair when BETFAIR_STREAM_CERT/KEY are not given.
RUN apt-get update \
  && apt-get install -y --no-install-recommends openssl \
  && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY tsconfig.base.json ./
COPY apps apps
COPY packages packages
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/backoffice/dist apps/backoffice/dist
COPY --from=build /app/apps/casino/web/dist apps/casino/web/dist
# DATA_DIR (./data): the casino's journal and the stream's certificate; a volume in deploy/compose.yaml.
RUN mkdir -p /app/data && chown 1000:1000 /app/data
# The base image's `node` user, by number so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 8080 8081 8443
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/server.ts"]
