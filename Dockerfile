# One image for every role: `docker run replypilot web|worker|all`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# A production UI build (React's production bundle, .br/.gz next to each asset, no source maps).
RUN NODE_ENV=production npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 3000
ENTRYPOINT ["node", "--import", "tsx", "bin/replypilot.ts"]
CMD ["all"]
