#!/usr/bin/env bash
# podman as it runs on our machines and CI (ADR 059). Sourced by the scripts beside it (`pod …`),
# or run: `bash scripts/image/podman.sh ps -a`. Everything is given on the command line, so the
# machine's own container configuration is left as it is:
#   --cgroup-manager=cgroupfs, --events-backend=file  no systemd or journald runs here
#   --runtime=runc   crun refuses the hybrid cgroup v1/v2 layout these VMs have; runc runs in it
#   --network=host   (build, run) no CNI bridge needed: the build reaches Debian's mirrors and the
#                    npm registry as the machine does; a container's port is the machine's port
#   --ulimit         podman asks for more open files and processes than the machine allows (root
#                    without CAP_SYS_RESOURCE): the machine's own open-file limit and 4096 processes
# PODMAN_STORAGE_DRIVER (e.g. vfs) picks another storage driver where overlay mounts are refused.

# The base image of both stages (scripts/image/base.sh: Debian + this machine's Node 20) and the
# application image (Dockerfile, scripts/image/build.sh).
NODE_IMAGE=${NODE_IMAGE:-localhost/pharma-node:20-bookworm}
APP_IMAGE=${APP_IMAGE:-localhost/pharma-bff:latest}

pod() {
  local global=(--cgroup-manager=cgroupfs --events-backend=file --runtime=runc)
  if [ -n "${PODMAN_STORAGE_DRIVER:-}" ]; then global+=(--storage-driver="$PODMAN_STORAGE_DRIVER"); fi
  local command=$1
  shift
  case "$command" in
    build | run | create)
      local open_files
      open_files=$(ulimit -Hn)
      podman "${global[@]}" "$command" --network=host --ulimit "nofile=$open_files:$open_files" --ulimit nproc=4096:4096 "$@"
      ;;
    *) podman "${global[@]}" "$command" "$@" ;;
  esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  pod "$@"
fi
