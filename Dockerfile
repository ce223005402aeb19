# syntax=docker/dockerfile:1
# Build: docker build -t ludus .    Run: docker compose up (ludus + Redis with append-only persistence)

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
# The web client's files (/play/) are embedded in the binary at build time.
COPY web ./web
# Cache the registry and the target dir between builds; copy the binary out of the cache mount.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin ludus \
    && cp target/release/ludus /usr/local/bin/ludus \
    && strip /usr/local/bin/ludus

FROM debian:bookworm-slim AS runtime
# The system's CAs verify a rediss:// (TLS) Redis with a public certificate; for a private CA, mount its PEM file and
# name it in LUDUS_REDIS_CA_FILE (and LUDUS_REDIS_CLIENT_CERT_FILE / LUDUS_REDIS_CLIENT_KEY_FILE for mutual TLS).
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin ludus
COPY --from=build /usr/local/bin/ludus /usr/local/bin/ludus
USER 10001:10001
ENV LUDUS_BIND=0.0.0.0:8080 \
    RUST_LOG=info
EXPOSE 8080
# `ludus healthcheck` asks /readyz: healthy while the store answers and the instance is not draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["/usr/local/bin/ludus", "healthcheck"]
# SIGTERM drains: readiness 503, streams told to reconnect, requests in flight finished within LUDUS_SHUTDOWN_GRACE.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/ludus"]
