#!/bin/bash
# One process of the highly available PostgreSQL (docs/decisions/0303) in a container, as the postgres
# user: pg_auto_failover's monitor, a data node (a pg_autoctl keeper), or PgBouncer following the primary.
#
#   pg-ha monitor                        the monitor, its timings shortened as decision 0303 says
#   pg-ha node [pg_autoctl options...]   a data node; options go to `pg_autoctl create postgres`
#   pg-ha pgbouncer                      PgBouncer, re-pointed at the node the monitor says takes writes
#   pg-ha monitor-ready                  exit 0 once the monitor has its password and settings (health)
#   pg-ha pgbouncer-ready                exit 0 when PgBouncer reaches the primary (health)
#
# Settings (environment): PGDATA, PGPORT (5432), PG_HA_HOSTNAME (this node's name on the network),
# PG_HA_MONITOR_HOST and PG_HA_MONITOR_PORT (5432), PG_HA_CIDR (the network the nodes, PgBouncer and the
# monitor share: allowed in pg_hba.conf whatever address a restarted container gets), POSTGRES_DB,
# POSTGRES_USER, and the passwords POSTGRES_PASSWORD (the portals' user), AUTOCTL_NODE_PASSWORD (keepers
# to the monitor), REPLICATION_PASSWORD (standby to primary). Passwords go to a libpq password file in
# PG_HA_RUN_DIR, never on a command line or into pg_autoctl's files on the volume.
set -euo pipefail
umask 077

PG_BIN=/usr/lib/postgresql/15/bin
PGPORT=${PGPORT:-5432}
RUN_DIR=${PG_HA_RUN_DIR:-/var/run/postgresql}
MONITOR_PORT=${PG_HA_MONITOR_PORT:-5432}
# Where psql reaches this container's own PostgreSQL: a node's socket; the monitor has none (pg_autoctl
# sets unix_socket_directories to '') and is reached on loopback.
LOCAL_HOST=/var/run/postgresql
export PGPORT PGPASSFILE="$RUN_DIR/pgpass"

# What decision 0303 sets on the monitor (ALTER SYSTEM), in ms: a lost primary is replaced in about 10 s.
MONITOR_SETTINGS=(
  health_check_period=1000
  health_check_timeout=1000
  health_check_max_retries=1
  health_check_retry_delay=500
  node_considered_unhealthy_timeout=4000
  primary_demote_timeout=4000
)
# The states in which a node takes writes (tools/cluster/ha-config.ts, writablePrimary).
WRITABLE="'single', 'wait_primary', 'primary'"
# PgBouncer's target while there is no primary: connects are refused at once, clients get an error.
NOWHERE='host=127.0.0.1 port=1'
POLL_SECONDS=1

log() { printf '[pg-ha] %s\n' "$*" >&2; }

# Stops at once, naming the first setting of those given that is unset.
require() {
  local name
  for name in "$@"; do
    if [ -z "${!name:-}" ]; then
      log "$name is not set"
      exit 78
    fi
  done
}

# The password file, with a line for each password this role was given. Passwords are letters, digits
# and - (they go into URLs), so the file needs no escaping.
write_passfile() {
  mkdir -p "$RUN_DIR"
  {
    [ -z "${AUTOCTL_NODE_PASSWORD:-}" ] ||
      printf '*:*:pg_auto_failover:autoctl_node:%s\n' "$AUTOCTL_NODE_PASSWORD"
    [ -z "${REPLICATION_PASSWORD:-}" ] ||
      printf '*:*:*:pgautofailover_replicator:%s\n' "$REPLICATION_PASSWORD"
    [ -z "${POSTGRES_PASSWORD:-}" ] || printf '*:*:*:%s:%s\n' "$POSTGRES_USER" "$POSTGRES_PASSWORD"
  } >"$PGPASSFILE.new"
  mv "$PGPASSFILE.new" "$PGPASSFILE"
}

monitor_conninfo() {
  printf 'host=%s port=%s dbname=pg_auto_failover user=autoctl_node sslmode=require connect_timeout=2' \
    "$PG_HA_MONITOR_HOST" "$MONITOR_PORT"
}

# Options every keeper is created with: scram-sha-256 and TLS (a self-signed certificate) on the network.
common_options() {
  printf '%s\n' --pgdata "$PGDATA" --pgport "$PGPORT" --pgctl "$PG_BIN/pg_ctl" \
    --hostname "$PG_HA_HOSTNAME" --auth scram-sha-256 --ssl-self-signed
}

# pg_autoctl allows the other nodes by the address each had when it joined; a container or pod that is
# started again may get another. These rules allow the whole network instead, with a password.
allow_network() {
  local hba="$PGDATA/pg_hba.conf" rule changed=false
  for rule in "$@"; do
    if ! grep -qxF "$rule" "$hba"; then
      printf '# pg-ha: the network the nodes share\n%s\n' "$rule" >>"$hba"
      changed=true
    fi
  done
  if $changed && "$PG_BIN/pg_ctl" status --pgdata "$PGDATA" >/dev/null 2>&1; then
    "$PG_BIN/pg_ctl" reload --pgdata "$PGDATA" >/dev/null
  fi
}

# pg_autoctl's files for this PGDATA (on the volume, beside it): on a restart `create` is skipped.
autoctl_file() {
  case $1 in
    cfg) printf '%s/pg_autoctl%s/pg_autoctl.cfg' "${XDG_CONFIG_HOME:-$HOME/.config}" "$PGDATA" ;;
    *) printf '%s/pg_autoctl%s/pg_autoctl.%s' "${XDG_DATA_HOME:-$HOME/.local/share}" "$PGDATA" "$1" ;;
  esac
}

child=
start_child() {
  "$@" &
  child=$!
  trap 'kill -TERM "$child" 2>/dev/null || true' TERM INT
}
child_running() { kill -0 "$child" 2>/dev/null; }
# The child's exit status, waiting through the signals the trap passes on.
wait_child() {
  local status
  while :; do
    status=0
    wait "$child" || status=$?
    child_running || return "$status"
  done
}
pause() {
  sleep "$1" &
  wait $! || true
}

local_psql() { psql -X -q -v ON_ERROR_STOP=1 --no-psqlrc -h "$LOCAL_HOST" -p "$PGPORT" "$@"; }
wait_local_postgres() {
  until pg_isready -q -h "$LOCAL_HOST" -p "$PGPORT"; do
    child_running || return 1
    pause 1
  done
}

monitor_psql() { psql -X -q -v ON_ERROR_STOP=1 --no-psqlrc "$(monitor_conninfo)" "$@"; }
wait_monitor() {
  local waited=0
  until monitor_psql -c 'SELECT 1' >/dev/null 2>&1; do
    if ((waited % 10 == 0)); then log "waiting for the monitor at $PG_HA_MONITOR_HOST:$MONITOR_PORT"; fi
    waited=$((waited + 1))
    pause 1
  done
}

run_monitor() {
  require PGDATA PG_HA_HOSTNAME PG_HA_CIDR AUTOCTL_NODE_PASSWORD
  LOCAL_HOST=127.0.0.1
  rm -f "$RUN_DIR/monitor.ready"
  write_passfile
  mapfile -t options < <(common_options)
  [ -f "$(autoctl_file cfg)" ] || pg_autoctl create monitor "${options[@]}"
  allow_network "hostssl pg_auto_failover autoctl_node $PG_HA_CIDR scram-sha-256"
  start_child pg_autoctl run --pgdata "$PGDATA"
  wait_local_postgres
  local setting
  {
    printf '%s\n' '\getenv password AUTOCTL_NODE_PASSWORD' "ALTER ROLE autoctl_node PASSWORD :'password';"
    for setting in "${MONITOR_SETTINGS[@]}"; do
      printf 'ALTER SYSTEM SET pgautofailover.%s = %s;\n' "${setting%%=*}" "${setting#*=}"
    done
    printf 'SELECT pg_reload_conf();\n'
  } | local_psql -d pg_auto_failover
  touch "$RUN_DIR/monitor.ready"
  log "monitor ready: ${MONITOR_SETTINGS[*]}"
  wait_child
}

monitor_ready() { [ -f "$RUN_DIR/monitor.ready" ] && pg_isready -q -h 127.0.0.1 -p "$PGPORT"; }

is_primary() { [ "$(local_psql -d postgres -Atc 'SELECT pg_is_in_recovery()')" = f ]; }

# Once this node is the primary: the passwords of the standby's user (pg_autoctl creates it without
# one) and of the portals' user, which owns the database.
set_passwords() {
  local_psql -d postgres <<'SQL'
\getenv replication REPLICATION_PASSWORD
ALTER ROLE pgautofailover_replicator PASSWORD :'replication';
\getenv user POSTGRES_USER
\getenv password POSTGRES_PASSWORD
\getenv db POSTGRES_DB
SELECT format('CREATE ROLE %I LOGIN', :'user')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user') \gexec
ALTER ROLE :"user" PASSWORD :'password';
ALTER DATABASE :"db" OWNER TO :"user";
SQL
  log "passwords set; ${POSTGRES_USER} owns the database ${POSTGRES_DB}"
}

# A standby's base backup waits for a spread checkpoint on the primary (minutes): this makes it at once.
nudge_checkpoint() {
  local_psql -d postgres <<'SQL'
SELECT 'CHECKPOINT' FROM pg_stat_progress_basebackup WHERE phase = 'waiting for checkpoint to finish' \gexec
SQL
}

run_node() {
  require PGDATA PG_HA_HOSTNAME PG_HA_MONITOR_HOST PG_HA_CIDR POSTGRES_DB POSTGRES_USER POSTGRES_PASSWORD \
    AUTOCTL_NODE_PASSWORD REPLICATION_PASSWORD
  write_passfile
  wait_monitor
  mapfile -t options < <(common_options)
  # An interrupted first start (no state yet, or an init file) is taken up again by `create`.
  if [ ! -f "$(autoctl_file state)" ] || [ -f "$(autoctl_file init)" ]; then
    pg_autoctl create postgres "${options[@]}" --dbname "$POSTGRES_DB" \
      --monitor "postgres://autoctl_node@$PG_HA_MONITOR_HOST:$MONITOR_PORT/pg_auto_failover?sslmode=require" "$@"
  fi
  allow_network "hostssl all all $PG_HA_CIDR scram-sha-256" \
    "hostssl replication pgautofailover_replicator $PG_HA_CIDR scram-sha-256"
  start_child pg_autoctl run --pgdata "$PGDATA"
  local passwords=false
  while child_running; do
    if pg_isready -q -h "$LOCAL_HOST" -p "$PGPORT" && is_primary; then
      if ! $passwords; then set_passwords && passwords=true; fi
      nudge_checkpoint || true
    fi
    pause 3
  done
  wait_child
}

# "host port" of the node that takes writes (exactly one node whose keeper reports AND whose monitor
# assigns a writable state), then of a streaming standby; each empty when there is none.
MONITOR_QUERY="SELECT (SELECT CASE WHEN count(*) = 1 THEN min(nodehost || ' ' || nodeport) END
                         FROM pgautofailover.node
                        WHERE reportedstate::text IN ($WRITABLE) AND goalstate::text IN ($WRITABLE)),
                      (SELECT min(nodehost || ' ' || nodeport) FROM pgautofailover.node
                        WHERE reportedstate = 'secondary' AND goalstate = 'secondary')"

target() {
  if [ -n "$1" ]; then printf 'host=%s port=%s' "${1% *}" "${1#* }"; else printf '%s' "$NOWHERE"; fi
}

# POSTGRES_DB follows the primary; POSTGRES_DB_read (DATABASE_READ_URL) the standby, else the primary, as
# readNode in tools/cluster/ha-config.ts.
databases_section() {
  local primary=$1 standby=${2:-$1}
  printf '[databases]\n'
  printf '%s = %s dbname=%s\n' "$POSTGRES_DB" "$(target "$primary")" "$POSTGRES_DB"
  printf '%s_read = %s dbname=%s\n' "$POSTGRES_DB" "$(target "$standby")" "$POSTGRES_DB"
}

write_pgbouncer_ini() {
  local ini=$RUN_DIR/pgbouncer.ini
  {
    cat "${PGBOUNCER_TEMPLATE:-/etc/pgbouncer/backlay.ini}"
    printf '\nlisten_port = %s\nauth_file = %s\n\n' "${PGBOUNCER_PORT:-6432}" "$RUN_DIR/userlist.txt"
    databases_section "$@"
  } >"$ini.new"
  mv "$ini.new" "$ini"
}

run_pgbouncer() {
  require PG_HA_MONITOR_HOST POSTGRES_DB POSTGRES_USER POSTGRES_PASSWORD AUTOCTL_NODE_PASSWORD
  write_passfile
  printf '"%s" "%s"\n' "$POSTGRES_USER" "$POSTGRES_PASSWORD" >"$RUN_DIR/userlist.txt"
  local rows current='' primary standby
  write_pgbouncer_ini '' ''
  start_child pgbouncer "$RUN_DIR/pgbouncer.ini"
  while child_running; do
    # While the monitor does not answer, PgBouncer keeps its target.
    if rows=$(monitor_psql -At -F '|' -c "$MONITOR_QUERY" 2>/dev/null) && [ "$rows" != "$current" ]; then
      current=$rows
      primary=${rows%%|*} standby=${rows#*|}
      write_pgbouncer_ini "$primary" "$standby"
      kill -HUP "$child" 2>/dev/null || true
      log "primary: ${primary:-none}, standby: ${standby:-none}"
    fi
    pause "$POLL_SECONDS"
  done
  wait_child
}

pgbouncer_ready() {
  psql -X -At --no-psqlrc -h 127.0.0.1 -p "${PGBOUNCER_PORT:-6432}" -U "$POSTGRES_USER" \
    -d "$POSTGRES_DB" -c 'SELECT 1' >/dev/null
}

main() {
  local role=${1:-}
  shift || true
  case $role in
    monitor) run_monitor ;;
    node) run_node "$@" ;;
    pgbouncer) run_pgbouncer ;;
    monitor-ready) monitor_ready ;;
    pgbouncer-ready) pgbouncer_ready ;;
    *)
      echo 'usage: pg-ha monitor | node [pg_autoctl create postgres options...] | pgbouncer | monitor-ready | pgbouncer-ready' >&2
      exit 64
      ;;
  esac
}

# Sourced (deploy/postgres-ha.test.ts), it only defines its functions.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; fi
