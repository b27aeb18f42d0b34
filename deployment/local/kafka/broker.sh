# shellcheck shell=bash
# bin/local-broker kafka: one Apache Kafka node in KRaft mode (broker and controller in one JVM,
# `kafka.Kafka server.properties`) on 127.0.0.1. Sourced by bin/local-broker after common.sh.
#
# Layout:
#   deployment/local/kafka/pom.xml               broker classpath (-Dkafka.version=<version>)
#   deployment/local/kafka/log4j-binding.xml     its SLF4J binding (-Dlog4j.version=<version>)
#   deployment/local/kafka/work/lib/<version>/   jars copied by Maven once per version (gitignored)
#   deployment/local/kafka/work/probe/<version>/ compiled ReadinessProbe
#   deployment/local/kafka/work/run/kafka-<port>.state   one state file per running broker
#   <data dir>/  server.properties, broker.log, broker.pid, kafka.version, kraft-logs/, tls/,
#                client.properties

LB_KAFKA_DIR="$LB_LOCAL/kafka"
LB_KAFKA_WORK="$LB_KAFKA_DIR/work"
LB_KAFKA_RUN="$LB_KAFKA_WORK/run"
LB_KAFKA_LOG4J="$LB_KAFKA_DIR/log4j2.properties"

LB_KAFKA_DEFAULT_PORT=19092
LB_KAFKA_DEFAULT_HEAP=512m
LB_KAFKA_DEFAULT_TIMEOUT_SECONDS=90
LB_KAFKA_DEFAULT_STOP_GRACE_SECONDS=30
LB_KAFKA_MINIMUM_JAVA=17
# --version: releases from this one on (KRaft without ZooKeeper, the probe's client API)
LB_KAFKA_OLDEST_RELEASE=3.7
LB_KAFKA_ARTIFACT=org.apache.kafka:kafka_2.13

# SASL_SSL mode: SCRAM users created at format time, and the password of both PKCS12 stores.
# These are throwaway credentials for a loopback-only development broker.
LB_KAFKA_INTER_BROKER_USER="admin"
LB_KAFKA_INTER_BROKER_PASSWORD=admin-secret
LB_KAFKA_CLIENT_USER="bench"
LB_KAFKA_CLIENT_PASSWORD=bench-secret
LB_KAFKA_STORE_PASSWORD=local-broker-tls
LB_KAFKA_SCRAM_MECHANISM=SCRAM-SHA-512

lb_usage() {
  cat <<EOF
usage: bin/local-broker kafka start [options]
       bin/local-broker kafka stop   [--port P | --data-dir D | --all] [--keep-data] [--grace S]
       bin/local-broker kafka status [--port P | --data-dir D]

Single-node Apache Kafka (KRaft, broker and controller in one JVM) on 127.0.0.1. By default
version $(lb_kafka_version 2>/dev/null || echo "?") (the root pom's kafka.version); --version runs another release.
Maven fetches a version's jars from Maven Central ($LB_KAFKA_ARTIFACT) on its first use,
into deployment/local/kafka/work/lib/<version>/.

start options:
  --version V           Kafka release to run, $LB_KAFKA_OLDEST_RELEASE.0 or newer, e.g. 3.9.1 (releases:
                        $(lb_central_listing "$LB_KAFKA_ARTIFACT"))
  --port P              client listener port (default $LB_KAFKA_DEFAULT_PORT)
  --controller-port P   KRaft controller port (default: port + 1)
  --advertised-host H   the address clients are told to connect to (default 127.0.0.1, where
                        the broker listens); for a broker behind a proxy or in a network
                        namespace, as bin/local-cluster runs it (the listener stays on 127.0.0.1)
  --advertised-port P   the port clients are told (default: --port); for a proxy on another port
  --data-dir D          where logs, config and data go (default: a new temporary directory,
                        deleted again by stop; a given directory is kept, and reused if it
                        already holds a formatted broker)
  --sasl-ssl            SASL_SSL listener with SCRAM-SHA-512 and a self-signed certificate;
                        client user $LB_KAFKA_CLIENT_USER/$LB_KAFKA_CLIENT_PASSWORD; writes <data dir>/client.properties
  --heap SIZE           broker heap, -Xms and -Xmx (default $LB_KAFKA_DEFAULT_HEAP)
  --timeout S           seconds to wait for readiness (default $LB_KAFKA_DEFAULT_TIMEOUT_SECONDS)
  --config KEY=VALUE    extra server.properties entry (repeatable; overrides the defaults)

start returns once a client has created a topic, produced a record with acks=all and consumed it
through a consumer group. Extra JVM options for the broker: LOCAL_BROKER_JAVA_OPTS.
Extra Maven options for the one-time download (e.g. -o): LOCAL_BROKER_MAVEN_ARGS.

stop sends SIGTERM and, after --grace seconds (default $LB_KAFKA_DEFAULT_STOP_GRACE_SECONDS), SIGKILL.
status exits 0 when running, 3 when stopped.
Without --port/--data-dir, stop and status act on the only registered broker.
EOF
}

lb_kafka_version() {
  lb_pom_version kafka.version
}

# Sets LB_KAFKA_LIB to a directory holding the classpath for the version.
lb_kafka_resolve_jars() {
  lb_fetch_jars Kafka "$1" "$LB_KAFKA_WORK" "$LB_KAFKA_DIR/pom.xml" "$LB_KAFKA_ARTIFACT" "" \
    lb_kafka_add_log_binding "-Dkafka.version=$1"
  LB_KAFKA_LIB=$LB_LIB
}

# lb_kafka_add_log_binding <lib dir> <maven log>: the SLF4J binding to log4j 2 next to the broker's
# jars, in the log4j version the release brings (Kafka 4.x) or log4j-binding.xml's default (3.x).
lb_kafka_add_log_binding() {
  local lib=$1 log=$2 core log4j_properties=()
  core=$(find "$lib" -maxdepth 1 -name 'log4j-core-*.jar' -printf '%f\n' | head -n 1)
  if [ -n "$core" ]; then
    core=${core#log4j-core-}
    log4j_properties=("-Dlog4j.version=${core%.jar}")
  fi
  lb_maven "$log" -f "$LB_KAFKA_DIR/log4j-binding.xml" "${log4j_properties[@]}" \
    dependency:copy-dependencies -DincludeScope=runtime "-DoutputDirectory=$lib"
}

# lb_kafka_major <version>: the first number of a release, e.g. 3 for 3.9.1.
lb_kafka_major() {
  echo "${1%%.*}"
}

# Sets LB_KAFKA_PROBE_CLASSES to a directory with ReadinessProbe compiled against the version.
lb_kafka_compile_probe() {
  LB_KAFKA_PROBE_CLASSES="$LB_KAFKA_WORK/probe/$1"
  lb_compile_probe "$LB_KAFKA_DIR/ReadinessProbe.java" "$LB_KAFKA_PROBE_CLASSES" "$LB_KAFKA_LIB" "$LB_KAFKA_WORK"
}

# Options every short-lived helper JVM (format, probe) gets: small, fast to start, quiet logs.
lb_kafka_tool_jvm_options() {
  printf '%s\n' -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto \
    "-Dlog4j2.configurationFile=$LB_KAFKA_LOG4J" -Dlocalbroker.rootLevel=WARN
}

# A random cluster id in Kafka's form (22 characters of URL-safe base64). One in 64 such ids starts
# with '-', which kafka-storage's argument parser takes for an option ("--cluster-id: expected one
# argument"); Kafka's own Uuid.randomUuid() draws again in that case, and so does this.
lb_kafka_random_cluster_id() {
  local id
  while :; do
    id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')
    [[ $id == -* ]] || break
  done
  printf '%s\n' "$id"
}

# lb_kafka_retention_bytes <dir>: the retention of each partition, in bytes: a third of the space free on
# <dir>'s file system shared by 100 partitions, at least 64 MiB and at most 1 GiB.
# A partition holds up to its retention plus a closed and an active segment (a quarter each),
# so 100 partitions stay within half the free space.
lb_kafka_retention_bytes() {
  local free_kib bytes min=$((64 * 1024 * 1024)) max=$((1024 * 1024 * 1024))
  free_kib=$(df -Pk "$1" 2>/dev/null | awk 'NR == 2 { print $4 }')
  bytes=$(( ${free_kib:-0} * 1024 / 3 / 100 ))
  [ "$bytes" -lt "$min" ] && bytes=$min
  [ "$bytes" -gt "$max" ] && bytes=$max
  echo "$bytes"
}

# lb_kafka_write_server_properties <file> <version> <data dir> <port> <controller port> <protocol>
#   <advertised host:port> [KEY=VALUE...]
# The same KRaft keys serve every release from 3.7 on: a static quorum of one voter
# (controller.quorum.voters; 3.9 and later also know controller.quorum.bootstrap.servers, which only
# a dynamic quorum needs). Keys a release does not know are left out rather than logged as unknown.
lb_kafka_write_server_properties() {
  local file=$1 version=$2 data_dir=$3 port=$4 controller_port=$5 protocol=$6 advertised=$7
  shift 7
  {
    echo "# Written by bin/local-broker kafka start for Kafka $version; rewritten on every start."
    echo "process.roles=broker,controller"
    echo "node.id=1"
    echo "controller.quorum.voters=1@127.0.0.1:$controller_port"
    echo "controller.listener.names=CONTROLLER"
    echo "listeners=$protocol://127.0.0.1:$port,CONTROLLER://127.0.0.1:$controller_port"
    echo "advertised.listeners=$protocol://$advertised"
    echo "inter.broker.listener.name=$protocol"
    echo "listener.security.protocol.map=$protocol:$protocol,CONTROLLER:PLAINTEXT"
    echo "log.dirs=$data_dir/kraft-logs"
    echo "num.partitions=1"
    echo "default.replication.factor=1"
    echo "min.insync.replicas=1"
    echo "offsets.topic.replication.factor=1"
    echo "offsets.topic.num.partitions=1"
    echo "transaction.state.log.replication.factor=1"
    echo "transaction.state.log.min.isr=1"
    echo "transaction.state.log.num.partitions=1"
    if [ "$(lb_kafka_major "$version")" -ge 4 ]; then
      # share groups (KIP-932) arrived with Kafka 4.0
      echo "share.coordinator.state.topic.replication.factor=1"
      echo "share.coordinator.state.topic.min.isr=1"
    fi
    echo "group.initial.rebalance.delay.ms=0"
    local retention
    retention=$(lb_kafka_retention_bytes "$data_dir")
    echo "# Bounded disk: Kafka's default keeps 7 days, and a max-rate search at hundreds of MB/s fills a"
    echo "# disk in minutes. Each partition keeps its newest $retention bytes (a third of the disk space free"
    echo "# at start over 100 partitions, from 64 MiB to 1 GiB); segments of a quarter of that, checked"
    echo "# every 5 s and deleted a second after. --config log.retention.bytes=-1 keeps everything."
    echo "log.retention.bytes=$retention"
    echo "log.segment.bytes=$((retention / 4))"
    echo "log.retention.check.interval.ms=5000"
    echo "log.segment.delete.delay.ms=1000"
    if [ "$protocol" = SASL_SSL ]; then
      echo "sasl.enabled.mechanisms=$LB_KAFKA_SCRAM_MECHANISM"
      echo "sasl.mechanism.inter.broker.protocol=$LB_KAFKA_SCRAM_MECHANISM"
      echo "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"$LB_KAFKA_INTER_BROKER_USER\" password=\"$LB_KAFKA_INTER_BROKER_PASSWORD\";"
      echo "ssl.keystore.type=PKCS12"
      echo "ssl.keystore.location=$data_dir/tls/broker.p12"
      echo "ssl.keystore.password=$LB_KAFKA_STORE_PASSWORD"
      echo "ssl.key.password=$LB_KAFKA_STORE_PASSWORD"
      echo "ssl.truststore.type=PKCS12"
      echo "ssl.truststore.location=$data_dir/tls/truststore.p12"
      echo "ssl.truststore.password=$LB_KAFKA_STORE_PASSWORD"
    fi
    if [ $# -gt 0 ]; then
      echo "# --config overrides (later keys win)"
      printf '%s\n' "$@"
    fi
  } >"$file"
}

# Self-signed certificate for localhost/127.0.0.1 and a truststore holding it (kept on reuse).
lb_kafka_generate_tls() {
  local tls=$1 keytool
  [ -f "$tls/broker.p12" ] && [ -f "$tls/truststore.p12" ] && return 0
  keytool=$(lb_require_jdk_tool keytool)
  rm -rf "$tls"
  mkdir -p "$tls"
  {
    "$keytool" -genkeypair -alias broker -keyalg RSA -keysize 2048 -validity 3650 \
      -dname "CN=localhost" -ext "SAN=dns:localhost,ip:127.0.0.1" -storetype PKCS12 \
      -keystore "$tls/broker.p12" -storepass "$LB_KAFKA_STORE_PASSWORD" -keypass "$LB_KAFKA_STORE_PASSWORD" &&
    "$keytool" -exportcert -rfc -alias broker -keystore "$tls/broker.p12" \
      -storepass "$LB_KAFKA_STORE_PASSWORD" -file "$tls/broker.crt" &&
    "$keytool" -importcert -noprompt -alias local-broker -file "$tls/broker.crt" -storetype PKCS12 \
      -keystore "$tls/truststore.p12" -storepass "$LB_KAFKA_STORE_PASSWORD"
  } >"$tls/keytool.log" 2>&1 || {
    lb_show_log_tail "$tls/keytool.log" 20
    lb_die "$LB_EXIT_FAILURE" "keytool could not create the TLS stores in $tls"
  }
}

lb_kafka_write_client_properties() {
  local file=$1 data_dir=$2
  cat >"$file" <<EOF
# Client settings for the local SASL_SSL Kafka broker (producer, consumer, admin and CLI tools).
security.protocol=SASL_SSL
sasl.mechanism=$LB_KAFKA_SCRAM_MECHANISM
sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="$LB_KAFKA_CLIENT_USER" password="$LB_KAFKA_CLIENT_PASSWORD";
ssl.truststore.type=PKCS12
ssl.truststore.location=$data_dir/tls/truststore.p12
ssl.truststore.password=$LB_KAFKA_STORE_PASSWORD
EOF
}

lb_start() {
  local port=$LB_KAFKA_DEFAULT_PORT controller_port="" data_dir="" protocol=PLAINTEXT
  local heap=$LB_KAFKA_DEFAULT_HEAP timeout=$LB_KAFKA_DEFAULT_TIMEOUT_SECONDS overrides=() version=""
  local advertised_host=127.0.0.1 advertised_port=""
  while [ $# -gt 0 ]; do
    if [[ "$1" == --*=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    case "$1" in
      --port ) lb_need_value "$1" $#; port=$2; shift 2 ;;
      --version ) lb_need_value "$1" $#; version=$2; shift 2 ;;
      --controller-port ) lb_need_value "$1" $#; controller_port=$2; shift 2 ;;
      --advertised-host ) lb_need_value "$1" $#; advertised_host=$2; shift 2 ;;
      --advertised-port ) lb_need_value "$1" $#; advertised_port=$2; shift 2 ;;
      --data-dir ) lb_need_value "$1" $#; data_dir=$2; shift 2 ;;
      --sasl-ssl ) protocol=SASL_SSL; shift ;;
      --heap ) lb_need_value "$1" $#; heap=$2; shift 2 ;;
      --timeout ) lb_need_value "$1" $#; timeout=$2; shift 2 ;;
      --config ) lb_need_value "$1" $#; overrides+=("$2"); shift 2 ;;
      -h|--help ) lb_usage; return 0 ;;
      * ) lb_die "$LB_EXIT_USAGE" "unknown start option '$1' (see bin/local-broker kafka --help)" ;;
    esac
  done
  lb_parse_port --port "$port"
  controller_port=${controller_port:-$((port + 1))}
  lb_parse_port --controller-port "$controller_port"
  [ "$port" != "$controller_port" ] || lb_die "$LB_EXIT_USAGE" "--port and --controller-port must differ"
  [[ "$heap" =~ ^[0-9]+[kKmMgG]?$ ]] || lb_die "$LB_EXIT_USAGE" "--heap must look like 512m or 1g, got '$heap'"
  lb_parse_positive_int --timeout "$timeout"
  [[ "$advertised_host" =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] ||
    lb_die "$LB_EXIT_USAGE" "--advertised-host must be a host name or IPv4 address, got '$advertised_host'"
  advertised_port=${advertised_port:-$port}
  lb_parse_port --advertised-port "$advertised_port"
  local override
  for override in "${overrides[@]}"; do
    [[ "$override" =~ ^[A-Za-z0-9._-]+=.* ]] || lb_die "$LB_EXIT_USAGE" "--config needs KEY=VALUE, got '$override'"
  done

  if [ -n "$version" ]; then
    lb_parse_release --version "$version" Kafka "$LB_KAFKA_OLDEST_RELEASE" "$(lb_central_listing "$LB_KAFKA_ARTIFACT")"
  fi

  local started state
  started=$(lb_now_ms)
  lb_require_java "$LB_KAFKA_MINIMUM_JAVA"
  [ -n "$version" ] || version=$(lb_kafka_version)
  # first, so that a release Maven Central does not have is refused before anything else is said or done
  lb_kafka_resolve_jars "$version"
  lb_kafka_compile_probe "$version"

  state="$LB_KAFKA_RUN/kafka-$port.state"
  if [ -f "$state" ]; then
    if lb_jvm_state_running "$state"; then
      lb_die "$LB_EXIT_PORT_IN_USE" "a local Kafka broker already runs on port $port" \
        "(pid $(lb_state_get "$state" pid), data dir $(lb_state_get "$state" data.dir));" \
        "stop it with: bin/local-broker kafka stop --port $port"
    fi
    lb_log "forgetting the earlier broker on port $port, which is no longer running" \
      "(its data dir is left as it was: $(lb_state_get "$state" data.dir))"
    rm -f "$state"
  fi
  lb_require_free_ports "broker=$port" "controller=$controller_port"
  lb_warn_if_ephemeral "$port"
  lb_warn_if_ephemeral "$controller_port"

  local created=false
  if [ -n "$data_dir" ]; then
    mkdir -p "$data_dir" || lb_die "$LB_EXIT_FAILURE" "cannot create data dir $data_dir"
    data_dir=$(cd "$data_dir" && pwd -P)
    local other
    lb_select_states "$LB_KAFKA_RUN" kafka "" "$data_dir"
    for other in "${LB_SELECTED[@]}"; do
      if lb_jvm_state_running "$other"; then
        lb_die "$LB_EXIT_FAILURE" "data dir $data_dir is in use by the broker on port" \
          "$(lb_state_get "$other" port) (pid $(lb_state_get "$other" pid))"
      fi
    done
    if lb_pid_has_marker "$(cat "$data_dir/broker.pid" 2>/dev/null || true)" "-Dlocalbroker.dataDir=$data_dir"; then
      lb_die "$LB_EXIT_FAILURE" "a broker (pid $(cat "$data_dir/broker.pid")) still runs on data dir $data_dir"
    fi
  else
    data_dir=$(mktemp -d "${TMPDIR:-/tmp}/local-kafka.XXXXXX")
    created=true
  fi

  local cluster_id reuse=false
  if [ -f "$data_dir/kraft-logs/meta.properties" ]; then
    cluster_id=$(lb_state_get "$data_dir/kraft-logs/meta.properties" cluster.id)
    local previous_protocol
    previous_protocol=$(cat "$data_dir/security.protocol" 2>/dev/null || echo unknown)
    if [ "$previous_protocol" != "$protocol" ]; then
      lb_die "$LB_EXIT_USAGE" "data dir $data_dir holds a $previous_protocol broker; start it in the" \
        "same mode or use another data dir"
    fi
    reuse=true
    lb_log "reusing the formatted broker in $data_dir (cluster id $cluster_id)"
    local previous_version
    previous_version=$(cat "$data_dir/kafka.version" 2>/dev/null || echo unknown)
    if [ "$previous_version" != "$version" ]; then
      lb_log "note: the data dir was last run by Kafka $previous_version; Kafka $version reads it now" \
        "(an older release may refuse a newer one's metadata)"
    fi
  else
    cluster_id=$(lb_kafka_random_cluster_id)
  fi
  echo "$protocol" >"$data_dir/security.protocol"
  echo "$version" >"$data_dir/kafka.version"

  local properties="$data_dir/server.properties" log="$data_dir/broker.log" client_properties=""
  lb_kafka_write_server_properties "$properties" "$version" "$data_dir" "$port" "$controller_port" "$protocol" \
    "$advertised_host:$advertised_port" "${overrides[@]}"
  if [ "$protocol" = SASL_SSL ]; then
    lb_kafka_generate_tls "$data_dir/tls"
    client_properties="$data_dir/client.properties"
    lb_kafka_write_client_properties "$client_properties" "$data_dir"
  fi

  local tool_options format_arguments
  mapfile -t tool_options < <(lb_kafka_tool_jvm_options)
  format_arguments=(format -t "$cluster_id" -c "$properties")
  [ "$reuse" = true ] && format_arguments+=(--ignore-formatted)
  if [ "$protocol" = SASL_SSL ]; then
    format_arguments+=(
      --add-scram "$LB_KAFKA_SCRAM_MECHANISM=[name=$LB_KAFKA_INTER_BROKER_USER,password=$LB_KAFKA_INTER_BROKER_PASSWORD]"
      --add-scram "$LB_KAFKA_SCRAM_MECHANISM=[name=$LB_KAFKA_CLIENT_USER,password=$LB_KAFKA_CLIENT_PASSWORD]")
  fi
  if ! "$LB_JAVA" "${tool_options[@]}" -cp "$LB_KAFKA_LIB/*" kafka.tools.StorageTool "${format_arguments[@]}" \
      >"$data_dir/format.log" 2>&1; then
    lb_show_log_tail "$data_dir/format.log" 30
    lb_die "$LB_EXIT_FAILURE" "formatting the storage in $data_dir/kraft-logs failed"
  fi

  # A reused data dir keeps the logs of earlier runs: append, with a marker line.
  echo "===== bin/local-broker kafka start, $(date -u +%Y-%m-%dT%H:%M:%SZ), Kafka $version, port $port =====" >>"$log"
  # The broker gets its own session, so it outlives this script and ignores the terminal's Ctrl-C.
  local launcher=() pid
  command -v setsid >/dev/null 2>&1 && launcher=(setsid)
  # shellcheck disable=SC2086 # LOCAL_BROKER_JAVA_OPTS holds several words on purpose
  "${launcher[@]}" "$LB_JAVA" "-Xms$heap" "-Xmx$heap" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true \
    "-Dlog4j2.configurationFile=$LB_KAFKA_LOG4J" "-Dlocalbroker.dataDir=$data_dir" \
    ${LOCAL_BROKER_JAVA_OPTS:-} -cp "$LB_KAFKA_LIB/*" kafka.Kafka "$properties" \
    >>"$log" 2>&1 </dev/null &
  pid=$!
  echo "$pid" >"$data_dir/broker.pid"
  local state_entries=(
    "system=kafka" "version=$version" "pid=$pid" "port=$port" "controller.port=$controller_port"
    "bootstrap.servers=$advertised_host:$advertised_port" "security.protocol=$protocol" "data.dir=$data_dir"
    "data.dir.created=$created" "log.file=$log" "server.properties=$properties"
    "started.at=$(date -u +%Y-%m-%dT%H:%M:%SZ)")
  if [ -n "$client_properties" ]; then
    state_entries+=("client.properties=$client_properties" "truststore=$data_dir/tls/truststore.p12")
  fi
  lb_write_state kafka "$state" "${state_entries[@]}" "ready=false"
  lb_log "started Kafka $version as pid $pid; waiting up to $timeout s until a client can produce and consume ..."

  # Abandon the start cleanly on Ctrl-C or SIGTERM: the broker must not be left behind.
  # shellcheck disable=SC2034 # both read by lb_abort_start (common.sh)
  LB_STARTING_PID=$pid LB_STARTING_STATE=$state
  trap lb_abort_start INT TERM

  local probe_arguments=("127.0.0.1:$port" "$((timeout * 1000))") probe_log="$data_dir/readiness.log"
  [ -n "$client_properties" ] && probe_arguments+=("$client_properties")
  "$LB_JAVA" "${tool_options[@]}" -cp "$LB_KAFKA_PROBE_CLASSES:$LB_KAFKA_LIB/*" ReadinessProbe \
    "${probe_arguments[@]}" >"$probe_log" 2>&1 </dev/null &
  local probe_pid=$! probe_status=0 hard_deadline=$(( $(lb_now_ms) + (timeout + 15) * 1000 ))
  while lb_pid_alive "$probe_pid"; do
    if ! lb_pid_alive "$pid"; then
      kill -KILL "$probe_pid" 2>/dev/null || true
      local broker_status=0
      wait "$pid" || broker_status=$?
      rm -f "$state" "$data_dir/broker.pid"
      trap - INT TERM
      lb_show_log_tail "$log" 40
      lb_die "$LB_EXIT_BROKER_DIED" "the Kafka broker exited with status $broker_status during startup" \
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
    if [ "$probe_status" -eq 2 ]; then
      lb_die "$LB_EXIT_FAILURE" "the readiness client was refused authentication; broker stopped" \
        "(logs in $data_dir)"
    fi
    lb_die "$LB_EXIT_READINESS_TIMEOUT" "Kafka was not ready within $timeout s (a client could not" \
      "produce and consume); broker stopped, logs in $data_dir"
  fi

  lb_write_state kafka "$state" "${state_entries[@]}" "ready=true"
  trap - INT TERM
  echo "Kafka $version ready on 127.0.0.1:$port ($protocol, KRaft) after $(lb_seconds_since "$started") s"
  echo "  bootstrap.servers  $advertised_host:$advertised_port"
  echo "  retention          $(sed -n 's/^log\.retention\.bytes=//p' "$properties" | tail -n 1) bytes per partition (log.retention.bytes; -1: all)"
  echo "  pid                $pid"
  if [ "$created" = true ]; then
    echo "  data dir           $data_dir (temporary: removed by stop)"
  else
    echo "  data dir           $data_dir (kept by stop)"
  fi
  echo "  broker log         $log"
  if [ -n "$client_properties" ]; then
    echo "  client properties  $client_properties (user $LB_KAFKA_CLIENT_USER, $LB_KAFKA_SCRAM_MECHANISM)"
    echo "  truststore         $data_dir/tls/truststore.p12 (PKCS12, password $LB_KAFKA_STORE_PASSWORD)"
  fi
  echo "  stop with          bin/local-broker kafka stop --port $port"
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
      * ) lb_die "$LB_EXIT_USAGE" "unknown status option '$1' (see bin/local-broker kafka --help)" ;;
    esac
  done
  lb_select_states "$LB_KAFKA_RUN" kafka "$port" "$data_dir"
  if [ ${#LB_SELECTED[@]} -eq 0 ]; then
    echo "kafka: stopped${port:+ (nothing registered on port $port)}${data_dir:+ (nothing registered for $data_dir)}"
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
      echo "kafka: running (pid $pid, $(lb_state_get "$state" bootstrap.servers)," \
        "$(lb_state_get "$state" security.protocol), version $(lb_running_version "$state")," \
        "up ${uptime:-?} s$readiness, data dir $(lb_state_get "$state" data.dir))"
    else
      echo "kafka: stopped (the broker on port $(lb_state_get "$state" port), pid $pid, is gone;" \
        "log: $(lb_state_get "$state" log.file); 'stop' clears this entry)"
    fi
  done
  [ "$any_running" = true ] || return "$LB_EXIT_NOT_RUNNING"
}

lb_stop() {
  lb_stop_states kafka "$LB_KAFKA_RUN" "Kafka broker" "Kafka brokers" "$LB_KAFKA_DEFAULT_STOP_GRACE_SECONDS" \
    lb_kafka_stop_one "$@"
}

# lb_kafka_stop_one <state file> <grace seconds>: stops one registered broker (SIGTERM, then SIGKILL).
lb_kafka_stop_one() {
  local state=$1 grace=$2 pid
  pid=$(lb_state_get "$state" pid)
  if lb_jvm_state_running "$state"; then
    lb_log "stopping Kafka on port $(lb_state_get "$state" port) (pid $pid)"
    lb_terminate "$pid" "$grace"
  else
    lb_log "the broker on port $(lb_state_get "$state" port) (pid $pid) was not running any more"
  fi
  rm -f "$(lb_state_get "$state" data.dir)/broker.pid"
}
