# shellcheck shell=bash
# Tools of deployment/check.sh, which `mvn -B verify` runs (module deployment/, artifact
# deployment-checks): the Debian packages of the real Ansible run against this machine, then the
# pinned Python venvs under deployment/.venv and helm and kubeconform, built with the machine's Go
# (deployment/install-tools.sh; about 2 1/2 minutes more on a fresh machine for those two; Terraform
# comes with the machine image and is only checked there).
# shellcheck source=deployment/tools/versions.env
source deployment/tools/versions.env
deploy_need=()
for deploy_package in "${DEPLOY_APT_PACKAGES[@]}"; do
  dpkg -s "$deploy_package" >/dev/null 2>&1 || deploy_need+=("$deploy_package")
done
if [ ${#deploy_need[@]} -gt 0 ]; then apt_install "${deploy_need[@]}"; fi
bash deployment/install-tools.sh
