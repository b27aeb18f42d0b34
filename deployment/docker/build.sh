#!/usr/bin/env bash
# Builds the benchmark's container image (deployment/docker/Dockerfile) from the packaged benchmark,
# with docker, podman or buildah, whichever is found first. Without any of them it says so and exits 0
# (nothing built), so scripts may call it anywhere; --require-builder makes that exit 1. A builder
# counts when `<builder> info` works (a docker CLI without a reachable daemon does not).
#
# usage: deployment/docker/build.sh [--package FILE] [--tag IMAGE] [--builder docker|podman|buildah]
#                                   [--base IMAGE] [--source URL] [--context DIR] [--require-builder]
#   --package FILE  the packaged benchmark (default: the one distribution/target/ holds; build it with
#                   mvn -B -DskipTests package)
#   --tag IMAGE     the image's name (default messaging-benchmark:<version of the package>)
#   --base IMAGE    another base image than the Dockerfile's pinned BASE_IMAGE
#   --source URL    the image's org.opencontainers.image.source (default: the URL of this repository's
#                   git remote "origin", if it has one)
#   --context DIR   only assemble the build context in DIR (empty or new) and print the build arguments,
#                   build nothing
# The image's labels: org.opencontainers.image.version (the package's version), .revision (the git commit
# the package was built from, read from its benchmark-core jar; "-dirty" appended when the tree differed)
# and .source.
# The build context is a scratch directory: the Dockerfile, its two scripts and the package as
# messaging-benchmark.tar.gz; nothing else of the repository is sent to the builder.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)

package="" tag="" builder="" base="" source="" context="" require=false
usage="usage: deployment/docker/build.sh [--package FILE] [--tag IMAGE] [--builder docker|podman|buildah] [--base IMAGE] [--source URL] [--context DIR] [--require-builder]"
while [ $# -gt 0 ]; do
  case $1 in
    --package | --tag | --builder | --base | --source | --context)
      [ $# -ge 2 ] || { echo "build.sh: $1 needs a value; $usage" >&2; exit 2; }
      case $1 in
        --package) package=$2 ;;
        --tag) tag=$2 ;;
        --builder) builder=$2 ;;
        --base) base=$2 ;;
        --source) source=$2 ;;
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

# revision_of <package>: the commit its benchmark-core jar records (bin/build-identity.sh), "-dirty"
# appended when the tree differed from it; "unknown" when the package does not say.
revision_of() {
  local scratch properties commit dirty
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/omb-revision.XXXXXX")
  properties=""
  if tar -xzf "$1" -C "$scratch" --wildcards '*/lib/benchmark-core-*.jar' 2>/dev/null; then
    properties=$(unzip -p "$scratch"/*/lib/benchmark-core-*.jar \
      io/openmessaging/benchmark/result/build-identity.properties 2>/dev/null || true)
  fi
  rm -rf "$scratch"
  commit=$(sed -n 's/^commit=//p' <<<"$properties")
  dirty=$(sed -n 's/^dirty=//p' <<<"$properties")
  [ -n "$commit" ] || commit=unknown
  if [ "$commit" != unknown ] && [ "$dirty" = true ]; then commit="$commit-dirty"; fi
  echo "$commit"
}
[ -n "$source" ] || source=$(git -C "$repo" remote get-url origin 2>/dev/null || echo unknown)
build_args=(--build-arg "VERSION=$version" --build-arg "REVISION=$(revision_of "$package")" --build-arg "SOURCE=$source")
[ -z "$base" ] || build_args+=(--build-arg "BASE_IMAGE=$base")

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
  echo "build arguments: ${build_args[*]}"
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
echo "building $tag with $builder from $(basename "$package")" >&2
case $builder in
  docker | podman) "$builder" build "${build_args[@]}" -t "$tag" -f "$work/Dockerfile" "$work" ;;
  buildah) buildah bud "${build_args[@]}" -t "$tag" -f "$work/Dockerfile" "$work" ;;
  *) echo "build.sh: unknown builder '$builder' (docker, podman or buildah)" >&2; exit 2 ;;
esac
echo "built $tag; try: $builder run --rm $tag benchmark --help" >&2
