# The highly available PostgreSQL's image (docs/decisions/0303): pg_auto_failover 2.0 on PostgreSQL 15 and
# PgBouncer 1.18, Debian's packages as `npm run cluster -- --ha` uses them. One image, three roles:
#   pg-ha monitor | pg-ha node [pg_autoctl create postgres options...] | pg-ha pgbouncer
# Built from deploy/postgres-ha (deploy/compose.ha.yaml does it):
#   docker build -f deploy/postgres-ha.Dockerfile -t backlay-postgres-ha deploy/postgres-ha
FROM debian:bookworm-slim

# A fixed uid for the volumes' owner (Kubernetes' fsGroup), created before the packages would pick one.
RUN groupadd --system --gid 999 postgres \
  && useradd --system --uid 999 --gid postgres --home-dir /var/lib/postgresql --shell /bin/bash postgres \
  && mkdir -p /var/lib/postgresql \
  && chown postgres:postgres /var/lib/postgresql

# No default cluster: pg_autoctl creates each node's own. openssl makes the nodes' self-signed
# certificates; tini passes signals on and reaps.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-common \
  && sed -ri 's/^#?\s*create_main_cluster\s*=.*/create_main_cluster = false/' /etc/postgresql-common/createcluster.conf \
  && apt-get install -y --no-install-recommends \
    postgresql-15-auto-failover pg-auto-failover-cli pgbouncer openssl tini \
  && rm -rf /var/lib/apt/lists/*

COPY --chmod=0755 pg-ha.sh /usr/local/bin/pg-ha
COPY pgbouncer.ini /etc/pgbouncer/backlay.ini

# UTF8 databases; pg_autoctl keeps its configuration and state under HOME, on the same volume as PGDATA.
ENV LANG=C.UTF-8 \
  PATH=/usr/lib/postgresql/15/bin:$PATH \
  HOME=/var/lib/postgresql \
  PGDATA=/var/lib/postgresql/pgdata \
  PG_HA_RUN_DIR=/var/run/postgresql

USER postgres
WORKDIR /var/lib/postgresql
VOLUME /var/lib/postgresql
EXPOSE 5432 6432
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/pg-ha"]
CMD ["node"]
