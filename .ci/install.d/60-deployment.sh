# Tools of deployment/check.sh, which `mvn -B verify` runs (module deployment/, artifact
# deployment-checks): the Debian packages of the real Ansible run against this machine, then the
# pinned Python venvs under deployment/.venv (deployment/install-tools.sh; Terraform comes with the
# machine image and is only checked there).
# shellcheck source=deployment/tools/versions.env
source deployment/tools/versions.env
deploy_need=()
for deploy_package in "${DEPLOY_APT_PACKAGES[@]}"; do
  dpkg -s "$deploy_package" >/dev/null 2>&1 || deploy_need+=("$deploy_package")
done
if [ ${#deploy_need[@]} -gt 0 ]; then apt_install "${deploy_need[@]}"; fi
bash deployment/install-tools.sh
