#!/usr/bin/env bash
# Two steps of `npm test`: the production image built and run (`npm run test:image`, ADR 059)
# wherever podman can run containers.
#   test-if-possible.sh start    first step: installs podman, runc and debootstrap through apt when
#                                missing, probes that a container runs, and starts the image build in
#                                the background at the lowest CPU and I/O priority, so it takes only
#                                the time the other tests leave idle (the e2e suite leaves some)
#   test-if-possible.sh finish   last step: waits for that build and runs the image's checks on it
#   test-if-possible.sh          both, one after the other (by hand)
# Where it is not possible (no root, no apt, a kernel or sandbox that refuses containers) `start`
# writes why and both steps say so and pass. In CI (.ci/run sets CI_STARTED_AT and CI_MINUTES),
# `finish` waits for the build only as long as CI's time allows; a build not done by then is
# stopped and the step says so loudly and passes: a run over CI's limit would not land at all.
set -euo pipefail
cd "$(dirname "$0")/../.."

STATE=data/image-test
IMAGE=localhost/pharma-bff:image-test
# What `finish` needs after the build: running the container and its checks took 30–90 s.
CHECKS_S=180

skip() {
  echo "test: $1: the image test (npm run test:image) is not run"
  exit 0
}

start() {
  rm -rf "$STATE"
  mkdir -p "$STATE"
  local output
  if ! output=$(probe 2>&1); then
    echo "$output" | tail -1 >"$STATE/skipped"
    skip "$(cat "$STATE/skipped")"
  fi
  [ -z "$output" ] || echo "$output"
  local lowest=(nice -n 19)
  if command -v ionice >/dev/null; then lowest+=(ionice -c 3); fi
  echo "test: building the image in the background (${lowest[*]}; log in $STATE/build.log)"
  # Not detached from the process group: stopping `npm test` (Ctrl-C) stops the build too.
  (
    status=0
    "${lowest[@]}" env APP_IMAGE="$IMAGE" bash scripts/image/build.sh >"$STATE/build.log" 2>&1 || status=$?
    echo "$status" >"$STATE/build.status.tmp"
    mv "$STATE/build.status.tmp" "$STATE/build.status"
  ) </dev/null &
  echo $! >"$STATE/build.pid"
}

# Exits non-zero, with the reason as its last line, where the image cannot be built and run here.
probe() {
  local missing=()
  command -v podman >/dev/null || missing+=(podman)
  command -v runc >/dev/null || missing+=(runc)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || { echo "${missing[*]} not installed and installing needs root"; return 1; }
    command -v apt-get >/dev/null || { echo "${missing[*]} not installed and there is no apt-get"; return 1; }
    echo "test: installing ${missing[*]} (apt)" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; } || { echo "apt-get could not install ${missing[*]}"; return 1; }
  fi
  # base.sh makes the base image with debootstrap and chroot.
  [ "$(id -u)" = 0 ] || { echo "making the base image (debootstrap) needs root"; return 1; }
  # Can podman run a container here? The smallest one: /bin/true and the libraries it loads.
  local root
  root=$(mktemp -d)
  for file in /bin/true $(ldd /bin/true | grep -o '/[^ ]*'); do install -D "$file" "$root$file"; done
  local answer=0 output
  output=$(bash scripts/image/podman.sh run --rm --rootfs "$root" /bin/true 2>&1) || answer=$?
  rm -rf "$root"
  if [ "$answer" != 0 ]; then
    echo "podman cannot run a container here ($(echo "$output" | tail -1))"
    return 1
  fi
}

# The build's subshell and everything it started (build.sh, podman, the build's containers).
stop_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

finish() {
  [ -d "$STATE" ] || { echo "test: the image build was not started (test-if-possible.sh start)" >&2; exit 1; }
  [ ! -f "$STATE/skipped" ] || skip "$(cat "$STATE/skipped")"
  local waited=$SECONDS deadline=""
  if [ -n "${CI_STARTED_AT:-}" ]; then
    deadline=$((CI_STARTED_AT + ${CI_MINUTES:-90} * 60 - CHECKS_S - 120))
  fi
  echo "test: waiting for the image build (started by test-if-possible.sh start)"
  while [ ! -f "$STATE/build.status" ]; do
    if [ -n "$deadline" ] && [ "$(date +%s)" -ge "$deadline" ]; then
      stop_tree "$(cat "$STATE/build.pid")"
      tail -5 "$STATE/build.log" >&2 || true
      echo "test: WARNING: the image build had not finished with ${CI_MINUTES:-90} min of CI nearly spent: stopped, the image test is not run this time" >&2
      exit 0
    fi
    sleep 5
  done
  echo "test: the build ended after waiting $((SECONDS - waited)) s here; its log ends:"
  tail -3 "$STATE/build.log"
  local status
  status=$(cat "$STATE/build.status")
  if [ "$status" != 0 ]; then
    tail -40 "$STATE/build.log" >&2
    echo "test: scripts/image/build.sh failed ($status)" >&2
    exit 1
  fi
  IMAGE_BUILD=0 APP_IMAGE="$IMAGE" npm run test:image
}

case "${1:-}" in
  start) start ;;
  finish) finish ;;
  "") start && finish ;;
  *) echo "test-if-possible.sh: unknown step $1 (start, finish)" >&2; exit 2 ;;
esac
