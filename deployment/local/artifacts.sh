# shellcheck shell=bash
# The release artifacts deploy.yaml's roles take from the control host when deploy_artifact_source is
# "local", made from the registries this project builds from instead of the projects' release sites.
# Sourced by deployment/check.sh (its real run against this machine) and bin/local-hosts deploy.
#
#   artifact_kafka DIR LOG            kafka_<scala>-<version>.tgz in the release archive's layout
#                                     (kafka_<scala>-<version>/libs/*.jar), the broker's jars from Maven Central
#   artifact_node_exporter DIR CACHE  node_exporter-<version>.linux-amd64.tar.gz, built with Go from the
#                                     module proxy (the binary cached in CACHE)
# The versions are those of deployment/ansible/group_vars/all/versions.yaml. Each prints one line saying what
# it made and how long it took.

artifacts_repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
artifacts_versions="$artifacts_repo/deployment/ansible/group_vars/all/versions.yaml"

# artifact_version KEY: a version of versions.yaml, e.g. artifact_version kafka_version
artifact_version() {
  sed -n "s/^$1: *\"\{0,1\}\([^\"]*\)\"\{0,1\} *$/\1/p" "$artifacts_versions"
}

artifact_kafka() {
  local dir log=$2 started=$SECONDS version scala
  dir=$(realpath -m "$1")
  version=$(artifact_version kafka_version)
  scala=$(artifact_version kafka_scala_version)
  local top="kafka_$scala-$version" build="$dir/.build"
  rm -rf "$build"
  mkdir -p "$dir" "$build/$top"
  mvn -B -q -Dstyle.color=never -f "$artifacts_repo/deployment/local/kafka/pom.xml" "-Dkafka.version=$version" \
    dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$build/$top/libs" >"$log" 2>&1 || { tail -n 30 "$log"; return 1; }
  # its SLF4J binding, in the log4j version the release brings (as bin/local-broker adds it)
  local log4j
  log4j=$(find "$build/$top/libs" -maxdepth 1 -name 'log4j-core-*.jar' -printf '%f\n' | sed 's/^log4j-core-//; s/\.jar$//')
  mvn -B -q -Dstyle.color=never -f "$artifacts_repo/deployment/local/kafka/log4j-binding.xml" ${log4j:+"-Dlog4j.version=$log4j"} \
    dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$build/$top/libs" >>"$log" 2>&1 || { tail -n 30 "$log"; return 1; }
  [ -f "$build/$top/libs/kafka_$scala-$version.jar" ] || { echo "no kafka_$scala-$version.jar in the artifact"; return 1; }
  tar -C "$build" -czf "$dir/$top.tgz" "$top"
  echo "artifact $top.tgz: $(find "$build/$top/libs" -name '*.jar' | wc -l) jars, $((SECONDS - started)) s"
  rm -rf "$build"
}

artifact_node_exporter() {
  local dir cache=$2 started=$SECONDS version go
  dir=$(realpath -m "$1")
  version=$(artifact_version node_exporter_version)
  local top="node_exporter-$version.linux-amd64" binary="$cache/node_exporter-$version/node_exporter"
  go=$(command -v go || echo /usr/local/go/bin/go)
  if [ ! -x "$binary" ]; then
    [ -x "$go" ] || { echo "node_exporter needs Go (1.22 or newer) on the PATH or at /usr/local/go/bin/go"; return 1; }
    mkdir -p "$(dirname "$binary")"
    GOBIN="$(dirname "$binary")" CGO_ENABLED=0 GOFLAGS=-mod=mod "$go" install \
      -ldflags "-X github.com/prometheus/common/version.Version=$version" \
      "github.com/prometheus/node_exporter@v$version" || return 1
  fi
  mkdir -p "$dir/.build/$top"
  cp "$binary" "$dir/.build/$top/node_exporter"
  tar -C "$dir/.build" -czf "$dir/$top.tar.gz" "$top"
  rm -rf "$dir/.build"
  echo "artifact $top.tar.gz: $("$binary" --version 2>&1 | head -n 1), $((SECONDS - started)) s"
}

# artifact_rabbitmq DIR DEBS: the rabbitmq role's "local" packages (DIR/rabbitmq/*.deb): rabbitmq-server and
# the Erlang packages it names, copied from DEBS, a directory of Debian packages (bin/local-hosts keeps the
# ones its base image was built from, so the versions are the ones the hosts already hold). Prints the
# versions as the role's variables: rabbitmq_version=… rabbitmq_package_version=… rabbitmq_erlang_version=…
artifact_rabbitmq() {
  local dir=$1/rabbitmq debs=$2 server package erlang
  server=$(find "$debs" -maxdepth 1 -name 'rabbitmq-server_*.deb' | sort | tail -n 1)
  [ -n "$server" ] || { echo "no rabbitmq-server package in $debs" >&2; return 1; }
  rm -rf "$dir"
  mkdir -p "$dir"
  cp "$server" "$dir/"
  local name
  for name in erlang-base erlang-asn1 erlang-crypto erlang-eldap erlang-ftp erlang-inets erlang-mnesia erlang-os-mon \
      erlang-parsetools erlang-public-key erlang-runtime-tools erlang-snmp erlang-ssl erlang-syntax-tools erlang-tftp \
      erlang-tools erlang-xmerl; do
    package=$(find "$debs" -maxdepth 1 -name "${name}_*.deb" | sort | tail -n 1)
    [ -n "$package" ] || { echo "no $name package in $debs" >&2; return 1; }
    cp "$package" "$dir/"
  done
  package=$(dpkg-deb -f "$server" Version)
  erlang=$(dpkg-deb -f "$(find "$dir" -name 'erlang-base_*.deb')" Version)
  echo "rabbitmq_version=${package%%-*} rabbitmq_package_version=$package rabbitmq_erlang_version=$erlang"
}
