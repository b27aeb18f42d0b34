#!/usr/bin/env bash
# bin/pulsar of the Pulsar artifact that deployment/local/pulsar/distribution.sh builds (this
# project's launcher, not Apache Pulsar's script). It runs the four commands the Ansible role
# deployment/ansible/roles/pulsar calls, each as one JVM that replaces this shell (exec), so the
# service manager's SIGTERM reaches Java directly (exit status 143, which the role's unit counts as
# success):
#
#   bin/pulsar zookeeper                       ZooKeeper server, configuration $PULSAR_ZK_CONF
#   bin/pulsar bookie                          BookKeeper bookie, configuration $PULSAR_BOOKKEEPER_CONF
#   bin/pulsar broker                          Pulsar broker, configuration $PULSAR_BROKER_CONF
#   bin/pulsar initialize-cluster-metadata ARGS...   one-time cluster metadata (ARGS as Pulsar's
#                                              PulsarClusterMetadataSetup takes them: --cluster,
#                                              --metadata-store, --web-service-url, ...)
#
# Without its variable a service reads conf/zookeeper.conf, conf/bookkeeper.conf or conf/broker.conf
# of the installation, which the artifact does not ship: the role writes the files to /etc/pulsar and
# passes them through the variables.
#
# Environment:
#   JAVA_HOME            the JDK or JRE to run (default: java on PATH); Java 17 or newer
#   PULSAR_MEM           heap and direct memory options, e.g. "-Xms2g -Xmx2g -XX:MaxDirectMemorySize=2g"
#                        (default: the JVM's own sizing)
#   PULSAR_GC            garbage collector options (default: the JVM's, G1)
#   BOOKIE_MEM, BOOKIE_GC  the bookie's instead of PULSAR_MEM and PULSAR_GC, when set
#   PULSAR_EXTRA_OPTS    further JVM options, for every command (BOOKIE_EXTRA_OPTS: the bookie's only)
#   PULSAR_LOG_DIR       where the file appender writes <command>.log (default: <installation>/logs)
#   PULSAR_LOG_APPENDER  console (default: standard output, which systemd's journal or the role's
#                        daemon mode captures) or file (a size-rolled file in PULSAR_LOG_DIR)
#   PULSAR_LOG_LEVEL     root log level (default: info)
#   PULSAR_LOG_CONF      the log4j2 configuration (default: conf/log4j2.properties)
#
# Exit status: the JVM's; 2 for an unknown command; 1 when Java or a configuration file is missing.
set -euo pipefail

home=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)

usage() {
  cat <<EOF
usage: bin/pulsar zookeeper | bookie | broker | initialize-cluster-metadata ARGS...

  zookeeper                    ZooKeeper server (configuration: \$PULSAR_ZK_CONF)
  bookie                       BookKeeper bookie (configuration: \$PULSAR_BOOKKEEPER_CONF)
  broker                       Pulsar broker (configuration: \$PULSAR_BROKER_CONF)
  initialize-cluster-metadata  one-time cluster metadata; ARGS go to PulsarClusterMetadataSetup
                               (e.g. --cluster, --metadata-store, --configuration-metadata-store,
                               --web-service-url, --broker-service-url)

Environment: JAVA_HOME, PULSAR_MEM, PULSAR_GC, BOOKIE_MEM, BOOKIE_GC, PULSAR_EXTRA_OPTS,
BOOKIE_EXTRA_OPTS, PULSAR_LOG_DIR, PULSAR_LOG_APPENDER (console|file), PULSAR_LOG_LEVEL, PULSAR_LOG_CONF.
Built by deployment/local/pulsar/distribution.sh from Maven Central jars; the service commands of
the Apache release that this artifact has no use for (standalone, proxy, functions-worker, ...) are
not here.
EOF
}

fail() {
  local code=$1
  shift
  printf 'bin/pulsar: %s\n' "$*" >&2
  exit "$code"
}

# words <variable value>: the value split at blanks into the array WORDS (no glob expansion).
words() {
  WORDS=()
  [ -n "$1" ] && read -r -a WORDS <<<"$1"
  return 0
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  zookeeper | bookie | broker | initialize-cluster-metadata ) ;;
  help | -h | --help ) usage; exit 0 ;;
  "" ) usage >&2; exit 2 ;;
  * ) fail 2 "unknown command '$command'; this launcher runs: zookeeper, bookie, broker," \
        "initialize-cluster-metadata (see bin/pulsar --help)" ;;
esac

if [ -n "${JAVA_HOME:-}" ]; then
  java="$JAVA_HOME/bin/java"
  [ -x "$java" ] || fail 1 "JAVA_HOME is $JAVA_HOME, but $java is not an executable"
else
  java=$(command -v java) || fail 1 "no java: set JAVA_HOME or put java on PATH (Java 17 or newer)"
fi

# config_file <variable name> <file name>: the configuration a service reads.
config_file() {
  local file=${!1:-$home/conf/$2}
  [ -r "$file" ] || fail 1 "$command: cannot read its configuration $file (set $1 to the file)"
  printf '%s\n' "$file"
}

classpath="$home/lib/*"
main=""
arguments=()
memory=${PULSAR_MEM:-}
gc=${PULSAR_GC:-}
extra=${PULSAR_EXTRA_OPTS:-}
options=()
case "$command" in
  zookeeper )
    main=org.apache.zookeeper.server.quorum.QuorumPeerMain
    arguments=("$(config_file PULSAR_ZK_CONF zookeeper.conf)")
    # ZooKeeper's Prometheus provider and its Jetty 9 instead of the broker's Jetty 12: the same
    # package names, and Jetty 9 loads the other's service providers (HTTP field encoders) when both
    # are on the classpath. ZooKeeper's admin server is the one user of Jetty 12 here, and the role
    # turns it off (admin.enableServer=false).
    classpath="$home/lib/zookeeper-metrics/*"
    for jar in "$home"/lib/*.jar; do
      case ${jar##*/} in
        jetty-* ) ;;
        * ) classpath+=":$jar" ;;
      esac
    done
    # a fresh node may hold a transaction log but no snapshot yet; keep-alive on both sides
    options+=(-Dzookeeper.snapshot.trust.empty=true -Dzookeeper.tcpKeepAlive=true
      -Dzookeeper.clientTcpKeepAlive=true)
    ;;
  bookie )
    main=org.apache.bookkeeper.server.Main
    arguments=(--conf "$(config_file PULSAR_BOOKKEEPER_CONF bookkeeper.conf)")
    memory=${BOOKIE_MEM:-$memory}
    gc=${BOOKIE_GC:-$gc}
    extra="$extra ${BOOKIE_EXTRA_OPTS:-}"
    ;;
  broker )
    main=org.apache.pulsar.PulsarBrokerStarter
    arguments=(--broker-conf "$(config_file PULSAR_BROKER_CONF broker.conf)")
    # the broker stops log4j itself at the end of its own shutdown hook, so its last lines are logged
    options+=(-Dlog4j.shutdownHookEnabled=false)
    ;;
  initialize-cluster-metadata )
    main=org.apache.pulsar.PulsarClusterMetadataSetup
    arguments=("$@")
    ;;
esac

log_dir=${PULSAR_LOG_DIR:-$home/logs}
appender=${PULSAR_LOG_APPENDER:-console}
case "$appender" in
  console ) ;;
  file ) mkdir -p "$log_dir" || fail 1 "cannot create the log directory $log_dir" ;;
  * ) fail 2 "PULSAR_LOG_APPENDER must be console or file, got '$appender'" ;;
esac
log_conf=${PULSAR_LOG_CONF:-$home/conf/log4j2.properties}

# Java 17 keeps the JDK's internals closed; these are the packages the broker, the bookie and Netty
# reach into (direct buffers and their cleaner, posix_fadvise and CRC32 intrinsics of the journal,
# DNS settings, GC and OS metrics, container limits). Without them they fall back to slower paths or
# log the refused access.
for package in java.base/java.io java.base/java.lang java.base/java.nio java.base/java.util.zip \
    java.base/sun.net java.base/jdk.internal.misc java.base/jdk.internal.platform \
    java.management/sun.management jdk.management/com.sun.management.internal; do
  options+=(--add-opens "$package=ALL-UNNAMED")
done
options+=(
  -Dio.netty.tryReflectionSetAccessible=true
  -Djava.net.preferIPv4Stack=true
  # long child lists of the metadata store (many topics) exceed ZooKeeper's 1 MB default
  -Djute.maxbuffer=10485760
  # the bookie and the broker open their metadata through Pulsar's metadata store drivers too
  -Dbookkeeper.metadata.bookie.drivers=org.apache.pulsar.metadata.bookkeeper.PulsarMetadataBookieDriver
  -Dbookkeeper.metadata.client.drivers=org.apache.pulsar.metadata.bookkeeper.PulsarMetadataClientDriver
  "-Dlog4j2.configurationFile=$log_conf"
  "-Dpulsar.log.dir=$log_dir"
  "-Dpulsar.log.file=$command.log"
  "-Dpulsar.log.appender=$appender"
  "-Dpulsar.log.level=${PULSAR_LOG_LEVEL:-info}"
)

jvm=()
words "$memory"; jvm+=("${WORDS[@]}")
words "$gc"; jvm+=("${WORDS[@]}")
words "$extra"; jvm+=("${WORDS[@]}")

# Relative file names (configuration, log directory) are the working directory's: the role's
# units run in the installation directory.
exec "$java" "${options[@]}" "${jvm[@]}" -cp "$classpath" "$main" "${arguments[@]}"
