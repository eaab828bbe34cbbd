# MoraPack for a team: the compiled server and the built app on Node 20, run as a non-root user.
# docker compose up (compose.yaml) adds PostgreSQL and two app instances; see the README.

# 1. Build the app (Vite) and the server (esbuild) with every dependency.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force \
  # The app's source maps are for whoever builds it; the image never holds them.
  && find dist -name '*.map' -delete

# 2. Only what the server needs at run time.
FROM node:20-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: plain node, no compiler, no dev tools.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build/server ./build/server
COPY package.json ./
# The embedded database (when DATABASE_URL is not set) and generated files live in /data.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=4 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "build/server/main.js"]
