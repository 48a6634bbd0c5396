# Sourced by .ci/run: what CI needs from the machine, on a Debian that may have only Node, npm
# and apt.
#
# install_missing_packages: Debian's Chromium (and its headless shell, which the browser tests
# run) and Thai fonts, PostgreSQL's server for the PostgreSQL run, procps (pgrep) for the tests
# that watch app processes, Java for the HTML checker; only what is missing, so a prepared machine
# installs nothing.
#
# start_ci_postgres: a throwaway PostgreSQL server of CI's own. initdb makes a new cluster in a
# temporary folder (trust authentication, 127.0.0.1 only, its own port: 55432 or the next free
# one), so nothing depends on a system cluster, its databases, roles or pg_hba.conf. Sets
# CI_DATABASE_URL; stop_ci_postgres stops the server and removes its folder.

CI_PG_PORT="${CI_PG_PORT:-55432}"

install_missing_packages() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  dpkg -s fonts-thai-tlwg >/dev/null 2>&1 || missing+=(fonts-thai-tlwg)
  [ -n "$(pg_bin_dir)" ] || missing+=(postgresql)
  command -v pgrep >/dev/null || missing+=(procps)
  # Java for the Nu HTML Checker (vnu-jar) in the accessibility walk.
  command -v java >/dev/null || missing+=(default-jre-headless)
  if [ "${#missing[@]}" -eq 0 ]; then return 0; fi
  echo "installing ${missing[*]}"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
}

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
  # A port nobody listens on (a CI run killed before it could stop its server may hold one).
  while (exec 3<>"/dev/tcp/127.0.0.1/$CI_PG_PORT") 2>/dev/null; do CI_PG_PORT=$((CI_PG_PORT + 1)); done
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
  # A port can still be taken between the check above and the server binding it (a socket bound
  # but not yet listening answers no connect): then the next port, a few times.
  local attempt
  for attempt in 1 2 3 4 5; do
    if "${as[@]}" "$bin/pg_ctl" -D "$CI_PG_DIR/data" -l "$CI_PG_DIR/server.log" -w -t 60 start \
      -o "-p $CI_PG_PORT -h 127.0.0.1 -k $CI_PG_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null; then
      break
    fi
    if [ "$attempt" = 5 ] || ! grep -q "Address already in use" "$CI_PG_DIR/server.log"; then
      cat "$CI_PG_DIR/server.log" >&2
      return 1
    fi
    CI_PG_PORT=$((CI_PG_PORT + 1))
  done
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
