#!/usr/bin/env bash
# Builds the production image (Dockerfile) with podman on our machines and CI, where no image
# registry is reachable: the base image comes from scripts/image/base.sh (made when missing) and is
# passed as NODE_IMAGE. ADR 059.
#   bash scripts/image/build.sh       # → $APP_IMAGE (default localhost/pharma-bff:latest)
# A proxy that re-signs TLS (its CA in NODE_EXTRA_CA_CERTS or npm's cafile) reaches the build as the
# Dockerfile's npm_ca secret, which no layer keeps.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/image/podman.sh

bash scripts/image/base.sh

secret=()
ca_file=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}
if [ -n "$ca_file" ] && [ "$ca_file" != "null" ] && [ "$ca_file" != "undefined" ] && [ -f "$ca_file" ]; then
  secret=(--secret "id=npm_ca,src=$ca_file")
fi

started=$SECONDS
echo "build: $APP_IMAGE from $NODE_IMAGE${secret:+ (CA: $ca_file)}"
# The docker format keeps the Dockerfile's HEALTHCHECK (the OCI format has none).
# Its layers stay as the cache of the next build (npm ci is redone only when package-lock.json or
# patches/ change); `bash scripts/image/podman.sh image prune` drops the ones no tag uses.
pod build --format docker --pull=never --build-arg NODE_IMAGE="$NODE_IMAGE" "${secret[@]}" --tag "$APP_IMAGE" .
echo "build: $APP_IMAGE ready in $((SECONDS - started)) s"
