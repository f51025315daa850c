#!/usr/bin/env bash
# Makes the base image the Dockerfile builds on (its ARG NODE_IMAGE) without an image registry
# (none is reachable from our machines and CI): Debian bookworm (debootstrap, minbase) plus this
# machine's Node 20 laid out as in the official node:20-bookworm-slim image (node, npm and the
# headers node-gyp compiles native addons with under /usr/local; a "node" user with uid/gid 1000),
# imported with `podman import`. ADR 059.
#   bash scripts/image/base.sh           # builds it when missing or made from another Node version
#   bash scripts/image/base.sh --force   # builds it again
# Needs root (debootstrap, chroot). The image is tagged $NODE_IMAGE (scripts/image/podman.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/image/podman.sh

force=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    *) echo "base.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

node_bin=$(readlink -f "$(command -v node)")
node_version=$("$node_bin" --version)
case "$node_version" in
  v20.*) ;;
  *) echo "base.sh: the image is Node 20; this machine's node is $node_version" >&2; exit 1 ;;
esac
# The install prefix of that node (/usr for Debian/NodeSource packages, /usr/local for the tarball).
node_prefix=$(dirname "$(dirname "$node_bin")")
for needed in "$node_prefix/lib/node_modules/npm/bin/npm-cli.js" "$node_prefix/include/node/node.h"; do
  if [ ! -f "$needed" ]; then echo "base.sh: $needed is missing (npm and the Node headers are copied into the image)" >&2; exit 1; fi
done

if [ "$force" = 0 ] && pod image exists "$NODE_IMAGE"; then
  built_from=$(pod image inspect --format '{{ index .Labels "org.nodejs.version" }}' "$NODE_IMAGE")
  if [ "$built_from" = "$node_version" ]; then
    echo "base: $NODE_IMAGE (Node $node_version) is there"
    exit 0
  fi
  echo "base: $NODE_IMAGE has Node $built_from, this machine $node_version: building it again"
fi

if ! command -v debootstrap >/dev/null; then
  echo "base: installing debootstrap (apt)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null \
    || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
fi

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
root=$(mktemp -d /tmp/pharma-node-root.XXXXXX)
trap 'rm -rf "$root"' EXIT
started=$SECONDS

echo "base: debootstrap --variant=minbase bookworm ($mirror)"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 \
  || { tail -30 "$root.log" >&2; rm -f "$root.log"; exit 1; }
rm -f "$root.log"

# apt inside the image sees the same suites as the official image: the release, its updates and security.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
# debootstrap installs the release as published; the security and point-release updates come now.
chroot "$root" apt-get update -qq
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get upgrade -y -qq >/dev/null

echo "base: Node $node_version from $node_prefix"
install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
cp -a "$node_prefix/lib/node_modules/npm" "$root/usr/local/lib/node_modules/npm"
cp -a "$node_prefix/include/node" "$root/usr/local/include/node"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

# The official image's unprivileged user: the Dockerfile's `USER node` and `--chown=node:node`.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$root" node --version >/dev/null

# What a container never needs: downloaded packages, package lists, documentation.
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/log/*.log "$root"/tmp/*

echo "base: podman import → $NODE_IMAGE"
tar --numeric-owner -C "$root" -c . | pod import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${node_version#v}" \
  --change "LABEL org.nodejs.version=$node_version" \
  --change 'CMD ["node"]' \
  --quiet - "$NODE_IMAGE" >/dev/null
echo "base: $NODE_IMAGE ready in $((SECONDS - started)) s ($(pod image inspect --format '{{ .Size }}' "$NODE_IMAGE") bytes)"
