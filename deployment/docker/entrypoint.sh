#!/usr/bin/env bash
# Entry point of the benchmark image (deployment/docker/Dockerfile).
#   benchmark-worker [options]  bin/benchmark-worker, with --bind 0.0.0.0 unless the options bind
#                               elsewhere (inside a container, the default 127.0.0.1 reaches nobody; the
#                               worker still refuses to start without a token, OMB_WORKER_TOKEN or
#                               --token-file)
#   benchmark [options]         bin/benchmark
#   anything else               run as given (bash, java -version, ...)
set -euo pipefail
home=/opt/benchmark

case "${1:-}" in
  benchmark-worker)
    shift
    for arg in "$@"; do
      case $arg in
        --bind | --bind=*) exec "$home/bin/benchmark-worker" "$@" ;;
      esac
    done
    exec "$home/bin/benchmark-worker" --bind 0.0.0.0 "$@"
    ;;
  benchmark)
    shift
    exec "$home/bin/benchmark" "$@"
    ;;
  "")
    exec "$home/bin/benchmark" --help
    ;;
  *)
    exec "$@"
    ;;
esac
