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
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
ENTRYPOINT ["node", "--import", "tsx", "bin/replypilot.ts"]
CMD ["all"]
