# One image for every role: `docker run replypilot web|worker|all`.
# Node 24 LTS: Node 20 is end-of-life; .ci/run boots the app and runs the integration tests under 24.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# A production UI build (React's production bundle, .br/.gz next to each asset, no source maps).
RUN NODE_ENV=production npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# Every interface: inside a container 127.0.0.1 is unreachable from the proxy (production's default
# too; a development server defaults to 127.0.0.1, docs/security.md).
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
ENTRYPOINT ["node", "--import", "tsx", "bin/replypilot.ts"]
CMD ["all"]
