#!/usr/bin/env bash
# HEALTHCHECK of the benchmark image: in a worker container (PID 1 is the worker's JVM), GET /metrics on
# its stats port (--stats-port / -sp, default 8081) must answer 200; GET /v1/health on the protocol port
# would need the token. Any other container (a coordinator, a shell) is healthy. Plain bash, no curl.
set -uo pipefail

mapfile -d '' args </proc/1/cmdline 2>/dev/null || exit 0
is_worker=false
port=8081
host=127.0.0.1
for ((i = 0; i < ${#args[@]}; i++)); do
  case ${args[i]} in
    io.openmessaging.benchmark.cli.BenchmarkWorker) is_worker=true ;;
    --stats-port | -sp) port=${args[i + 1]:-$port} ;;
    --stats-port=*) port=${args[i]#--stats-port=} ;;
    --bind) host=${args[i + 1]:-$host} ;;
    --bind=*) host=${args[i]#--bind=} ;;
  esac
done
[ "$is_worker" = true ] || exit 0
case $host in 0.0.0.0 | :: | "[::]") host=127.0.0.1 ;; esac

exec 3<>"/dev/tcp/$host/$port" || exit 1
printf 'GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
read -r -t 4 status_line <&3 || exit 1
exec 3<&-
case $status_line in
  "HTTP/1."[01]" 200"*) exit 0 ;;
  *) echo "GET /metrics on $host:$port: $status_line" >&2; exit 1 ;;
esac
