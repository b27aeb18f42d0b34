# shellcheck shell=bash
# bin/classpath.sh of the packaged benchmark (the distribution module puts it in place of the source
# tree's, which builds the project): sourced by bin/benchmark and bin/benchmark-worker, prints the
# runtime classpath, lib/* (the framework, every driver and their dependencies).
omb_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

omb_classpath() {
  command -v java >/dev/null || { echo "error: java is not on the PATH; install JDK 17 or newer" >&2; exit 1; }
  compgen -G "$omb_root/lib/benchmark-framework-*.jar" >/dev/null ||
    { echo "error: $omb_root/lib holds no benchmark-framework jar: the package is incomplete; unpack it again" >&2; exit 1; }
  echo "$omb_root/lib/*"
}
