# syntax=docker/dockerfile:1
# Soumissio's images (issue 27). Two targets from one build:
#   api    — serves requests (SOUMISSIO_ROLE=api): Node and the app, no document tools;
#   worker — runs the jobs and recurring passes (SOUMISSIO_ROLE=worker): the same, plus poppler,
#            tesseract (French) and LibreOffice, which reading documents and the exports need.
# Both run as the unprivileged `node` user. `docker build --target worker -t soumissio-worker .`
# A single-machine install (SOUMISSIO_ROLE=all) uses the worker image.

ARG NODE_IMAGE=node:20-bookworm-slim

# ── The web client, built once ───────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ── The server's dependencies, without the development ones ─────────────────────────────────
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ── api ──────────────────────────────────────────────────────────────────────────────────────
FROM ${NODE_IMAGE} AS api
ENV NODE_ENV=production \
    SOUMISSIO_ROLE=api \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY server server
COPY rules rules
COPY openapi openapi
COPY locales locales
# The demo's documents (DEMO=1) are the repository's real fixtures.
COPY tests/fixtures tests/fixtures
COPY --from=build /app/dist dist
# DATA_DIR (the JWT secret when not given, local files), and the extraction child's bundle cache.
RUN mkdir -p /data node_modules/.cache && chown node:node /data node_modules/.cache
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node with tsx's loader (a runtime dependency): the server is TypeScript, run as written.
CMD ["node", "--import", "tsx", "server/main.ts"]

# ── worker ───────────────────────────────────────────────────────────────────────────────────
FROM api AS worker
USER root
RUN apt-get update \
 && apt-get install -y --no-install-recommends poppler-utils tesseract-ocr tesseract-ocr-fra \
      libreoffice-writer-nogui libreoffice-calc-nogui python3-uno fonts-symbola \
 && rm -rf /var/lib/apt/lists/*
ENV SOUMISSIO_ROLE=worker \
    HOME=/home/node
USER node
# A worker serves no request: its health is its process (and the jobs it takes).
HEALTHCHECK NONE
