# syntax=docker/dockerfile:1
#
# makerd image: built with the dev dependencies, run with the production ones only.
#
# Build:   docker build -t makerd .
# Sim:     docker run --rm --stop-timeout 30 -p 9464:9464 -v makerd-data:/var/lib/makerd makerd
# Live:    docker run -d --name makerd --stop-timeout 30 -p 127.0.0.1:9464:9464 \
#            -v "$PWD/makerd.json:/etc/makerd/makerd.json:ro" -v makerd-data:/var/lib/makerd \
#            -v "$PWD/venue-secret:/run/secrets/venue-secret:ro" -e MAKERD_VENUE_SECRET_FILE=/run/secrets/venue-secret \
#            -v "$PWD/venue-passphrase:/run/secrets/venue-passphrase:ro" -e MAKERD_VENUE_PASSPHRASE_FILE=/run/secrets/venue-passphrase \
#            makerd run --config /etc/makerd/makerd.json
# Stop:    docker stop -t 30 makerd
#
# Stop timeout: on SIGTERM makerd cancels its open orders, verifies and journals within
# lifecycle.shutdownDeadlineMs (default 20 s). Docker's default stop timeout is 10 s, after which
# it sends SIGKILL and orders may be left resting: always give it more than the shutdown
# deadline (`docker run --stop-timeout 30`, `docker stop -t 30`, compose `stop_grace_period: 30s`,
# Kubernetes `terminationGracePeriodSeconds: 30`). A Dockerfile cannot set this itself.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
# Dev dependencies (TypeScript) without lifecycle scripts: `prepare` would build before the sources are here.
RUN npm ci --ignore-scripts
COPY src ./src
COPY strategies ./strategies
COPY bench ./bench
COPY soak ./soak
COPY config ./config
RUN npm run build

FROM node:22-bookworm-slim AS runtime
# tini as PID 1: forwards SIGTERM/SIGINT/SIGHUP to node and reaps zombies (node is not written to be PID 1).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# NODE_OPTIONS: V8's old space capped at 128 MB (see ops/systemd/makerd.service for why; raise it
# for many more markets than 500 tokens).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=128 \
    MAKERD_DATA_DIR=/var/lib/makerd \
    MAKERD_METRICS_HOST=0.0.0.0
WORKDIR /app
COPY package.json ./
COPY package-lock.json ./
# Production dependencies only, exactly as locked; no scripts (`prepare` would need TypeScript).
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY config ./config
# /etc/makerd: configuration (mount read-only). /var/lib/makerd: journal, state and the kill-switch file.
RUN mkdir -p /etc/makerd /var/lib/makerd && chown node:node /var/lib/makerd
USER node
VOLUME ["/etc/makerd", "/var/lib/makerd"]
EXPOSE 9464
# makerd handles SIGTERM itself: it stops quoting, cancels its open orders, then exits.
STOPSIGNAL SIGTERM
# Liveness from /healthz of `makerd run` on MAKERD_METRICS_PORT (default 9464); the `sim` command
# alone serves no /healthz, so a container running only the simulator reports unhealthy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.MAKERD_METRICS_PORT || 9464) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "dist/src/cli/bin.js"]
CMD ["run"]
