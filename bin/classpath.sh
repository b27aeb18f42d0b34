# shellcheck shell=bash
# Sourced by bin/ scripts: builds the project when needed and prints the runtime classpath
# (every module's jar, then the jars of their target/lib directories, each once; drivers are found through
# ServiceLoader).
# `omb_classpath MODULE…` adds modules outside the benchmark itself (the bench scripts: benchmark-bench).
omb_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
omb_modules=(driver-api benchmark-config driver-loopback benchmark-core benchmark-reports benchmark-framework driver-kafka driver-redpanda driver-pulsar driver-rabbitmq)

omb_built() {
  local m
  for m in "${omb_modules[@]}" "$@"; do
    compgen -G "$omb_root/$m/target/$m-*.jar" >/dev/null || return 1
  done
  [ -d "$omb_root/benchmark-framework/target/lib" ]
}

omb_build() {
  command -v mvn >/dev/null || { echo "error: the project is not built and Maven (mvn) is not installed; install Maven 3.8+ and JDK 17" >&2; exit 1; }
  echo "Building the benchmark (first run only; mvn -DskipTests package) ..." >&2
  (cd "$omb_root" && mvn -B -q -DskipTests package) >&2 || { echo "error: the build failed; run 'mvn -DskipTests package' in $omb_root to see why" >&2; exit 1; }
}

omb_classpath() {
  command -v java >/dev/null || { echo "error: java is not on the PATH; install JDK 17 or newer" >&2; exit 1; }
  omb_built "$@" || omb_build
  # Every module's own jar first, then the libraries, each jar name once: every module's target/lib holds
  # its own copy of the libraries it shares with the others (about 250 entries, 80 of them distinct), and
  # the JVM looks a class up by trying the classpath's jars in order.
  local m jar name cp=""
  local -A seen=()
  for m in "${omb_modules[@]}" "$@"; do
    for jar in "$omb_root/$m/target/$m"-*.jar; do
      case "$jar" in *-sources.jar|*-tests.jar|*-javadoc.jar) continue ;; esac
      seen["${jar##*/}"]=1
      cp="$cp:$jar"
    done
  done
  for m in "${omb_modules[@]}" "$@"; do
    for jar in "$omb_root/$m/target/lib"/*.jar; do
      [ -f "$jar" ] || continue
      name="${jar##*/}"
      [ -n "${seen[$name]:-}" ] && continue
      seen["$name"]=1
      cp="$cp:$jar"
    done
  done
  echo "${cp#:}"
}
