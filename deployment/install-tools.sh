#!/usr/bin/env bash
# Installs the pinned tools of deployment/check.sh:
#   deployment/.venv/ansible  ansible (with the collections it bundles), ansible-lint, yamllint
#   deployment/.venv/checkov  checkov (its own venv: its pins clash with ansible-lint's)
#   Debian packages xfsprogs and tuned (with --apt; .ci/install.d/60-deployment.sh installs them itself)
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
