#!/usr/bin/env bash
# The last step of `npm test`: the conformance suite against a real Niushop 5.5.2 (ADR 042), wherever
# its source is beside the project. `npm run niushop` installs PHP and MariaDB through apt, installs and
# seeds Niushop, and `npm run test:niushop` runs every journey with JavaScript on and off against it;
# the Niushop it started is stopped at the end. Without the source the step says so and passes.
set -euo pipefail
cd "$(dirname "$0")/../.."
NIUSHOP_SRC=${NIUSHOP_SRC:-../shared/niushop/admin-php.tar.gz}
if [ ! -f "$NIUSHOP_SRC" ]; then
  echo "test: no Niushop source at $NIUSHOP_SRC: the conformance suite (npm run test:niushop) is not run"
  exit 0
fi
export NIUSHOP_SRC
trap 'npm run --silent niushop -- stop || true' EXIT
npm run test:niushop
