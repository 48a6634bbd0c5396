# Sourced by .ci/run: a throwaway PostgreSQL server of CI's own, whatever the machine has.
# initdb makes a new cluster in a temporary folder (trust authentication, 127.0.0.1 only, its
# own port), so nothing depends on a system cluster, its databases, roles or pg_hba.conf.
# Sets CI_DATABASE_URL; stop_ci_postgres stops the server and removes its folder.

CI_PG_PORT="${CI_PG_PORT:-55432}"

pg_bin_dir() {
  # The newest installed server version (Debian installs under /usr/lib/postgresql/<version>/bin).
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

start_ci_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "PostgreSQL's server programs are missing" >&2
    return 1
  fi
  CI_PG_DIR="$(mktemp -d /tmp/shop-ci-postgres.XXXXXX)"
  # initdb and postgres refuse to run as root: the server runs as the postgres account
  # that Debian's package creates.
  local as=()
  if [ "$(id -u)" = "0" ]; then
    chown postgres: "$CI_PG_DIR"
    as=(runuser -u postgres --)
  fi
  "${as[@]}" "$bin/initdb" -D "$CI_PG_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$CI_PG_DIR/initdb.log" 2>&1 ||
    { cat "$CI_PG_DIR/initdb.log" >&2; return 1; }
  # Tests create a database per test file and drop it after; fsync off makes that cheap
  # (the cluster is thrown away, nothing in it needs to survive a crash).
  "${as[@]}" "$bin/pg_ctl" -D "$CI_PG_DIR/data" -l "$CI_PG_DIR/server.log" -w -t 60 start \
    -o "-p $CI_PG_PORT -h 127.0.0.1 -k $CI_PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null ||
    { cat "$CI_PG_DIR/server.log" >&2; return 1; }
  "$bin/createdb" -h 127.0.0.1 -p "$CI_PG_PORT" -U postgres shop_ci
  CI_DATABASE_URL="postgres://postgres@127.0.0.1:$CI_PG_PORT/shop_ci"
  export CI_DATABASE_URL
}

stop_ci_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  if [ -n "${CI_PG_DIR:-}" ] && [ -d "$CI_PG_DIR/data" ]; then
    if [ "$(id -u)" = "0" ]; then
      runuser -u postgres -- "$bin/pg_ctl" -D "$CI_PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
    else
      "$bin/pg_ctl" -D "$CI_PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
    fi
    rm -rf "$CI_PG_DIR"
  fi
}
