#!/usr/bin/env bash
# Builds the Pulsar artifact of the Ansible role's local mode (deploy_artifact_source: local):
# apache-pulsar-<version>-bin.tar.gz in the Apache release archive's layout, assembled from the jars
# Maven Central serves, for machines that reach package registries but not archive.apache.org.
#
#   deployment/local/pulsar/distribution.sh [--version V] --output DIR
#
#   --version V   the Pulsar release (default: pulsar_version of deployment/ansible/group_vars/all/versions.yaml)
#   --output DIR  where the archive goes (created if missing; an archive already there is replaced)
#
# Prints the archive's path on standard output; progress goes to standard error.
#
# The archive, top directory apache-pulsar-<version>/:
#   bin/pulsar            this project's launcher (distribution/pulsar.sh): zookeeper, bookie, broker,
#                         initialize-cluster-metadata, the four commands the role runs; exec's one JVM
#   conf/log4j2.properties  logging to standard output, or with PULSAR_LOG_APPENDER=file to
#                         $PULSAR_LOG_DIR/<command>.log (the role writes the services' configuration
#                         to /etc/pulsar itself)
#   lib/*.jar             runtime jars of pulsar-broker (broker, metadata setup, bookie, ZooKeeper) with
#                         Pulsar's parent pom as BOM, plus BookKeeper's Prometheus stats provider
#                         (distribution/pom.xml)
#   lib/zookeeper-metrics/*.jar  ZooKeeper's Prometheus provider and its Jetty 9, on the classpath of
#                         `bin/pulsar zookeeper` only, in place of lib/'s Jetty 12 jars
#                         (distribution/zookeeper-metrics.xml)
#   README                what this archive is, and is not
# Not the Apache release: no proxy, functions, connectors, pulsar-admin or client tools, no Apache
# scripts or default configuration files.
#
# Maven fetches a version's jars on first use (about 330 jars, 240 MB) into
# deployment/local/pulsar/work/dist/<pom digest>/lib/<version>/ (gitignored; a changed pom gets a new
# directory), later builds only copy and pack them. Extra Maven options (e.g. -o): LOCAL_BROKER_MAVEN_ARGS.
# Exit status: 0 built, 1 failure, 2 usage error or a version Maven Central does not have.
set -euo pipefail

LB_ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../../.." && pwd)
LB_LOCAL="$LB_ROOT/deployment/local"
# shellcheck source=deployment/local/common.sh
source "$LB_LOCAL/common.sh"

# common.sh's messages, under this script's name
lb_log() {
  printf 'pulsar distribution: %s\n' "$*" >&2
}
lb_die() {
  local code=$1
  shift
  printf 'pulsar distribution: error: %s\n' "$*" >&2
  exit "$code"
}

dist_dir="$LB_LOCAL/pulsar/distribution"
versions_file="$LB_ROOT/deployment/ansible/group_vars/all/versions.yaml"

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$(readlink -f "${BASH_SOURCE[0]}")"
}

version=""
output=""
while [ $# -gt 0 ]; do
  if [[ "$1" == --*=* ]]; then
    set -- "${1%%=*}" "${1#*=}" "${@:2}"
  fi
  case "$1" in
    --version ) lb_need_value "$1" $#; version=$2; shift 2 ;;
    --output ) lb_need_value "$1" $#; output=$2; shift 2 ;;
    -h | --help ) usage; exit 0 ;;
    * ) lb_die "$LB_EXIT_USAGE" "unknown option '$1' (see deployment/local/pulsar/distribution.sh --help)" ;;
  esac
done
[ -n "$output" ] || lb_die "$LB_EXIT_USAGE" "--output DIR is required (see --help)"
if [ -z "$version" ]; then
  version=$(sed -n 's/^pulsar_version: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' "$versions_file")
  [ -n "$version" ] || lb_die "$LB_EXIT_FAILURE" "no pulsar_version in $versions_file"
fi
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] ||
  lb_die "$LB_EXIT_USAGE" "--version must be a Pulsar release like 4.2.4, got '$version'"
lb_require_maven

started=$(lb_now_ms)
digest=$(cat "$dist_dir/pom.xml" "$dist_dir/zookeeper-metrics.xml" | sha256sum | cut -c1-12)
work="$LB_LOCAL/pulsar/work/dist/$digest"
mkdir -p "$work/poms"

# pom_property <pom> <name>: a property of a pom file ("" when it has none).
pom_property() {
  sed -n "s:.*<${2//./\\.}>[[:space:]]*\\([^<[:space:]]*\\)[[:space:]]*</${2//./\\.}>.*:\\1:p" "$1" | head -n 1
}

# Pulsar's parent pom: the BookKeeper, ZooKeeper and Jetty 9 versions of the release.
parent="$work/poms/pulsar-$version.pom"
if [ ! -s "$parent" ]; then
  log="$work/poms/maven-$version.log"
  : >"$log"
  if ! lb_maven "$log" -f "$dist_dir/pom.xml" -Dpulsar.version="$version" dependency:copy \
      "-Dartifact=org.apache.pulsar:pulsar:$version:pom" "-DoutputDirectory=$work/poms"; then
    if grep -qE "Could not find|Failure to find|was not found|Non-resolvable import POM" "$log"; then
      lb_die "$LB_EXIT_USAGE" "Pulsar $version is not on Maven Central (no org.apache.pulsar:pulsar:$version;" \
        "releases: $(lb_central_listing org.apache.pulsar:pulsar-broker))"
    fi
    lb_show_log_tail "$log" 30
    lb_die "$LB_EXIT_FAILURE" "Maven could not fetch Pulsar's parent pom $version"
  fi
fi
bookkeeper_version=$(pom_property "$parent" bookkeeper.version)
zookeeper_version=$(pom_property "$parent" zookeeper.version)
jetty9_version=$(pom_property "$parent" jetty9.version)
jetty_version=$(pom_property "$parent" jetty.version)
[ -n "$jetty9_version" ] || [[ "$jetty_version" != 9.* ]] || jetty9_version=$jetty_version
if [ -z "$bookkeeper_version" ] || [ -z "$zookeeper_version" ] || [ -z "$jetty9_version" ]; then
  lb_die "$LB_EXIT_FAILURE" "Pulsar $version's parent pom names no bookkeeper.version, zookeeper.version" \
    "or Jetty 9 version (jetty9.version, or a 9.x jetty.version); this script knows the 4.x poms"
fi

# dist_zookeeper_metrics <lib dir> <log>: lb_fetch_jars's hook, ZooKeeper's Prometheus provider into
# <lib dir>/zookeeper-metrics. Maven Central lacks the provider of some ZooKeeper releases (3.9.5):
# then the newest earlier patch release of the same line.
dist_zookeeper_metrics() {
  local lib=$1 log=$2 patch=${zookeeper_version##*.} line=${zookeeper_version%.*} candidate attempt
  attempt="$log.zookeeper-metrics"
  while [ "$patch" -ge 0 ]; do
    candidate="$line.$patch"
    : >"$attempt"
    if lb_maven "$attempt" -f "$dist_dir/zookeeper-metrics.xml" "-Dzookeeper.metrics.version=$candidate" \
        "-Djetty9.version=$jetty9_version" dependency:copy-dependencies -DincludeScope=runtime \
        -DincludeGroupIds=org.apache.zookeeper,org.eclipse.jetty,javax.servlet \
        -DexcludeArtifactIds=zookeeper,zookeeper-jute "-DoutputDirectory=$lib/zookeeper-metrics"; then
      cat "$attempt" >>"$log"
      rm -f "$attempt"
      [ "$candidate" = "$zookeeper_version" ] ||
        lb_log "ZooKeeper's Prometheus provider $zookeeper_version is not on Maven Central; using $candidate"
      return 0
    fi
    cat "$attempt" >>"$log"
    grep -qE "Could not find|Failure to find|was not found" "$attempt" || { rm -f "$attempt"; return 1; }
    patch=$((patch - 1))
  done
  rm -f "$attempt"
  return 1
}

lb_fetch_jars Pulsar "$version" "$work" "$dist_dir/pom.xml" org.apache.pulsar:pulsar-broker "about 240 MB" \
  dist_zookeeper_metrics "-Dpulsar.version=$version" "-Dbookkeeper.version=$bookkeeper_version"
lib=$LB_LIB

# The jars the four commands' main classes and the role's configuration files need.
required=("pulsar-broker-$version.jar" "pulsar-metadata-$version.jar" "bookkeeper-server-$bookkeeper_version.jar"
  "prometheus-metrics-provider-$bookkeeper_version.jar" "zookeeper-jute-$zookeeper_version.jar")
for jar in "${required[@]}"; do
  [ -f "$lib/$jar" ] || lb_die "$LB_EXIT_FAILURE" "the jars of Pulsar $version in $lib lack $jar"
done
# ZooKeeper's server: Pulsar 4.x's own build of it (Jetty 12 admin server), or ZooKeeper's jar
[ -f "$lib/zookeeper-with-patched-admin-$version.jar" ] || [ -f "$lib/zookeeper-$zookeeper_version.jar" ] ||
  lb_die "$LB_EXIT_FAILURE" "the jars of Pulsar $version in $lib hold no ZooKeeper server"
compgen -G "$lib/log4j-slf4j2-impl-*.jar" >/dev/null || lb_die "$LB_EXIT_FAILURE" "no log4j SLF4J binding in $lib"
compgen -G "$lib/zookeeper-metrics/zookeeper-prometheus-metrics-*.jar" >/dev/null ||
  lb_die "$LB_EXIT_FAILURE" "no ZooKeeper Prometheus provider in $lib/zookeeper-metrics"

mkdir -p "$output" || lb_die "$LB_EXIT_FAILURE" "cannot create $output"
output=$(cd "$output" && pwd -P)
top="apache-pulsar-$version"
archive="$output/$top-bin.tar.gz"
staging=$(mktemp -d "$output/.$top.XXXXXX")
trap 'rm -rf -- "$staging"' EXIT
mkdir -p "$staging/$top/bin" "$staging/$top/conf" "$staging/$top/lib/zookeeper-metrics"
cp "$lib"/*.jar "$staging/$top/lib/"
cp "$lib"/zookeeper-metrics/*.jar "$staging/$top/lib/zookeeper-metrics/"
install -m 0755 "$dist_dir/pulsar.sh" "$staging/$top/bin/pulsar"
install -m 0644 "$dist_dir/log4j2.properties" "$staging/$top/conf/log4j2.properties"
jars=$(find "$staging/$top/lib" -name '*.jar' | wc -l)
cat >"$staging/$top/README" <<EOF
Apache Pulsar $version runtime jars (Maven Central, as resolved by pulsar-broker $version with
Pulsar's parent pom as BOM: BookKeeper $bookkeeper_version, ZooKeeper $zookeeper_version), packed in
the layout of the Apache release archive for the OpenMessaging Benchmark's Ansible role
(deploy_artifact_source: local). This is not the Apache release: bin/pulsar is the benchmark
project's launcher (zookeeper, bookie, broker, initialize-cluster-metadata); there is no proxy,
functions worker, connector, client tool or default configuration. $jars jars.
Built by deployment/local/pulsar/distribution.sh.
EOF
chmod -R u=rwX,go=rX "$staging/$top"
# Same jars, same bytes: sorted entries, fixed owner and time, no name or time in the gzip header.
tar -C "$staging" --sort=name --owner=0 --group=0 --numeric-owner --mtime=@0 -cf - "$top" |
  gzip -n >"$staging/archive.tar.gz"
mv -f "$staging/archive.tar.gz" "$archive"
lb_log "built $archive: $jars jars, $(du -m "$archive" | cut -f1) MB, in $(lb_seconds_since "$started") s"
echo "$archive"
