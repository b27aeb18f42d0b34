#!/usr/bin/env bash
# Installs the pinned tools of deployment/check.sh:
#   deployment/.venv/ansible  ansible (with the collections it bundles), ansible-lint, yamllint
#   deployment/.venv/checkov  checkov (its own venv: its pins clash with ansible-lint's)
#   deployment/.venv/kubernetes  hadolint, and the Kubernetes JSON schemas of kubernetes-validate,
#                             copied per pinned version to deployment/.venv/kubernetes/schemas/ in
#                             the form kubeconform reads offline (deployment/tools/k8s_schemas.py)
#   deployment/.venv/go/bin   helm, kubeconform and toxiproxy-server (bin/local-cluster), built with Go (1.22 or newer on the PATH, or
#                             /usr/local/go/bin/go) from the Go module proxy; rebuilt only when the
#                             installed binary reports another version than deployment/tools/versions.env
#   Debian packages xfsprogs and tuned (with --apt; bin/test-setup installs them itself)
# and checks that the pinned Terraform is on the PATH. Every pip version comes from
# deployment/tools/requirements-*.txt; a venv is rebuilt when its requirements file changes.
#
# usage: deployment/install-tools.sh [--apt]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=deployment/tools/versions.env
source "$here/tools/versions.env"
venvs="$here/.venv"

log() { printf 'install-tools: %s\n' "$*" >&2; }

if [ "${1:-}" = --apt ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${DEPLOY_APT_PACKAGES[@]}"
fi

python=${DEPLOY_PYTHON:-python3}
"$python" -c 'import sys; assert sys.version_info >= (3, 11), sys.version' 2>/dev/null ||
  { log "error: $python must be Python 3.11 or newer (ansible-core 2.19 needs it)"; exit 1; }

# install_venv <name> <requirements file>
install_venv() {
  local name=$1 requirements=$2 dir="$venvs/$1" stamp
  stamp=$(sha256sum "$requirements" | cut -c 1-16)
  if [ -f "$dir/.requirements-$stamp" ]; then
    log "$name venv is up to date ($dir)"
    return 0
  fi
  local started=$SECONDS
  log "creating the $name venv in $dir (pip, pinned by $(basename "$requirements")) ..."
  rm -rf "$dir"
  "$python" -m venv "$dir"
  "$dir/bin/pip" install -q --no-deps -r "$requirements"
  "$dir/bin/pip" check >/dev/null
  touch "$dir/.requirements-$stamp"
  log "$name venv ready in $((SECONDS - started)) s"
}

mkdir -p "$venvs"
install_venv ansible "$here/tools/requirements-ansible.txt"
install_venv checkov "$here/tools/requirements-checkov.txt"
install_venv kubernetes "$here/tools/requirements-kubernetes.txt"

# kubeconform's schemas: kubernetes-validate's, per pinned Kubernetes version, made to resolve on disk.
schemas="$venvs/kubernetes/schemas"
schemas_stamp="$schemas/.versions-$(printf '%s-' "${DEPLOY_KUBERNETES_VERSIONS[@]}")$(sha256sum "$here/tools/k8s_schemas.py" | cut -c 1-16)"
if [ -f "$schemas_stamp" ]; then
  log "Kubernetes schemas ${DEPLOY_KUBERNETES_VERSIONS[*]} are up to date ($schemas)"
else
  rm -rf "$schemas"
  "$venvs/kubernetes/bin/python" "$here/tools/k8s_schemas.py" "$schemas" "${DEPLOY_KUBERNETES_VERSIONS[@]}" >&2
  touch "$schemas_stamp"
fi

# go_tool <name> <package>@<version> <wanted version output> <version command...> -- <ldflags>:
# builds a Go command into $venvs/go/bin unless the one there already reports the wanted version.
go_tool() {
  local name=$1 package=$2 wanted=$3 bin="$venvs/go/bin" found=""
  shift 3
  local version_command=()
  while [ "$1" != -- ]; do version_command+=("$1"); shift; done
  shift
  if [ -x "$bin/$name" ]; then
    found=$("$bin/$name" "${version_command[@]}" 2>/dev/null || true)
    if [ "$found" = "$wanted" ]; then
      log "$name $wanted is up to date ($bin/$name)"
      return 0
    fi
  fi
  local go
  go=$(command -v go || echo /usr/local/go/bin/go)
  [ -x "$go" ] || { log "error: go is not on the PATH (nor /usr/local/go/bin/go); it builds $name"; exit 1; }
  local started=$SECONDS
  log "building $name $wanted with $("$go" env GOVERSION) (go install $package) ..."
  mkdir -p "$bin"
  # go install names the binary after the package's last element (cmd/server: "server"): it is built
  # into a directory of its own and moved to $bin/$name.
  local staging="$venvs/go/.building-$name" built=${package%@*}
  built=${built##*/}
  rm -rf "$staging"
  # GOTOOLCHAIN=local: the machine's Go builds it, or the build says why not (no toolchain download).
  GOBIN="$staging" GOTOOLCHAIN=local CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
    "$go" install -trimpath -ldflags "$*" "$package"
  mv -f "$staging/$built" "$bin/$name"
  rm -rf "$staging"
  found=$("$bin/$name" "${version_command[@]}")
  [ "$found" = "$wanted" ] || { log "error: the $name just built reports '$found', not '$wanted'"; exit 1; }
  log "$name $wanted ready in $((SECONDS - started)) s"
}

helm_pkg=helm.sh/helm/v3
go_tool helm "$helm_pkg/cmd/helm@v$DEPLOY_HELM_VERSION" "v$DEPLOY_HELM_VERSION" version --template '{{.Version}}' -- \
  -s -w -X "$helm_pkg/internal/version.version=v$DEPLOY_HELM_VERSION" \
  -X "$helm_pkg/pkg/chartutil.k8sVersionMajor=1" -X "$helm_pkg/pkg/chartutil.k8sVersionMinor=$DEPLOY_HELM_KUBE_MINOR" \
  -X "$helm_pkg/pkg/lint/rules.k8sVersionMajor=1" -X "$helm_pkg/pkg/lint/rules.k8sVersionMinor=$DEPLOY_HELM_KUBE_MINOR"
go_tool kubeconform "github.com/yannh/kubeconform/cmd/kubeconform@v$DEPLOY_KUBECONFORM_VERSION" \
  "v$DEPLOY_KUBECONFORM_VERSION" -v -- -s -w -X "main.version=v$DEPLOY_KUBECONFORM_VERSION"
# toxiproxy: the TCP proxy bin/local-cluster puts in front of each node for delay and jitter (the
# kernels CI runs on may lack netem).
toxiproxy_pkg=github.com/Shopify/toxiproxy/v2
go_tool toxiproxy-server "$toxiproxy_pkg/cmd/server@v$DEPLOY_TOXIPROXY_VERSION" \
  "toxiproxy-server version $DEPLOY_TOXIPROXY_VERSION" -version -- -s -w -X "$toxiproxy_pkg.Version=$DEPLOY_TOXIPROXY_VERSION"

# No update check (checkpoint) and no CLI configuration: terraform must not reach any host.
export CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null
if ! command -v terraform >/dev/null; then
  log "error: terraform is not on the PATH. Version $DEPLOY_TERRAFORM_VERSION is needed; no package registry"
  log "this project can reach serves it (the machine image ships it as /usr/local/bin/terraform)."
  exit 1
fi
found=$(terraform version 2>/dev/null | sed -n 's/^Terraform v//p' | head -n 1)
if [ "$found" != "$DEPLOY_TERRAFORM_VERSION" ]; then
  log "error: terraform $found found, $DEPLOY_TERRAFORM_VERSION expected"
  exit 1
fi
log "terraform $found"
