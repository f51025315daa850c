#!/usr/bin/env bash
# `npm run niushop [-- up|--fresh|stop|status]`: a real Niushop 5.5.2 on this machine, for the
# conformance suite (docs/niushop.md).
#   up (default)  install what is missing and start what is not running; the first run (or a changed
#                 tarball, patch or seed) unpacks NIUSHOP_SRC, runs the installer and seeds a pharmacy
#                 data set, then writes data/niushop/fixture.json; leaves MariaDB, PHP and the cron
#                 ticker running and exits
#   --fresh       the same, but reinstalls whatever the state
#   stop          stops the cron ticker, PHP and MariaDB
#   status        tells what runs, where, and whether the install is current
# Environment: NIUSHOP_SRC (default ../shared/niushop/admin-php.tar.gz), NIUSHOP_PORT (8090),
# NIUSHOP_DB_PORT (33061), NIUSHOP_PHP_WORKERS (4).
set -euo pipefail
cd "$(dirname "$0")/../.."
PROJECT=$(pwd)

SRC=${NIUSHOP_SRC:-../shared/niushop/admin-php.tar.gz}
PORT=${NIUSHOP_PORT:-8090}
DB_PORT=${NIUSHOP_DB_PORT:-33061}
WORKERS=${NIUSHOP_PHP_WORKERS:-4}
URL="http://127.0.0.1:$PORT"

DATA="$PROJECT/data/niushop"
APP="$DATA/admin-php"       # the unpacked, patched upstream (PHP's document root)
DB_DIR="$DATA/mariadb"      # MariaDB's datadir
RUN="$DATA/run"             # pid files, logs
STAMP="$DATA/install.stamp" # digest of what the install was made from, written once it is complete
FIXTURE="$DATA/fixture.json"
PATCH="$PROJECT/scripts/niushop/php82.patch"
ROUTER="$PROJECT/scripts/niushop/router.php"

# The socket path must fit sockaddr_un (108 bytes); a deep checkout falls back to /tmp.
SOCKET="$RUN/mariadb.sock"
if [ ${#SOCKET} -gt 100 ]; then
  SOCKET="/tmp/niushop-mariadb-$(printf %s "$PROJECT" | sha256sum | cut -c1-12).sock"
fi
export NIUSHOP_DB_SOCKET="$SOCKET"

DB_USER=niushop
DB_PASSWORD=niushop
DB_NAME=niushop

now_ms() { echo $(($(date +%s%N) / 1000000)); }
seconds_since() { # milliseconds → "12.3"
  local ms=$(($(now_ms) - $1))
  printf '%d.%d' $((ms / 1000)) $((ms % 1000 / 100))
}
started_at=$(now_ms)
phase_started_at=$started_at
# Prints how long the previous phase took, then starts the next.
phase() {
  if [ -n "${current_phase:-}" ]; then
    printf 'niushop: %-16s %6s s\n' "$current_phase" "$(seconds_since "$phase_started_at")"
  fi
  current_phase=$1
  phase_started_at=$(now_ms)
}
die() {
  echo "niushop: $*" >&2
  exit 1
}

# ---------------------------------------------------------------------------------------------
# Processes: each is a session leader (setsid), so its pid is also its process group, and stopping
# it stops PHP's forked workers too.

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

stop_group() {
  local pid_file=$1 name=$2
  if alive "$pid_file"; then
    local pid
    pid=$(cat "$pid_file")
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "niushop: $name did not stop in 10 s; killing it"
      kill -KILL -- "-$pid" 2>/dev/null || true
    fi
    echo "niushop: stopped $name"
  fi
  rm -f "$pid_file"
}

db_answers() { mariadb-admin --no-defaults --socket="$SOCKET" -uroot ping >/dev/null 2>&1; }
php_answers() {
  curl -s --max-time 5 -X POST -H 'Content-Type: application/json' -d '{"app_type":"pc","app_type_name":"PC"}' "$URL/api/config/init" |
    grep -q '"code":0'
}

# ---------------------------------------------------------------------------------------------
# Packages (a fresh Debian 12: only Debian's packages and the npm registry are reachable)

ensure_packages() {
  local missing=0
  command -v php >/dev/null || missing=1
  command -v mariadbd >/dev/null || missing=1
  command -v curl >/dev/null || missing=1
  command -v patch >/dev/null || missing=1
  if command -v php >/dev/null; then
    local modules
    modules=$(php -m | tr 'A-Z' 'a-z')
    for module in mysqli pdo_mysql gd curl mbstring dom simplexml xml zip bcmath fileinfo openssl; do
      grep -qx "$module" <<<"$modules" || missing=1
    done
  fi
  if [ "$missing" = 1 ]; then
    echo "niushop: installing PHP 8.2 and MariaDB (apt)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # mariadb-server's own service start is refused (no systemd; policy-rc.d): we start ours below.
    apt-get install -y -qq --no-install-recommends php8.2-cli php8.2-mysql php8.2-gd php8.2-curl php8.2-mbstring \
      php8.2-xml php8.2-zip php8.2-bcmath php8.2-opcache mariadb-server mariadb-client curl patch >/dev/null
  fi
}

# ---------------------------------------------------------------------------------------------
# MariaDB: our own datadir, socket and loopback port, whatever a system MariaDB does

start_mariadb() {
  mkdir -p "$RUN"
  if alive "$RUN/mariadb.pid" && db_answers; then return; fi
  if [ ! -d "$DB_DIR/mysql" ]; then
    rm -rf "$DB_DIR"
    mariadb-install-db --no-defaults --datadir="$DB_DIR" --user="$(id -un)" --auth-root-authentication-method=socket \
      --skip-test-db >"$RUN/mariadb-install.log" 2>&1 || die "mariadb-install-db failed: see $RUN/mariadb-install.log"
  fi
  # Niushop's SQL expects a non-strict mode; the buffer pool and flush settings are for a test box.
  setsid mariadbd --no-defaults --datadir="$DB_DIR" --user="$(id -un)" --socket="$SOCKET" --port="$DB_PORT" \
    --bind-address=127.0.0.1 --skip-name-resolve --pid-file="$RUN/mariadbd.pid" --log-error="$RUN/mariadb.err" \
    --sql-mode=NO_ENGINE_SUBSTITUTION --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
    --innodb-buffer-pool-size=256M --innodb-flush-log-at-trx-commit=2 --skip-log-bin \
    </dev/null >/dev/null 2>&1 &
  echo $! >"$RUN/mariadb.pid"
  for _ in $(seq 1 300); do
    db_answers && break
    alive "$RUN/mariadb.pid" || die "MariaDB did not start: see $RUN/mariadb.err"
    sleep 0.1
  done
  db_answers || die "MariaDB did not answer in 30 s: see $RUN/mariadb.err"
  mariadb --no-defaults --socket="$SOCKET" -uroot -e "
    CREATE USER IF NOT EXISTS '$DB_USER'@'127.0.0.1' IDENTIFIED BY '$DB_PASSWORD';
    GRANT ALL PRIVILEGES ON *.* TO '$DB_USER'@'127.0.0.1';"
}

# ---------------------------------------------------------------------------------------------
# PHP's built-in server (fact 13) and the cron ticker (fact 9: URL mode, called once a minute)

start_php() {
  mkdir -p "$RUN"
  if alive "$RUN/php.pid" && php_answers; then return; fi
  stop_group "$RUN/php.pid" PHP
  if curl -s -o /dev/null --max-time 2 "$URL/"; then
    die "port $PORT is taken by another server (set NIUSHOP_PORT)"
  fi
  (
    cd "$APP"
    PHP_CLI_SERVER_WORKERS=$WORKERS exec setsid php -d opcache.enable_cli=1 -d memory_limit=512M -d max_execution_time=300 \
      -d post_max_size=32M -d upload_max_filesize=32M -d date.timezone=Asia/Shanghai \
      -S "127.0.0.1:$PORT" -t "$APP" "$ROUTER" </dev/null >>"$RUN/php.log" 2>&1
  ) &
  echo $! >"$RUN/php.pid"
  for _ in $(seq 1 300); do
    curl -s -o /dev/null --max-time 2 "$URL/" && break
    alive "$RUN/php.pid" || die "PHP's server did not start: see $RUN/php.log"
    sleep 0.1
  done
}

wait_for_api() {
  for _ in $(seq 1 300); do
    php_answers && return
    sleep 0.1
  done
  die "$URL/api/config/init did not answer in 30 s: see $RUN/php.log"
}

start_cron() {
  if alive "$RUN/cron.pid"; then return; fi
  # What a server's crontab does in URL mode: promotions open and close, unpaid orders close.
  setsid bash -c "while true; do curl -s -o /dev/null --max-time 55 '$URL/cron/task/run'; sleep 60; done" \
    </dev/null >/dev/null 2>&1 &
  echo $! >"$RUN/cron.pid"
}

stop_all() {
  stop_group "$RUN/cron.pid" "cron ticker"
  stop_group "$RUN/php.pid" PHP
  if alive "$RUN/mariadb.pid"; then
    mariadb-admin --no-defaults --socket="$SOCKET" -uroot shutdown 2>/dev/null || true
  fi
  stop_group "$RUN/mariadb.pid" MariaDB
}

# ---------------------------------------------------------------------------------------------
# The install: unpack, patch, installer, seed. Its inputs' digest decides whether it is current.

install_digest() {
  {
    sha256sum "$SRC" | cut -d' ' -f1
    cat "$PATCH" "$PROJECT"/scripts/niushop/{provision,seed,verify}.ts | sha256sum | cut -d' ' -f1
  } | sha256sum | cut -d' ' -f1
}

unpack() {
  rm -rf "$APP" "$DATA/unpack"
  mkdir -p "$DATA/unpack"
  tar -xzf "$SRC" -C "$DATA/unpack"
  [ -d "$DATA/unpack/admin-php" ] || die "$SRC has no admin-php/ folder"
  mv "$DATA/unpack/admin-php" "$APP"
  rmdir "$DATA/unpack"
  # The PHP 8 adjustments (facts 1-7, 9-11), to the unpacked upstream only.
  (cd "$APP" && patch -p1 --batch --forward --quiet <"$PATCH") || die "php82.patch does not apply to $SRC"
  # Fact 12: the default goods image, when a snapshot lacks it.
  local images="$APP/public/static/img/default_img"
  if [ ! -f "$images/square.png" ]; then
    cp "$APP/public/uniapp/default_img/goods.png" "$images/square.png"
    for size in BIG MID SMALL; do cp "$images/square.png" "$images/square_$size.png"; done
  fi
  mkdir -p "$APP/runtime"
}

print_summary() {
  node -e '
    const f = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log(`niushop: ${f.upstreamUrl} (PC client ${f.pcClientUrl})`);
    console.log(`niushop: shop admin ${f.upstreamUrl}/shop/login/login as ${f.admin.username} / ${f.admin.password}`);
    for (const m of f.members) console.log(`niushop: member ${m.username} / ${m.password} (pay password ${m.payPassword}, member_id ${m.memberId})`);
    console.log(`niushop: MariaDB 127.0.0.1:${f.db.port} ${f.db.user} / ${f.db.password}, database ${f.db.database}`);
  ' "$FIXTURE"
  echo "niushop: fixture $FIXTURE"
}

# ---------------------------------------------------------------------------------------------

command=${1:-up}
case "$command" in
  stop)
    stop_all
    exit 0
    ;;
  status)
    alive "$RUN/mariadb.pid" && db_answers && echo "MariaDB: running (pid $(cat "$RUN/mariadb.pid"), 127.0.0.1:$DB_PORT, $SOCKET)" || echo "MariaDB: stopped"
    alive "$RUN/php.pid" && echo "PHP: running (pid $(cat "$RUN/php.pid"), $URL, $WORKERS workers)$(php_answers || echo ', not answering')" || echo "PHP: stopped"
    alive "$RUN/cron.pid" && echo "cron ticker: running (pid $(cat "$RUN/cron.pid"))" || echo "cron ticker: stopped"
    if [ -f "$STAMP" ] && [ -f "$SRC" ] && [ "$(cat "$STAMP")" = "$(install_digest)" ]; then
      echo "install: current ($FIXTURE)"
    elif [ -f "$STAMP" ]; then
      echo "install: stale (the tarball, the patch or the seed changed: the next run reinstalls)"
    else
      echo "install: none"
    fi
    exit 0
    ;;
  up | --fresh) ;;
  *) die "unknown command $command (up, --fresh, stop, status)" ;;
esac

[ -f "$SRC" ] || die "NIUSHOP_SRC $SRC not found"
[ -x "$PROJECT/node_modules/.bin/tsx" ] || die "node_modules is missing: run npm ci (or bash scripts/setup.sh) first"
phase packages
ensure_packages
phase mariadb
start_mariadb

digest=$(install_digest)
if [ "$command" = up ] && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$digest" ] && [ -f "$FIXTURE" ] && [ -f "$APP/install.lock" ] &&
  [ -d "$DB_DIR/$DB_NAME" ]; then
  phase "php + cron"
  start_php
  wait_for_api
  start_cron
  phase done
else
  phase "unpack + patch"
  stop_group "$RUN/cron.pid" "cron ticker"
  stop_group "$RUN/php.pid" PHP
  rm -f "$STAMP" "$FIXTURE"
  unpack
  phase php
  start_php
  phase "install + seed"
  NIUSHOP_URL=$URL NIUSHOP_APP_DIR=$APP NIUSHOP_DB_PORT=$DB_PORT NIUSHOP_DB_USER=$DB_USER NIUSHOP_DB_PASSWORD=$DB_PASSWORD \
    NIUSHOP_DB_NAME=$DB_NAME NIUSHOP_FIXTURE=$FIXTURE \
    "$PROJECT/node_modules/.bin/tsx" "$PROJECT/scripts/niushop/provision.ts"
  wait_for_api
  start_cron
  echo "$digest" >"$STAMP"
  phase done
fi
echo "niushop: ready in $(seconds_since "$started_at") s"
print_summary
