#!/usr/bin/env bash
# Builds the benchmark's container image (deployment/docker/Dockerfile) from the packaged benchmark,
# with docker, podman or buildah, whichever is found first. Without any of them it says so and exits 0
# (nothing built), so scripts may call it anywhere; --require-builder makes that exit 1. A builder
# counts when `<builder> info` works (a docker CLI without a reachable daemon does not).
#
# usage: deployment/docker/build.sh [--package FILE] [--tag IMAGE] [--builder docker|podman|buildah]
#                                   [--base IMAGE] [--context DIR] [--require-builder]
#   --package FILE  the packaged benchmark (default: the one distribution/target/ holds; build it with
#                   mvn -B -DskipTests package)
#   --tag IMAGE     the image's name (default messaging-benchmark:<version of the package>)
#   --base IMAGE    another base image than the Dockerfile's pinned BASE_IMAGE
#   --context DIR   only assemble the build context in DIR (empty or new), build nothing
# The build context is a scratch directory: the Dockerfile, its two scripts and the package as
# messaging-benchmark.tar.gz; nothing else of the repository is sent to the builder.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)

package="" tag="" builder="" base="" context="" require=false
usage="usage: deployment/docker/build.sh [--package FILE] [--tag IMAGE] [--builder docker|podman|buildah] [--base IMAGE] [--context DIR] [--require-builder]"
while [ $# -gt 0 ]; do
  case $1 in
    --package | --tag | --builder | --base | --context)
      [ $# -ge 2 ] || { echo "build.sh: $1 needs a value; $usage" >&2; exit 2; }
      case $1 in
        --package) package=$2 ;;
        --tag) tag=$2 ;;
        --builder) builder=$2 ;;
        --base) base=$2 ;;
        --context) context=$2 ;;
      esac
      shift ;;
    --require-builder) require=true ;;
    -h | --help) echo "$usage"; exit 0 ;;
    *) echo "build.sh: unknown argument '$1'; $usage" >&2; exit 2 ;;
  esac
  shift
done

if [ -z "$package" ]; then
  shopt -s nullglob
  found=("$repo"/distribution/target/messaging-benchmark-*.tar.gz)
  shopt -u nullglob
  if [ ${#found[@]} -ne 1 ]; then
    echo "build.sh: expected one distribution/target/messaging-benchmark-*.tar.gz, found ${#found[@]};" \
      "build it with 'mvn -B -DskipTests package' or give --package FILE" >&2
    exit 1
  fi
  package=${found[0]}
fi
[ -f "$package" ] || { echo "build.sh: no such file: $package" >&2; exit 1; }
version=$(basename "$package" .tar.gz)
version=${version#messaging-benchmark-}
[ -n "$tag" ] || tag="messaging-benchmark:$version"

# assemble <dir>: the build context.
assemble() {
  mkdir -p "$1"
  cp -p "$here/Dockerfile" "$here/entrypoint.sh" "$here/healthcheck.sh" "$1/"
  cp "$package" "$1/messaging-benchmark.tar.gz"
}

if [ -n "$context" ]; then
  if [ -d "$context" ] && [ -n "$(ls -A "$context")" ]; then
    echo "build.sh: --context $context is not empty" >&2
    exit 1
  fi
  assemble "$context"
  echo "build context of $tag in $context"
  exit 0
fi

# A builder counts when its CLI is there and `info` answers (a docker CLI without a daemon does not).
unusable=()
if [ -z "$builder" ]; then
  for candidate in docker podman buildah; do
    command -v "$candidate" >/dev/null || continue
    if "$candidate" info >/dev/null 2>&1; then builder=$candidate; break; fi
    unusable+=("$candidate (installed, but '$candidate info' fails: no daemon or no permission?)")
  done
fi
if [ -z "$builder" ]; then
  [ ${#unusable[@]} -eq 0 ] || echo "build.sh: unusable: ${unusable[*]}" >&2
  echo "build.sh: SKIPPED: no working image builder on this machine (looked for docker, podman, buildah);" \
    "nothing was built. Install one, or build elsewhere: the context is this directory's Dockerfile," \
    "entrypoint.sh and healthcheck.sh plus the package as messaging-benchmark.tar.gz (--context DIR assembles it)." >&2
  [ "$require" = true ] && exit 1
  exit 0
fi
command -v "$builder" >/dev/null || { echo "build.sh: $builder is not on the PATH" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/omb-image.XXXXXX")
trap 'rm -rf "$work"' EXIT
assemble "$work"
build_args=(--build-arg "VERSION=$version")
[ -z "$base" ] || build_args+=(--build-arg "BASE_IMAGE=$base")
echo "building $tag with $builder from $(basename "$package")" >&2
case $builder in
  docker | podman) "$builder" build "${build_args[@]}" -t "$tag" -f "$work/Dockerfile" "$work" ;;
  buildah) buildah bud "${build_args[@]}" -t "$tag" -f "$work/Dockerfile" "$work" ;;
  *) echo "build.sh: unknown builder '$builder' (docker, podman or buildah)" >&2; exit 2 ;;
esac
echo "built $tag; try: $builder run --rm $tag benchmark --help" >&2
