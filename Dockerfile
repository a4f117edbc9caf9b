# Prosa in a container: `docker build -t prosa .` then see deploy/compose.yaml.
# The build runs the same script as `npm start` and CI's browser journeys (`npm run build`, that is
# scripts/build.mjs); the image runs the same start as `npm start` (scripts/start.mjs), which
# imports the compiled server into its own process: one Node process per container.

# --- build: every dependency, then the web app (Vite) and the server bundle (esbuild) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies of the server only (npm packages stay outside the bundle) ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund

# --- runtime: production node_modules and the compiled output, as a user without privileges ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    DEMO=0 \
    PROSA_NO_BUILD=1
WORKDIR /app
# node_modules (and any nested under a workspace) with the package.json files npm installed from.
COPY --from=deps /app ./
COPY scripts/start.mjs scripts/build.mjs ./scripts/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY apps/server/drizzle ./apps/server/drizzle
# Read at run time next to the module that serves it (/widget.js).
COPY apps/server/src/channels/webchat/widget ./apps/server/src/channels/webchat/widget
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (docker stop) reaches the server itself: it shuts down gracefully within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
