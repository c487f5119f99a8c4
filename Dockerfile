# syntax=docker/dockerfile:1
# Maison in a container (README, Deploy; decision 041): built in one stage with every tool, run from another that
# holds only dist/ and the production install (one package, PGlite), as the unprivileged `node` user.
#   docker build -t maison .
#   docker run -p 3000:3000 -v maison-data:/data maison                      # embedded database in the volume
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e TRUST_PROXY=1 maison   # behind a proxy, on PostgreSQL

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
# The data directory (embedded database, uploads, generated secrets) is the only place the app writes.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# /api/ready: 200 when this instance should get traffic, 503 while it starts, stops or lost its database.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
