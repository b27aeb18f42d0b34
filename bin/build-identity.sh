#!/usr/bin/env bash
# Writes the build's identity: a Java properties file baked into benchmark-core's jar, which the
# benchmark reads at run time (io.openmessaging.benchmark.result.BuildIdentity) for `bin/benchmark
# --version` and the result's metadata. Run by the benchmark-core build (phase generate-resources).
#
# usage: bin/build-identity.sh SOURCE_ROOT VERSION OUTPUT_FILE
#
#   version  VERSION (the Maven project version)
#   commit   the commit SOURCE_ROOT is checked out at, or "unknown"
#   dirty    true when tracked files differ from that commit, false when not, "unknown" without a commit
#
# The commit is SOURCE_ROOT's own: only when SOURCE_ROOT is the top of a git work tree. A source tree
# without .git (an exported tarball), even one unpacked inside another repository, or a machine without
# git, gives "unknown", never the HEAD of an enclosing repository.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: bin/build-identity.sh SOURCE_ROOT VERSION OUTPUT_FILE" >&2
  exit 2
fi
root=$1 version=$2 output=$3
[ -d "$root" ] || { echo "bin/build-identity.sh: SOURCE_ROOT $root is not a directory" >&2; exit 2; }
commit=unknown
dirty=unknown
if command -v git >/dev/null; then
  top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null || true)
  if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$root" && pwd -P)" ]; then
    # --verify -q: a repository without a commit yet has no HEAD to name
    commit=$(git -C "$root" rev-parse --verify -q HEAD || echo unknown)
    if [ "$commit" != unknown ]; then
      # --no-optional-locks: a build must not take the index lock of a tree someone is working in
      if [ -n "$(git --no-optional-locks -C "$root" status --porcelain --untracked-files=no)" ]; then
        dirty=true
      else
        dirty=false
      fi
    fi
  fi
fi
mkdir -p "$(dirname "$output")"
{
  echo "# written by bin/build-identity.sh when this jar was built"
  echo "version=$version"
  echo "commit=$commit"
  echo "dirty=$dirty"
} >"$output.tmp"
mv "$output.tmp" "$output"
