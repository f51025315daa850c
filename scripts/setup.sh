#!/usr/bin/env bash
# Installs what this project needs on a fresh machine, and nothing twice:
#   - Debian's Chromium (+ CJK fonts) for the browser tests, when /usr/bin/chromium is missing,
#     and Debian's redis-server for the shared-store tests and `npm run test:scale`, when missing
#     (both skipped with --no-browser, which `npm run shop` passes; need root, as on our machines and CI);
#   - node_modules via `npm ci`, when it is missing or older than package-lock.json (--force-ci: always).
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=1
force_ci=0
for arg in "$@"; do
  case "$arg" in
    --no-browser) want_browser=0 ;;
    --force-ci) force_ci=1 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

if [ "$want_browser" = 1 ] && [ ! -x /usr/bin/chromium ] && [ -z "${CHROME_PATH:-}" ]; then
  echo "setup: installing Debian's chromium and CJK fonts (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

if [ "$want_browser" = 1 ] && ! command -v redis-server >/dev/null && [ ! -x /usr/bin/redis-server ]; then
  echo "setup: installing Debian's redis-server (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq redis-server >/dev/null
fi

# better-sqlite3 compiles from source here; node-gyp must use the machine's Node headers
# instead of downloading them (no internet but the registries).
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ]; then
  export npm_config_nodedir=/usr
fi

lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
stamp=node_modules/.setup-lock-hash
if [ "$force_ci" = 1 ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_hash" ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > "$stamp"
fi
