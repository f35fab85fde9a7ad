# syntax=docker/dockerfile:1
# Build: docker build -t makerd .
# Run against the embedded simulator: docker run --rm -p 9464:9464 makerd
# Live: docker run --rm -e MAKERD_VENUE_MODE=live -e MAKERD_VENUE_BASE_URL=... \
#   -e MAKERD_VENUE_SECRET_FILE=/run/secrets/venue_secret ... makerd
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY strategies ./strategies
COPY bench ./bench
COPY config ./config
RUN npm ci && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    MAKERD_DATA_DIR=/var/lib/makerd \
    MAKERD_METRICS_HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY config ./config
RUN mkdir -p /var/lib/makerd && chown node:node /var/lib/makerd
USER node
VOLUME /var/lib/makerd
EXPOSE 9464
# makerd is PID 1 (exec form) and handles SIGTERM itself: it cancels its open orders, then exits.
STOPSIGNAL SIGTERM
# Readiness of `makerd run` on the configured metrics port (the `sim` command serves no /readyz).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.MAKERD_METRICS_PORT || 9464) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "dist/src/cli/bin.js"]
CMD ["run"]
