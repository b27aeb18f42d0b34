# shellcheck shell=bash
# bin/local-broker pulsar: one Apache Pulsar standalone (broker, bookie and RocksDB metadata store in
# one JVM, `org.apache.pulsar.PulsarStandaloneStarter`) on 127.0.0.1. Sourced by bin/local-broker
# after common.sh.
#
# Layout:
#   deployment/local/pulsar/pom.xml               standalone classpath (-Dpulsar.version=<version>)
#   deployment/local/pulsar/work/lib/<version>/   jars copied by Maven once per version (gitignored)
#   deployment/local/pulsar/work/probe/<version>/ compiled ReadinessProbe
#   deployment/local/pulsar/work/run/pulsar-<port>.state   one state file per running standalone
#   <data dir>/  standalone.conf, broker.log, broker.pid, readiness.log, metadata/, bookkeeper/

LB_PULSAR_DIR="$LB_LOCAL/pulsar"
LB_PULSAR_WORK="$LB_PULSAR_DIR/work"
LB_PULSAR_RUN="$LB_PULSAR_WORK/run"
LB_PULSAR_LOG4J="$LB_PULSAR_DIR/log4j2.properties"

# Pulsar's own defaults are 6650 and 8080; 8080 is also the benchmark worker's HTTP port.
LB_PULSAR_DEFAULT_PORT=16650
LB_PULSAR_DEFAULT_WEB_PORT=18080
# Pulsar's own standalone default; at 512m the bookie ran out of heap in a max-rate search at 115 MB/s
LB_PULSAR_DEFAULT_HEAP=2g
LB_PULSAR_DEFAULT_TIMEOUT_SECONDS=120
LB_PULSAR_DEFAULT_STOP_GRACE_SECONDS=30
LB_PULSAR_MINIMUM_JAVA=17
LB_PULSAR_CLUSTER=standalone
# --version: releases from the 3.0 LTS line on
LB_PULSAR_OLDEST_RELEASE=3.0
LB_PULSAR_ARTIFACT=org.apache.pulsar:pulsar-broker

lb_usage() {
  cat <<EOF
usage: bin/local-broker pulsar start [options]
       bin/local-broker pulsar stop   [--port P | --data-dir D | --all] [--keep-data] [--grace S]
       bin/local-broker pulsar status [--port P | --data-dir D]

Apache Pulsar standalone (broker, one bookie and a RocksDB metadata store in one JVM) on
127.0.0.1, cluster name '$LB_PULSAR_CLUSTER'. By default version $(lb_pulsar_version 2>/dev/null || echo "?") (the root pom's
pulsar.version); --version runs another release. Maven fetches a version's jars from Maven Central
($LB_PULSAR_ARTIFACT, about 330 jars, 240 MB) on its first use, into
deployment/local/pulsar/work/lib/<version>/.

start options:
  --version V           Pulsar release to run, $LB_PULSAR_OLDEST_RELEASE.0 or newer, e.g. 3.0.7 (releases:
                        $(lb_central_listing "$LB_PULSAR_ARTIFACT"))
  --port P              broker service port, pulsar://127.0.0.1:P (default $LB_PULSAR_DEFAULT_PORT)
  --web-port P          admin/HTTP port, http://127.0.0.1:P (default $LB_PULSAR_DEFAULT_WEB_PORT)
  --advertised-host H   the address clients are told to connect to in lookups (default 127.0.0.1,
                        where the standalone listens); for a standalone behind a proxy or in a
                        network namespace, as bin/local-cluster runs it (the listeners stay on
                        127.0.0.1; the bookie keeps 127.0.0.1). The readiness check goes through it.
  --advertised-port P   the binary port clients are told (default: --port); for a proxy on another port
  --advertised-web-port P  the HTTP/admin port clients are told (default: --web-port)
  --bookie-port P       the in-process bookie's port (default: a free port chosen at start;
                        a reused data dir keeps the port it was first given)
  --data-dir D          where config, logs and data go (default: a new temporary directory,
                        deleted again by stop; a given directory is kept, and reused if it
                        already holds a standalone's data)
  --heap SIZE           -Xms/-Xmx and -XX:MaxDirectMemorySize (default $LB_PULSAR_DEFAULT_HEAP)
  --timeout S           seconds to wait for readiness (default $LB_PULSAR_DEFAULT_TIMEOUT_SECONDS)
  --config KEY=VALUE    extra standalone.conf entry (repeatable; overrides the defaults)

start returns once namespace public/default exists and a client has created a topic, produced a
message to it and consumed that message. Extra JVM options for the standalone:
LOCAL_BROKER_JAVA_OPTS. Extra Maven options for the one-time download (e.g. -o): LOCAL_BROKER_MAVEN_ARGS.

stop sends SIGTERM and, after --grace seconds (default $LB_PULSAR_DEFAULT_STOP_GRACE_SECONDS), SIGKILL.
status exits 0 when running, 3 when stopped.
Without --port/--data-dir, stop and status act on the only registered standalone.
EOF
}

lb_pulsar_version() {
  lb_pom_version pulsar.version
}

# Sets LB_PULSAR_LIB to a directory holding the classpath for the version.
lb_pulsar_resolve_jars() {
  lb_fetch_jars Pulsar "$1" "$LB_PULSAR_WORK" "$LB_PULSAR_DIR/pom.xml" "$LB_PULSAR_ARTIFACT" "about 240 MB" - \
    "-Dpulsar.version=$1"
  LB_PULSAR_LIB=$LB_LIB
}

# Sets LB_PULSAR_PROBE_CLASSES to a directory with ReadinessProbe compiled against the version.
lb_pulsar_compile_probe() {
  LB_PULSAR_PROBE_CLASSES="$LB_PULSAR_WORK/probe/$1"
  lb_compile_probe "$LB_PULSAR_DIR/ReadinessProbe.java" "$LB_PULSAR_PROBE_CLASSES" "$LB_PULSAR_LIB" "$LB_PULSAR_WORK"
}

# JVM options that only silence reflective-access warnings of the broker and bookie (they work
# without them, but log IllegalAccessException stack traces).
lb_pulsar_add_opens() {
  local target
  for target in java.base/java.io java.base/java.lang java.base/java.nio java.base/java.util.zip \
      java.base/sun.net java.base/jdk.internal.misc java.base/jdk.internal.platform \
      java.management/sun.management jdk.management/com.sun.management.internal; do
    printf '%s\n' --add-opens "$target=ALL-UNNAMED"
  done
}

# lb_pulsar_write_config <file> <version> <port> <web port> <advertised host:port:web port> [KEY=VALUE...]
# The standalone reads this file twice: as the broker's configuration and as the bookie's.
lb_pulsar_write_config() {
  local file=$1 version=$2 port=$3 web_port=$4 advertised=$5
  shift 5
  {
    echo "# Written by bin/local-broker pulsar start for Pulsar $version; rewritten on every start."
    echo "# Keys not listed take the defaults of Pulsar's ServiceConfiguration (broker) and"
    echo "# BookKeeper's ServerConfiguration (bookie)."
    echo "clusterName=$LB_PULSAR_CLUSTER"
    echo "bindAddress=127.0.0.1"
    echo "advertisedAddress=127.0.0.1"
    echo "brokerServicePort=$port"
    echo "webServicePort=$web_port"
    echo "# one bookie: every ledger has one copy"
    echo "managedLedgerDefaultEnsembleSize=1"
    echo "managedLedgerDefaultWriteQuorum=1"
    echo "managedLedgerDefaultAckQuorum=1"
    echo "functionsWorkerEnabled=false"
    echo "# Bounded disk: a ledger rolls over once it is a minute old and holds 64 MB (defaults: not"
    echo "# before 10 min, at 2 GB), consumed ledgers are trimmed every 10 s (default 120 s) and the"
    echo "# bookie reclaims deleted ledgers every 5 s, so what every subscription has acknowledged goes"
    echo "# within minutes even at hundreds of MB/s; the journal keeps 2 files of 512 MB (default 6 of 2 GB)."
    echo "managedLedgerMinLedgerRolloverTimeMinutes=1"
    echo "managedLedgerMaxSizePerLedgerMbytes=64"
    echo "retentionCheckIntervalInSeconds=10"
    echo "gcWaitTime=5000"
    echo "# Every entry log also holds the cursors' ledgers, which live as long as the topic, so no log"
    echo "# is ever wholly deleted: compaction (default hourly) copies their few live entries out and"
    echo "# frees the log; here every 30 s (minor, logs under 20 % live) and 120 s (major, under 80 %)."
    echo "minorCompactionInterval=30"
    echo "majorCompactionInterval=120"
    echo "journalMaxSizeMB=512"
    echo "journalMaxBackups=1"
    if [ "$advertised" != "127.0.0.1:$port:$web_port" ]; then
      local host=${advertised%%:*} ports=${advertised#*:}
      echo "# --advertised-host/--advertised-port/--advertised-web-port: lookups answer with this listener."
      echo "# Not advertisedAddress, which the bookie reads too (it must stay where the bookie listens)."
      echo "advertisedListeners=external:pulsar://$host:${ports%%:*},external:http://$host:${ports#*:}"
      echo "internalListenerName=external"
    fi
    if [ "${version%%.*}" -lt 4 ]; then
      echo "# Pulsar 3.x refuses to start when it cannot read the NIC's speed (virtual machines,"
      echo "# containers); 4.x only logs it. The load balancer has one broker to place bundles on."
      echo "loadBalancerOverrideBrokerNicSpeedGbps=10"
    fi
    echo "# bookie: with a listening interface it binds its advertised address (127.0.0.1) instead"
    echo "# of every interface"
    echo "listeningInterface=lo"
    echo "allowLoopback=true"
    if [ $# -gt 0 ]; then
      echo "# --config overrides"
      printf '%s\n' "$@"
    fi
  } >"$file"
}

# The listening sockets of a process, as "address:port" words (empty when ss cannot tell).
lb_pulsar_listeners() {
  local pid=$1
  command -v ss >/dev/null 2>&1 || return 0
  ss -Hltnp 2>/dev/null | grep "pid=$pid," | awk '{print $4}' | sort -u | tr '\n' ' '
}

lb_start() {
  local port=$LB_PULSAR_DEFAULT_PORT web_port=$LB_PULSAR_DEFAULT_WEB_PORT bookie_port="" data_dir=""
  local heap=$LB_PULSAR_DEFAULT_HEAP timeout=$LB_PULSAR_DEFAULT_TIMEOUT_SECONDS overrides=() version=""
  local advertised_host=127.0.0.1 advertised_port="" advertised_web_port=""
  while [ $# -gt 0 ]; do
    if [[ "$1" == --*=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    case "$1" in
      --port ) lb_need_value "$1" $#; port=$2; shift 2 ;;
      --version ) lb_need_value "$1" $#; version=$2; shift 2 ;;
      --web-port ) lb_need_value "$1" $#; web_port=$2; shift 2 ;;
      --bookie-port ) lb_need_value "$1" $#; bookie_port=$2; shift 2 ;;
      --advertised-host ) lb_need_value "$1" $#; advertised_host=$2; shift 2 ;;
      --advertised-port ) lb_need_value "$1" $#; advertised_port=$2; shift 2 ;;
      --advertised-web-port ) lb_need_value "$1" $#; advertised_web_port=$2; shift 2 ;;
      --data-dir ) lb_need_value "$1" $#; data_dir=$2; shift 2 ;;
      --heap ) lb_need_value "$1" $#; heap=$2; shift 2 ;;
      --timeout ) lb_need_value "$1" $#; timeout=$2; shift 2 ;;
      --config ) lb_need_value "$1" $#; overrides+=("$2"); shift 2 ;;
      -h|--help ) lb_usage; return 0 ;;
      * ) lb_die "$LB_EXIT_USAGE" "unknown start option '$1' (see bin/local-broker pulsar --help)" ;;
    esac
  done
  lb_parse_port --port "$port"
  lb_parse_port --web-port "$web_port"
  [ "$port" != "$web_port" ] || lb_die "$LB_EXIT_USAGE" "--port and --web-port must differ"
  [[ "$advertised_host" =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] ||
    lb_die "$LB_EXIT_USAGE" "--advertised-host must be a host name or IPv4 address, got '$advertised_host'"
  advertised_port=${advertised_port:-$port}
  advertised_web_port=${advertised_web_port:-$web_port}
  lb_parse_port --advertised-port "$advertised_port"
  lb_parse_port --advertised-web-port "$advertised_web_port"
  if [ "$advertised_host:$advertised_port" = "$advertised_host:$advertised_web_port" ]; then
    lb_die "$LB_EXIT_USAGE" "--advertised-port and --advertised-web-port must differ"
  fi
  if [ -n "$bookie_port" ]; then
    lb_parse_port --bookie-port "$bookie_port"
    if [ "$bookie_port" = "$port" ] || [ "$bookie_port" = "$web_port" ]; then
      lb_die "$LB_EXIT_USAGE" "--bookie-port must differ from --port and --web-port"
    fi
  fi
  [[ "$heap" =~ ^[0-9]+[kKmMgG]?$ ]] || lb_die "$LB_EXIT_USAGE" "--heap must look like 512m or 1g, got '$heap'"
  lb_parse_positive_int --timeout "$timeout"
  local override
  for override in "${overrides[@]}"; do
    [[ "$override" =~ ^[A-Za-z0-9._-]+=.* ]] || lb_die "$LB_EXIT_USAGE" "--config needs KEY=VALUE, got '$override'"
  done

  if [ -n "$version" ]; then
    lb_parse_release --version "$version" Pulsar "$LB_PULSAR_OLDEST_RELEASE" "$(lb_central_listing "$LB_PULSAR_ARTIFACT")"
  fi

  local started state
  started=$(lb_now_ms)
  lb_require_java "$LB_PULSAR_MINIMUM_JAVA"
  [ -n "$version" ] || version=$(lb_pulsar_version)
  # first, so that a release Maven Central does not have is refused before anything else is said or done
  lb_pulsar_resolve_jars "$version"
  lb_pulsar_compile_probe "$version"

  state="$LB_PULSAR_RUN/pulsar-$port.state"
  if [ -f "$state" ]; then
    if lb_jvm_state_running "$state"; then
      lb_die "$LB_EXIT_PORT_IN_USE" "a local Pulsar standalone already runs on port $port" \
        "(pid $(lb_state_get "$state" pid), data dir $(lb_state_get "$state" data.dir));" \
        "stop it with: bin/local-broker pulsar stop --port $port"
    fi
    lb_log "forgetting the earlier standalone on port $port, which is no longer running" \
      "(its data dir is left as it was: $(lb_state_get "$state" data.dir))"
    rm -f "$state"
  fi
  local port_checks=("broker=$port" "web=$web_port")
  [ -n "$bookie_port" ] && port_checks+=("bookie=$bookie_port")
  lb_require_free_ports "${port_checks[@]}"
  lb_warn_if_ephemeral "$port"
  lb_warn_if_ephemeral "$web_port"

  local created=false
  if [ -n "$data_dir" ]; then
    mkdir -p "$data_dir" || lb_die "$LB_EXIT_FAILURE" "cannot create data dir $data_dir"
    data_dir=$(cd "$data_dir" && pwd -P)
    local other
    lb_select_states "$LB_PULSAR_RUN" pulsar "" "$data_dir"
    for other in "${LB_SELECTED[@]}"; do
      if lb_jvm_state_running "$other"; then
        lb_die "$LB_EXIT_FAILURE" "data dir $data_dir is in use by the standalone on port" \
          "$(lb_state_get "$other" port) (pid $(lb_state_get "$other" pid))"
      fi
    done
    if lb_pid_has_marker "$(cat "$data_dir/broker.pid" 2>/dev/null || true)" "-Dlocalbroker.dataDir=$data_dir"; then
      lb_die "$LB_EXIT_FAILURE" "a standalone (pid $(cat "$data_dir/broker.pid")) still runs on data dir $data_dir"
    fi
    [ -d "$data_dir/metadata" ] && lb_log "reusing the standalone's data in $data_dir"
  else
    data_dir=$(mktemp -d "${TMPDIR:-/tmp}/local-pulsar.XXXXXX")
    created=true
  fi

  local config="$data_dir/standalone.conf" log="$data_dir/broker.log"
  local config_entries=()
  if [ -n "$bookie_port" ]; then
    # without this BookKeeper ignores the requested port and takes any free one
    config_entries+=("allowEphemeralPorts=true")
  fi
  lb_pulsar_write_config "$config" "$version" "$port" "$web_port" \
    "$advertised_host:$advertised_port:$advertised_web_port" "${config_entries[@]}" "${overrides[@]}"

  local standalone_arguments=(--config "$config" --no-functions-worker --no-stream-storage
    --metadata-dir "$data_dir/metadata" --bookkeeper-dir "$data_dir/bookkeeper")
  [ -n "$bookie_port" ] && standalone_arguments+=(--bookkeeper-port "$bookie_port")

  # A reused data dir keeps the logs of earlier runs: append, with a marker line.
  echo "===== bin/local-broker pulsar start, $(date -u +%Y-%m-%dT%H:%M:%SZ), Pulsar $version, port $port =====" >>"$log"
  local opens launcher=() pid
  mapfile -t opens < <(lb_pulsar_add_opens)
  # The standalone gets its own session, so it outlives this script and ignores the terminal's
  # Ctrl-C; it runs in the data dir so that nothing it writes relative to its working directory
  # lands elsewhere.
  command -v setsid >/dev/null 2>&1 && launcher=(setsid)
  # shellcheck disable=SC2086 # LOCAL_BROKER_JAVA_OPTS holds several words on purpose
  (cd "$data_dir" && exec "${launcher[@]}" "$LB_JAVA" "-Xms$heap" "-Xmx$heap" "-XX:MaxDirectMemorySize=$heap" \
    -XX:+UseG1GC -XX:MaxGCPauseMillis=10 -Djava.awt.headless=true -Djava.net.preferIPv4Stack=true \
    -Dio.netty.tryReflectionSetAccessible=true "${opens[@]}" \
    "-Dlog4j2.configurationFile=$LB_PULSAR_LOG4J" "-Dlocalbroker.dataDir=$data_dir" \
    ${LOCAL_BROKER_JAVA_OPTS:-} -cp "$LB_PULSAR_LIB/*" org.apache.pulsar.PulsarStandaloneStarter \
    "${standalone_arguments[@]}") >>"$log" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$data_dir/broker.pid"
  local service_url="pulsar://$advertised_host:$advertised_port" http_url="http://$advertised_host:$advertised_web_port"
  local state_entries=(
    "system=pulsar" "version=$version" "pid=$pid" "port=$port" "web.port=$web_port"
    "service.url=$service_url" "http.url=$http_url" "cluster=$LB_PULSAR_CLUSTER" "data.dir=$data_dir"
    "data.dir.created=$created" "log.file=$log" "standalone.conf=$config"
    "started.at=$(date -u +%Y-%m-%dT%H:%M:%SZ)")
  lb_write_state pulsar "$state" "${state_entries[@]}" "ready=false"
  lb_log "started Pulsar $version standalone as pid $pid; waiting up to $timeout s until a client can produce and consume ..."

  # Abandon the start cleanly on Ctrl-C or SIGTERM: the standalone must not be left behind.
  # shellcheck disable=SC2034 # both read by lb_abort_start (common.sh)
  LB_STARTING_PID=$pid LB_STARTING_STATE=$state
  trap lb_abort_start INT TERM

  local probe_log="$data_dir/readiness.log"
  "$LB_JAVA" -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -Djava.net.preferIPv4Stack=true \
    "-Dlog4j2.configurationFile=$LB_PULSAR_LOG4J" -Dlocalbroker.rootLevel=WARN \
    -cp "$LB_PULSAR_PROBE_CLASSES:$LB_PULSAR_LIB/*" ReadinessProbe \
    "$service_url" "$http_url" "$((timeout * 1000))" >"$probe_log" 2>&1 </dev/null &
  local probe_pid=$! probe_status=0 hard_deadline=$(( $(lb_now_ms) + (timeout + 15) * 1000 ))
  while lb_pid_alive "$probe_pid"; do
    if ! lb_pid_alive "$pid"; then
      kill -KILL "$probe_pid" 2>/dev/null || true
      local broker_status=0
      wait "$pid" || broker_status=$?
      rm -f "$state" "$data_dir/broker.pid"
      trap - INT TERM
      lb_show_log_tail "$log" 40
      lb_die "$LB_EXIT_BROKER_DIED" "the Pulsar standalone exited with status $broker_status during startup" \
        "(full log: $log; data dir kept for inspection: $data_dir)"
    fi
    if [ "$(lb_now_ms)" -gt "$hard_deadline" ]; then
      kill -KILL "$probe_pid" 2>/dev/null || true
      break
    fi
    sleep 0.2
  done
  wait "$probe_pid" || probe_status=$?

  if [ "$probe_status" -ne 0 ]; then
    lb_terminate "$pid" 10
    rm -f "$state" "$data_dir/broker.pid"
    trap - INT TERM
    lb_show_log_tail "$log" 30
    lb_show_log_tail "$probe_log" 15
    lb_die "$LB_EXIT_READINESS_TIMEOUT" "Pulsar was not ready within $timeout s (a client could not" \
      "create a topic, produce and consume); standalone stopped, logs in $data_dir"
  fi

  local listeners
  listeners=$(lb_pulsar_listeners "$pid")
  lb_write_state pulsar "$state" "${state_entries[@]}" "listeners=$listeners" "ready=true"
  trap - INT TERM
  echo "Pulsar $version standalone ready on 127.0.0.1:$port after $(lb_seconds_since "$started") s"
  echo "  serviceUrl         $service_url"
  echo "  httpUrl            $http_url"
  [ "$advertised_host:$advertised_port:$advertised_web_port" = "127.0.0.1:$port:$web_port" ] ||
    echo "  listeners          pulsar://127.0.0.1:$port, http://127.0.0.1:$web_port (advertised: the URLs above)"
  echo "  cluster            $LB_PULSAR_CLUSTER"
  echo "  pid                $pid"
  [ -n "$listeners" ] && echo "  listening on       $listeners"
  if [ "$created" = true ]; then
    echo "  data dir           $data_dir (temporary: removed by stop)"
  else
    echo "  data dir           $data_dir (kept by stop)"
  fi
  echo "  log                $log"
  echo "  stop with          bin/local-broker pulsar stop --port $port"
}

lb_status() {
  local port="" data_dir=""
  while [ $# -gt 0 ]; do
    if [[ "$1" == --*=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    case "$1" in
      --port ) lb_need_value "$1" $#; lb_parse_port --port "$2"; port=$2; shift 2 ;;
      --data-dir ) lb_need_value "$1" $#; data_dir=$(realpath -m -- "$2"); shift 2 ;;
      -h|--help ) lb_usage; return 0 ;;
      * ) lb_die "$LB_EXIT_USAGE" "unknown status option '$1' (see bin/local-broker pulsar --help)" ;;
    esac
  done
  lb_select_states "$LB_PULSAR_RUN" pulsar "$port" "$data_dir"
  if [ ${#LB_SELECTED[@]} -eq 0 ]; then
    echo "pulsar: stopped${port:+ (nothing registered on port $port)}${data_dir:+ (nothing registered for $data_dir)}"
    return "$LB_EXIT_NOT_RUNNING"
  fi
  local state any_running=false pid uptime
  for state in "${LB_SELECTED[@]}"; do
    pid=$(lb_state_get "$state" pid)
    if lb_jvm_state_running "$state"; then
      any_running=true
      uptime=$(ps -o etimes= -p "$pid" 2>/dev/null | tr -d ' ')
      local readiness=""
      [ "$(lb_state_get "$state" ready)" = true ] || readiness=", still starting"
      echo "pulsar: running (pid $pid, $(lb_state_get "$state" service.url), $(lb_state_get "$state" http.url)," \
        "version $(lb_running_version "$state"), up ${uptime:-?} s$readiness, data dir $(lb_state_get "$state" data.dir))"
    else
      echo "pulsar: stopped (the standalone on port $(lb_state_get "$state" port), pid $pid, is gone;" \
        "log: $(lb_state_get "$state" log.file); 'stop' clears this entry)"
    fi
  done
  [ "$any_running" = true ] || return "$LB_EXIT_NOT_RUNNING"
}

lb_stop() {
  lb_stop_states pulsar "$LB_PULSAR_RUN" "Pulsar standalone" "Pulsar standalones" \
    "$LB_PULSAR_DEFAULT_STOP_GRACE_SECONDS" lb_pulsar_stop_one "$@"
}

# lb_pulsar_stop_one <state file> <grace seconds>: stops one registered standalone (SIGTERM, then SIGKILL).
lb_pulsar_stop_one() {
  local state=$1 grace=$2 pid
  pid=$(lb_state_get "$state" pid)
  if lb_jvm_state_running "$state"; then
    lb_log "stopping the Pulsar standalone on port $(lb_state_get "$state" port) (pid $pid)"
    lb_terminate "$pid" "$grace"
  else
    lb_log "the standalone on port $(lb_state_get "$state" port) (pid $pid) was not running any more"
  fi
  rm -f "$(lb_state_get "$state" data.dir)/broker.pid"
}
