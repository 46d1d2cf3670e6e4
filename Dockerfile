# syntax=docker/dockerfile:1
#
# One Dockerfile for every Chorely image; pick one with its target:
#
#   docker build --target auth -t chorely/auth .
#
# Targets: auth, family, chores, rewards, platform, gateway (the default: the
# last stage) and keys (the one-shot token key generator of docker-compose.yml).
# All the Rust binaries come out of one shared builder stage, so building
# several targets, as `docker compose build` does, compiles the workspace once.

ARG RUST_VERSION=1.95
ARG NODE_VERSION=20
ARG CARGO_CHEF_VERSION=0.1.78
# The user every service runs as; the keys stage hands it the private key.
ARG APP_UID=10001

# --- Rust toolchain with cargo-chef -------------------------------------------
FROM rust:${RUST_VERSION}-bookworm AS chef
ARG CARGO_CHEF_VERSION
# Pinned: `cargo install` does not fall back to a version the toolchain accepts.
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    cargo install cargo-chef --locked --version "${CARGO_CHEF_VERSION}"
WORKDIR /app

# --- Dependency recipe --------------------------------------------------------
# The recipe only changes when a manifest or Cargo.lock does, so the cooked
# dependencies below stay cached across source edits.
FROM chef AS planner
COPY Cargo.toml Cargo.lock ./
COPY proto proto
COPY services services
COPY gateway gateway
RUN cargo chef prepare --recipe-path recipe.json

# --- Release build of every binary ---------------------------------------------
FROM chef AS builder
# The compile-time checked queries read each crate's committed .sqlx data:
# there is no database while the image builds.
ENV SQLX_OFFLINE=true
COPY --from=planner /app/recipe.json recipe.json
# The registry cache mount keeps downloaded crates across a changed recipe, so
# a new dependency downloads only itself; the compiled dependencies are this
# layer, cached as long as recipe.json is unchanged.
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    cargo chef cook --release --locked --recipe-path recipe.json
# Only the Rust sources: an edit under web/ must not rebuild the binaries.
# A new top-level crate directory has to be added here and in the planner.
COPY Cargo.toml Cargo.lock ./
COPY proto proto
COPY services services
COPY gateway gateway
# The mails' texts are the web's message catalogue (auth reads them when built).
COPY web/src/locales/en/mail.json web/src/locales/en/mail.json
COPY web/src/locales/es/mail.json web/src/locales/es/mail.json
COPY web/src/locales/de/mail.json web/src/locales/de/mail.json
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    cargo build --release --locked \
        --bin auth --bin family --bin chores --bin rewards --bin platform --bin gateway

# --- Web app -------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS web
WORKDIR /web
# Lockfile first, so `npm ci` is redone only when dependencies change.
COPY web/package.json web/package-lock.json ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

# --- Runtime base ----------------------------------------------------------------
FROM debian:bookworm-slim AS runtime
ARG APP_UID
# ca-certificates: the services reach TLS endpoints (S3, a managed Postgres or
# collector) outside the compose stack.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid "${APP_UID}" chorely \
    && useradd --system --uid "${APP_UID}" --gid chorely \
        --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin chorely
WORKDIR /app
# Container logs are collected and parsed, not read in a terminal.
# Allocations of 1 MiB and more (password hashes take 19 MiB, photos tens)
# go straight to the system and back when freed: left to its moving
# threshold, glibc kept them in per-thread arenas, and auth held 660 MiB
# after a burst of logins (docs/adr/0058-allocators-and-memory.md).
ENV LOG_FORMAT=json \
    RUST_LOG=info \
    MALLOC_MMAP_THRESHOLD_=1048576
# Numeric, so Kubernetes can verify runAsNonRoot.
USER ${APP_UID}:${APP_UID}

# Each service listens on all interfaces: its localhost default would be
# unreachable from the other containers.
FROM runtime AS auth
COPY --from=builder /app/target/release/auth /usr/local/bin/auth
ENV GRPC_ADDR=0.0.0.0:50051
EXPOSE 50051
ENTRYPOINT ["/usr/local/bin/auth"]

FROM runtime AS family
COPY --from=builder /app/target/release/family /usr/local/bin/family
ENV GRPC_ADDR=0.0.0.0:50052
EXPOSE 50052
ENTRYPOINT ["/usr/local/bin/family"]

FROM runtime AS chores
COPY --from=builder /app/target/release/chores /usr/local/bin/chores
ENV GRPC_ADDR=0.0.0.0:50053
EXPOSE 50053
ENTRYPOINT ["/usr/local/bin/chores"]

FROM runtime AS rewards
COPY --from=builder /app/target/release/rewards /usr/local/bin/rewards
ENV GRPC_ADDR=0.0.0.0:50054
EXPOSE 50054
ENTRYPOINT ["/usr/local/bin/rewards"]

FROM runtime AS platform
COPY --from=builder /app/target/release/platform /usr/local/bin/platform
ENV GRPC_ADDR=0.0.0.0:50055
EXPOSE 50055
ENTRYPOINT ["/usr/local/bin/platform"]

# --- Token key generator (docker-compose.yml's `keys`) ---------------------------
# Runs as root: it must hand the private key to the services' user.
FROM debian:bookworm-slim AS keys
ARG APP_UID
RUN apt-get update \
    && apt-get install -y --no-install-recommends openssl \
    && rm -rf /var/lib/apt/lists/*
COPY deploy/compose/keys.sh /usr/local/bin/chorely-keys
ENV APP_UID=${APP_UID}
ENTRYPOINT ["sh", "/usr/local/bin/chorely-keys"]

# --- Gateway: the API and the web app (default target) ----------------------------
FROM runtime AS gateway
COPY --from=builder /app/target/release/gateway /usr/local/bin/gateway
COPY --from=web /web/dist /app/web
ENV HTTP_ADDR=0.0.0.0:8080 \
    WEB_DIST=/app/web
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/gateway"]
