#!/usr/bin/env bash
# A step of `npm test`: the production image built and run (`npm run test:image`, ADR 059) wherever
# podman can run containers. It installs podman (and runc, which scripts/image/podman.sh uses)
# through apt when they are missing, as scripts/setup.sh does for Chromium; where that is not
# possible (no root, no apt, a kernel or sandbox that refuses containers) it says why and passes.
set -euo pipefail
cd "$(dirname "$0")/../.."

skip() {
  echo "test: $1: the image test (npm run test:image) is not run"
  exit 0
}

if ! command -v podman >/dev/null || ! command -v runc >/dev/null; then
  [ "$(id -u)" = 0 ] || skip "podman is not installed and installing it needs root"
  command -v apt-get >/dev/null || skip "podman is not installed and there is no apt-get"
  echo "test: installing podman and runc (apt)"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq podman runc >/dev/null; } || skip "apt-get could not install podman"
fi
# base.sh makes the base image with debootstrap and chroot.
[ "$(id -u)" = 0 ] || skip "making the base image (debootstrap) needs root"

# Can podman run a container here? The smallest one: /bin/true and the libraries it loads.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
for file in /bin/true $(ldd /bin/true | grep -o '/[^ ]*'); do install -D "$file" "$probe$file"; done
if ! reason=$(bash scripts/image/podman.sh run --rm --rootfs "$probe" /bin/true 2>&1); then
  skip "podman cannot run a container here ($(echo "$reason" | tail -1))"
fi

npm run test:image
