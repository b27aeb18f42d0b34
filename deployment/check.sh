#!/usr/bin/env bash
# Offline checks of the deployments (deployment/terraform/aws, deployment/ansible, the Helm chart
# deployment/kubernetes/helm/benchmark and the container image deployment/docker):
#
#   versions      kafka_version of the Ansible versions file equals the root pom's kafka.version
#   shell         ShellCheck (warning level) over every shell script: bin/, deployment/, distribution/, .ci/
#   tf-fmt        terraform fmt -check -recursive
#   tf-inventory  terraform init, validate and test of the provider-free inventory module, and the
#                 inventory it writes for each system (three brokers, two workers, a monitoring host)
#                 passes deploy.yaml's own checks (check-inventory.yaml, which contacts no host)
#   checkov       checkov on the AWS configuration and the playbooks, download off: no failed check
#                 (every finding fixed or skipped with a reason in the code)
#   ansible-lint  production profile, offline
#   syntax        ansible-playbook --syntax-check of every playbook
#   render        the configuration files of a three-broker cluster for every system (Kafka quorum,
#                 Pulsar metadata store and ensemble, RabbitMQ peers, Redpanda seeds, Prometheus
#                 targets), rendered on the control host and checked
#   package       the packaged benchmark (--package FILE, or built now with mvn -DskipTests -pl
#                 distribution -am package unless --static-only): its layout (payload/ with upstream's six
#                 payload file names included, README.md and docs/), and its launchers run from the unpacked archive
#                 (bin/benchmark validate of its files, and of an upstream-style workload naming
#                 payload/payload-1Kb.data copied outside the package, from its root and from another
#                 directory; bin/benchmark-worker --help; bin/benchmark --version names the package's
#                 build, the same when unpacked inside another git work tree)
#   helm          the chart: helm lint --strict and helm template with the default values and each value set
#                 of its ci/ (three workers on Kafka with an existing token Secret and a results claim;
#                 workers only; an existing claim), every rendered object validated by kubeconform -strict
#                 against the schemas of Kubernetes DEPLOY_KUBERNETES_VERSIONS (the oldest the chart supports
#                 and the newest), and how the objects fit together (tools/chart_render.py: workers file =
#                 one URL per StatefulSet pod, token Secret, mounted files, driver and workload files in the
#                 package); the chart README's values table names every value of values.yaml
#                 (tools/chart_values_doc.py); and it must fail: values the schema refuses, a driver file the
#                 package lacks, a rendered object with an unknown field, a README missing a value
#   docker        hadolint on deployment/docker/Dockerfile, its org.opencontainers.image.revision and .source
#                 labels (build.sh must pass the package's commit), and every COPY source exists in the build context
#                 or the package's layout (tools/dockerfile_layout.py: from the assembly descriptor, and from
#                 the package when there is one); must fail for a Dockerfile copying a missing path. The image
#                 itself is built only where a builder exists (deployment/docker/build.sh), not here
#   dashboard     every PromQL expression of the Grafana dashboard selects a metric, and the
#                 selectors do not match an empty scrape (the localhost run checks them against the
#                 deployed worker's /metrics); the data source is the ${datasource} variable, never a
#                 uid, every worker selector is scoped to $namespace and $release, every rate window is
#                 $__rate_interval (dashboard_metrics.py lint; must fail for a hard-coded uid)
#   localhost     a real run against this machine: disks on two loop devices, tuning, Kafka (KRaft)
#                 from a local artifact built from Maven Central jars, the worker from the packaged
#                 benchmark (distribution module), started with its token; a second run must change
#                 nothing; a short benchmark through the deployed worker against the deployed broker
#                 (bin/benchmark --workers-file --token-file with the rendered driver file), its result
#                 checked, and the worker's Prometheus metrics checked against the dashboard; then
#                 everything is stopped, unmounted and restored
#
# The static checks run without any network (an empty network namespace); the real run runs in a
# network namespace of its own with only a loopback interface, so the broker's ports cannot collide
# with anything else on the machine and nothing can leave it.
#
# usage: deployment/check.sh [--static-only] [--package FILE]
#   --package FILE  the packaged benchmark to check and deploy (mvn verify passes the distribution
#                   module's); without it, the package step builds it (mvn -DskipTests -pl distribution
#                   -am package), or is skipped under --static-only
# Needs the tools that bin/test-setup installs (Debian packages and deployment/install-tools.sh); a
# missing tool fails its check. The real run also needs root, loop devices, XFS and network
# namespaces: without them it fails under CI=true and is skipped with the reason otherwise.
# Exit status: 0 all passed (the real run possibly skipped outside CI), 1 a check failed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
# shellcheck source=deployment/tools/versions.env
source "$here/tools/versions.env"
# shellcheck source=deployment/local/artifacts.sh
source "$here/local/artifacts.sh"
ansible_dir="$here/ansible"
venvs="$here/.venv"
in_ci=false
[ "${CI:-}" = true ] && in_ci=true
static_only=false
package=""
while [ $# -gt 0 ]; do
  case $1 in
    --static-only) static_only=true ;;
    --package)
      [ $# -ge 2 ] || { echo "deployment/check.sh: --package needs a file (the packaged benchmark, .tar.gz)" >&2; exit 2; }
      package=$(realpath -m "$2")
      shift ;;
    *) echo "deployment/check.sh: unknown argument '$1'; usage: deployment/check.sh [--static-only] [--package FILE]" >&2; exit 2 ;;
  esac
  shift
done

export CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null TF_IN_AUTOMATION=1
export PATH="$venvs/ansible/bin:$PATH" ANSIBLE_FORCE_COLOR=0 ANSIBLE_NOCOLOR=1 PY_COLORS=0 NO_COLOR=1

work=$(mktemp -d "${TMPDIR:-/tmp}/omb-deploy-check.XXXXXX")
# The broker and worker users of the real run must reach their files below it.
chmod 0755 "$work"
results=()
failures=0
skips=0

log() { printf '[deploy-check] %s\n' "$*" >&2; }

record() { # record <name> <passed|FAILED|skipped> <seconds> [note]
  results+=("$(printf '%-13s %-8s %4ss  %s' "$1" "$2" "$3" "${4:-}")")
  case $2 in FAILED) failures=$((failures + 1)) ;; skipped) skips=$((skips + 1)) ;; esac
}

# missing_tool <name> <reason>: a tool of the check is not installed; always a failure (bin/test-setup,
# which the test command bin/test runs first, installs every tool).
missing_tool() {
  log "FAILED $1: $2 (bin/test-setup installs the tools of these checks)"
  record "$1" FAILED 0 "$2"
}

# unavailable <name> <reason>: the machine cannot do it (root, loop devices, XFS, network namespaces);
# fatal under CI, a loud skip otherwise.
unavailable() {
  if [ "$in_ci" = true ]; then
    log "FAILED $1: $2 (CI=true: a missing prerequisite fails the check)"
    record "$1" FAILED 0 "$2"
  else
    log "WARNING: skipping $1: $2"
    record "$1" skipped 0 "$2"
  fi
}

# offline <command...>: runs the command in a new, empty network namespace (no interface at all).
offline() {
  if [ "$(id -u)" = 0 ] && unshare --net true 2>/dev/null; then
    unshare --net -- "$@"
  else
    "$@"
  fi
}

# step <name> <command...>: runs one check, output to $work/<name>.log, shown on failure.
step() {
  local name=$1 started=$SECONDS status=0
  shift
  log "--- $name"
  # A subshell outside any && / || list, so that errexit applies inside the check function.
  set +e
  (set -e; "$@") >"$work/$name.log" 2>&1
  status=$?
  set -e
  if [ "$status" = 0 ]; then
    record "$name" passed $((SECONDS - started))
  else
    log "FAILED $name (exit $status); its output:"
    sed 's/^/    /' "$work/$name.log" >&2
    record "$name" FAILED $((SECONDS - started)) "exit $status, see above"
  fi
}

# ---------------------------------------------------------------------------------------------
# Static checks

check_versions() {
  local pom ansible
  pom=$(sed -n 's:.*<kafka\.version>\([^<]*\)</kafka\.version>.*:\1:p' "$repo/pom.xml" | head -n 1)
  ansible=$(sed -n 's/^kafka_version: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' "$ansible_dir/group_vars/all/versions.yaml")
  echo "root pom kafka.version: $pom; deployment kafka_version: $ansible"
  [ -n "$pom" ] && [ "$pom" = "$ansible" ]
}

# Every shell script of the repository passes ShellCheck at warning level (a sourced file names its shell in
# a "# shellcheck shell=bash" line); and ShellCheck does refuse a script it should.
check_shell() {
  local scripts=()
  mapfile -t scripts < <(cd "$repo" && {
    find bin -maxdepth 1 -type f
    find deployment distribution .ci -name '*.sh' -not -path '*/target/*' -not -path '*/.venv/*'
    echo .ci/run
  } | sort -u)
  echo "shellcheck -S warning: ${#scripts[@]} scripts"
  (cd "$repo" && shellcheck -S warning -x "${scripts[@]}")
  echo "--- must fail: a script that names no shell"
  printf 'echo "$1"\n' >"$work/no-shell.sh"
  if shellcheck -S warning "$work/no-shell.sh"; then
    echo "shellcheck accepted a script without a shell"
    return 1
  fi
}

check_tf_fmt() {
  terraform fmt -check -recursive -diff "$here/terraform"
}

check_tf_inventory() {
  # .terraform goes to the scratch directory, not into the source tree
  export TF_DATA_DIR="$work/tf-data"
  cd "$here/terraform/aws/modules/inventory"
  offline terraform init -input=false -backend=false -no-color
  offline terraform validate -no-color
  offline terraform test -no-color
  check_inventory_per_system
}

# The inventory the module writes, for each system, passes deploy.yaml's own checks (its first play,
# check-inventory.yaml, which contacts no host): deploy_system comes from the inventory and names the
# brokers' group, whatever the playbook's group_vars hold.
check_inventory_per_system() {
  local system root
  for system in kafka pulsar rabbitmq redpanda; do
    root="$work/inventory-$system"
    mkdir -p "$root"
    cat >"$root/main.tf" <<EOF_TF
module "inventory" {
  source = "$here/terraform/aws/modules/inventory"
  system = "$system"
  brokers = [for i in range(3) : { name = "broker-\${i}", public_ip = "203.0.113.1\${i}", private_ip = "10.0.0.1\${i}" }]
  workers = [for i in range(2) : { name = "worker-\${i}", public_ip = "203.0.113.2\${i}", private_ip = "10.0.0.2\${i}" }]
  monitoring = [{ name = "monitoring-0", public_ip = "203.0.113.30", private_ip = "10.0.0.30" }]
}
output "hosts_ini" {
  value = module.inventory.hosts_ini
}
EOF_TF
    (
      cd "$root"
      export TF_DATA_DIR="$root/.terraform"
      offline terraform init -input=false -backend=false -no-color >/dev/null
      offline terraform apply -input=false -auto-approve -no-color >/dev/null
      offline terraform output -raw hosts_ini >"$root/hosts.ini"
    )
    grep -qx "deploy_system=$system" "$root/hosts.ini" ||
      { echo "the $system inventory does not set deploy_system=$system:"; cat "$root/hosts.ini"; return 1; }
    (cd "$ansible_dir" && offline ansible-playbook -i "$root/hosts.ini" check-inventory.yaml) ||
      { echo "the $system inventory Terraform writes fails deploy.yaml's checks"; return 1; }
  done
}

check_checkov() {
  offline "$venvs/checkov/bin/checkov" --skip-download --compact --quiet \
    --framework terraform --directory "$here/terraform/aws"
  offline "$venvs/checkov/bin/checkov" --skip-download --compact --quiet \
    --framework ansible --directory "$ansible_dir"
}

check_ansible_lint() {
  cd "$ansible_dir"
  offline ansible-lint --offline --profile production
}

check_syntax() {
  local playbook
  cd "$ansible_dir"
  for playbook in *.yaml; do
    offline ansible-playbook --syntax-check -i tests/localhost.ini "$playbook"
  done
}

check_render() {
  cd "$ansible_dir"
  offline ansible-playbook -i tests/cluster.ini -e "check_root=$work/render" render-cluster.yaml
}

# The package step: built here when --package was not given (Maven may need the network, so this
# step is not offline); then unpacked and its launchers run, as a worker host would.
build_package() {
  cd "$repo"
  mvn -B -q -Dstyle.color=never -DskipTests -pl distribution -am package
}

# upstream_style_workload: a workload file as upstream writes them, naming upstream's payload file (the
# same file benchmark-framework's ValidationTest copies).
upstream_style_workload="$repo/benchmark-core/src/test/resources/workloads-upstream/1-topic-16-partitions-1kb.yaml"

check_package() {
  [ -f "$package" ] || { echo "the packaged benchmark $package does not exist (mvn package builds it)"; return 1; }
  local top
  tar -tzf "$package" >"$work/package.list"
  top=$(head -n 1 "$work/package.list" | cut -d / -f 1)
  local entry
  for entry in 'bin/benchmark' 'bin/benchmark-worker' 'bin/classpath\.sh' 'bin/timer-slack\.sh' 'lib/benchmark-framework-.*\.jar' 'lib/benchmark-core-.*\.jar' 'lib/benchmark-config-.*\.jar' 'lib/benchmark-reports-.*\.jar' \
      'lib/driver-loopback-.*\.jar' 'lib/driver-kafka-.*\.jar' 'lib/driver-pulsar-.*\.jar' 'lib/driver-rabbitmq-.*\.jar' 'lib/driver-redpanda-.*\.jar' \
      'workloads/.*\.yaml' 'driver-kafka/kafka-latency\.yaml' 'LICENSE' 'NOTICE' \
      'README\.md' 'docs/workloads\.md' 'docs/workload-reference\.md' 'docs/studies\.md' 'studies/confluent-2020/study\.yaml' \
      'payload/payload-100b\.data' 'payload/payload-200b\.data' 'payload/payload-400b\.data' \
      'payload/payload-1Kb\.data' 'payload/payload-2Kb\.data' 'payload/payload-4Kb\.data'; do
    grep -qx "$top/$entry" "$work/package.list" || { echo "$package has no $top/$entry"; return 1; }
  done
  if grep -v "^$top/" "$work/package.list"; then echo "$package has entries outside $top/"; return 1; fi
  [ -f "$package.sha512" ] || { echo "$package has no checksum beside it ($(basename "$package").sha512)"; return 1; }
  (cd "$(dirname "$package")" && sha512sum --quiet -c "$(basename "$package").sha512") \
    || { echo "$package does not match its checksum $(basename "$package").sha512"; return 1; }
  echo "package $(basename "$package"): $(du -m "$package" | cut -f 1) MB, $(grep -c "^$top/lib/.*\.jar$" "$work/package.list") jars"
  mkdir -p "$work/package"
  tar -C "$work/package" -xzf "$package"
  cd "$work/package/$top"
  offline bin/benchmark validate workloads/ driver-kafka/ driver-redpanda/ driver-pulsar/ driver-rabbitmq/ driver-loopback/
  # an upstream workload file copied elsewhere finds payload/payload-1Kb.data from the package's root,
  # and, started in another directory, from the package's root as the installation root
  cp "$upstream_style_workload" "$work/copied-upstream.yaml"
  offline bin/benchmark validate "$work/copied-upstream.yaml"
  (cd "$work" && offline "$work/package/$top/bin/benchmark" validate "$work/copied-upstream.yaml")
  local help
  help=$(offline bin/benchmark-worker --help)
  grep -q -- --token-file <<<"$help"
  check_package_identity "$top"
}

# check_package_identity <top>: the package names the build it is (bin/benchmark --version: version and
# commit baked into its jars), the same when unpacked inside another git work tree, never that tree's HEAD.
check_package_identity() {
  local top=$1 outside inside enclosing_head
  outside=$(offline "$work/package/$top/bin/benchmark" --version)
  echo "$outside"
  grep -Eq '^messaging-benchmark [^ ]+ \(git ([0-9a-f]{40}|unknown)(, dirty)?\)$' <<<"$outside" \
    || { echo "bin/benchmark --version of the package names no build: $outside"; return 1; }
  mkdir -p "$work/enclosing-repo"
  git -C "$work/enclosing-repo" init -q
  git -C "$work/enclosing-repo" -c user.name=check -c user.email=check@example.org \
    commit -q --allow-empty -m "another project"
  enclosing_head=$(git -C "$work/enclosing-repo" rev-parse HEAD)
  tar -C "$work/enclosing-repo" -xzf "$package"
  inside=$(cd "$work/enclosing-repo/$top" && offline bin/benchmark --version)
  [ "$inside" = "$outside" ] \
    || { echo "unpacked inside a git work tree, the package says '$inside' instead of '$outside'"; return 1; }
  if grep -q "$enclosing_head" <<<"$inside"; then
    echo "the package names the enclosing work tree's HEAD $enclosing_head as its commit"; return 1
  fi
}

chart="$here/kubernetes/helm/benchmark"
assembly="$repo/distribution/src/assembly/package.xml"
k8s_venv="$venvs/kubernetes"
go_bin="$venvs/go/bin"

# kubeconform_all <rendered.yaml>: -strict against every pinned Kubernetes version's schemas, offline.
kubeconform_all() {
  local version
  for version in "${DEPLOY_KUBERNETES_VERSIONS[@]}"; do
    offline "$go_bin/kubeconform" -strict -summary -kubernetes-version "$version" \
      -schema-location "$k8s_venv/schemas/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
      "$1"
  done
}

check_helm() {
  local helm="$go_bin/helm" values name rendered sets=("")
  export HELM_CACHE_HOME="$work/helm/cache" HELM_CONFIG_HOME="$work/helm/config" HELM_DATA_HOME="$work/helm/data"
  for values in "$chart"/ci/*-values.yaml; do sets+=("$values"); done
  [ ${#sets[@]} -ge 4 ] || { echo "expected three value sets in $chart/ci"; return 1; }
  for values in "${sets[@]}"; do
    name=$(basename "${values:-default}" .yaml)
    rendered="$work/helm-$name.yaml"
    echo "--- values: ${values:-the default values}"
    offline "$helm" lint --strict "$chart" ${values:+-f "$values"}
    offline "$helm" template omb "$chart" --namespace bench ${values:+-f "$values"} >"$rendered"
    kubeconform_all "$rendered"
    offline "$k8s_venv/bin/python" "$here/tools/chart_render.py" "$rendered" --namespace bench --assembly "$assembly"
  done

  echo "--- the options: ServiceMonitor, Grafana dashboard, the Job's end"
  check_helm_options
  echo "--- the chart README's values table names every value"
  offline "$k8s_venv/bin/python" "$here/tools/chart_values_doc.py" "$chart/values.yaml" "$chart/README.md"
  grep -v '^| `workers.replicas` |' "$chart/README.md" >"$work/chart-README-missing-row.md"
  if offline "$k8s_venv/bin/python" "$here/tools/chart_values_doc.py" "$chart/values.yaml" "$work/chart-README-missing-row.md"; then
    echo "the values table check accepted a README without workers.replicas"; return 1
  fi
  echo "--- must fail: values the schema refuses"
  if offline "$helm" template omb "$chart" -f "$here/kubernetes/check/broken-values.yaml" >"$work/helm-broken.yaml" 2>&1; then
    echo "helm template accepted kubernetes/check/broken-values.yaml"; return 1
  fi
  grep -q "got string, want integer" "$work/helm-broken.yaml" || { cat "$work/helm-broken.yaml"; return 1; }
  echo "--- must fail: a driver file the package lacks"
  offline "$helm" template omb "$chart" --namespace bench -f "$here/kubernetes/check/missing-file-values.yaml" >"$work/helm-missing.yaml"
  if offline "$k8s_venv/bin/python" "$here/tools/chart_render.py" "$work/helm-missing.yaml" --namespace bench --assembly "$assembly"; then
    echo "the render check accepted a driver file the package lacks"; return 1
  fi
  echo "--- must fail: a StatefulSet with an unknown field"
  sed 's/^  serviceName:/  serviceNmae:/' "$work/helm-default.yaml" >"$work/helm-unknown-field.yaml"
  ! cmp -s "$work/helm-default.yaml" "$work/helm-unknown-field.yaml" || { echo "nothing to break"; return 1; }
  if kubeconform_all "$work/helm-unknown-field.yaml"; then
    echo "kubeconform accepted an unknown field"; return 1
  fi
  echo "the chart's checks fail where they must"
}

# check_helm_options: the chart's opt-in objects and the coordinator's defaults, each rendered with the
# option off (the default) and on: (a) the ServiceMonitor of the workers' metrics, (b) the Grafana dashboard
# ConfigMap, whose JSON must be the one file the Ansible monitoring role installs too, (c) a Job that
# completes right after the run (keepResultsSeconds 0), prints its results to its log (printResults) and
# is deleted a day later.
check_helm_options() {
  local helm="$go_bin/helm" off="$work/helm-options-off.yaml" on="$work/helm-options-on.yaml"
  offline "$helm" template omb "$chart" --namespace bench >"$off"
  offline "$helm" template omb "$chart" --namespace bench \
    --set monitoring.serviceMonitor.enabled=true --set-string monitoring.serviceMonitor.labels.release=prometheus \
    --set monitoring.grafanaDashboard.enabled=true --set coordinator.keepResultsSeconds=600 >"$on"
  offline "$helm" lint --strict "$chart" --set monitoring.serviceMonitor.enabled=true \
    --set monitoring.grafanaDashboard.enabled=true
  # the ServiceMonitor's kind has no schema among Kubernetes' own: the rest is checked strictly
  local version
  for version in "${DEPLOY_KUBERNETES_VERSIONS[@]}"; do
    offline "$go_bin/kubeconform" -strict -summary -skip ServiceMonitor \
      -schema-location "$k8s_venv/schemas/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json" \
      -kubernetes-version "$version" "$on"
  done
  offline "$k8s_venv/bin/python" - "$off" "$on" "$dashboard" <<'PY'
import json, sys, yaml
off, on = ([d for d in yaml.safe_load_all(open(path)) if d] for path in sys.argv[1:3])
dashboard = json.load(open(sys.argv[3]))
def kinds(docs, kind):
    return [d for d in docs if d["kind"] == kind]
def job(docs):
    (found,) = kinds(docs, "Job")
    return found
def keep_seconds(docs):
    env = job(docs)["spec"]["template"]["spec"]["containers"][0]["env"]
    return next(e["value"] for e in env if e["name"] == "KEEP_RESULTS_SECONDS")
problems = []
if kinds(off, "ServiceMonitor"):
    problems.append("a ServiceMonitor with monitoring.serviceMonitor.enabled off")
dashboards = lambda docs: [d for d in kinds(docs, "ConfigMap") if "grafana_dashboard" in d["metadata"].get("labels", {})]
if dashboards(off):
    problems.append("a dashboard ConfigMap with monitoring.grafanaDashboard.enabled off")
def print_results(docs):
    env = job(docs)["spec"]["template"]["spec"]["containers"][0]["env"]
    return next(e["value"] for e in env if e["name"] == "PRINT_RESULTS")
if print_results(off) != "true":
    problems.append("the Job does not print its results to the log by default: PRINT_RESULTS " + print_results(off))
if keep_seconds(off) != "0":
    problems.append("the Job keeps its pod after the run by default: KEEP_RESULTS_SECONDS " + keep_seconds(off))
if job(off)["spec"].get("ttlSecondsAfterFinished") != 86400:
    problems.append("the Job's default ttlSecondsAfterFinished is not 86400")
monitors = kinds(on, "ServiceMonitor")
services = [s for s in kinds(on, "Service") if s["spec"].get("clusterIP") == "None"]
if len(monitors) != 1:
    problems.append("%d ServiceMonitor(s) with the option on" % len(monitors))
else:
    m = monitors[0]
    if m["metadata"]["labels"].get("release") != "prometheus":
        problems.append("the ServiceMonitor lacks monitoring.serviceMonitor.labels")
    if [e["port"] for e in m["spec"]["endpoints"]] != ["metrics"]:
        problems.append("the ServiceMonitor does not scrape the port 'metrics'")
    elif not any(r.get("targetLabel") == "release" for r in m["spec"]["endpoints"][0].get("relabelings", [])):
        problems.append("the ServiceMonitor does not label the series with the release (the dashboard's $release)")
    selector = m["spec"]["selector"]["matchLabels"]
    if not any(selector.items() <= s["metadata"]["labels"].items()
               and "metrics" in [p["name"] for p in s["spec"]["ports"]] for s in services):
        problems.append("the ServiceMonitor selects no Service with a 'metrics' port: %s" % selector)
shipped = dashboards(on)
if len(shipped) != 1:
    problems.append("%d dashboard ConfigMap(s) with the option on" % len(shipped))
elif json.loads(shipped[0]["data"]["benchmark-workers.json"]) != dashboard:
    problems.append("the dashboard ConfigMap differs from " + sys.argv[3])
if keep_seconds(on) != "600":
    problems.append("coordinator.keepResultsSeconds=600 did not reach the Job")
for problem in problems:
    print("chart: " + problem)
sys.exit(1 if problems else 0)
PY
  # the Ansible role installs the very file the chart ships, not a copy
  grep -q 'kubernetes/helm/benchmark/dashboards/benchmark-workers.json' "$ansible_dir/roles/monitoring/tasks/main.yaml" \
    || { echo "the Ansible monitoring role does not install the chart's dashboard file"; return 1; }
  [ ! -e "$ansible_dir/roles/monitoring/files/benchmark-workers.json" ] \
    || { echo "a second copy of the dashboard is back in the Ansible role"; return 1; }
  echo "the chart's options render as asked, off and on"
}

check_docker() {
  local dockerfile="$here/docker/Dockerfile" layout=(--context "$here/docker" --provided messaging-benchmark.tar.gz)
  offline "$k8s_venv/bin/hadolint" --no-color --failure-threshold style "$dockerfile"
  echo "hadolint $("$k8s_venv/bin/hadolint" --version | sed 's/.* //'): no finding"
  local label
  for label in 'org.opencontainers.image.revision="${REVISION}"' 'org.opencontainers.image.source="${SOURCE}"'; do
    grep -qF "$label" "$dockerfile" || { echo "the Dockerfile lacks the label $label"; return 1; }
  done
  offline python3 "$here/tools/dockerfile_layout.py" "$dockerfile" "${layout[@]}" --assembly "$assembly"
  if [ -n "$package" ] && [ -f "$package" ]; then
    offline python3 "$here/tools/dockerfile_layout.py" "$dockerfile" "${layout[@]}" --package "$package"
    # The context build.sh assembles holds what the Dockerfile copies from it, and the image's revision
    # label gets the commit the package's jars record.
    offline bash "$here/docker/build.sh" --package "$package" --context "$work/docker-context" | tee "$work/docker-context.out"
    grep -Eq -- '--build-arg REVISION=[0-9a-f]{40}(-dirty)? ' "$work/docker-context.out" \
      || { echo "build.sh passes no commit of the package as REVISION"; return 1; }
    offline python3 "$here/tools/dockerfile_layout.py" "$dockerfile" --context "$work/docker-context" --package "$package"
  fi
  echo "--- must fail: a Dockerfile copying a path the package lacks, and one hadolint refuses"
  sed 's#/opt/benchmark/driver-kafka/#/opt/benchmark/driver-kafka-old/#g' "$dockerfile" >"$work/Dockerfile.missing"
  if offline python3 "$here/tools/dockerfile_layout.py" "$work/Dockerfile.missing" "${layout[@]}" --assembly "$assembly"; then
    echo "the layout check accepted a COPY of a missing path"; return 1
  fi
  # shellcheck disable=SC2016 # the Dockerfile's ${BASE_IMAGE}, literally
  sed 's#^FROM ${BASE_IMAGE} AS package#FROM eclipse-temurin AS package#' "$dockerfile" >"$work/Dockerfile.untagged"
  ! cmp -s "$dockerfile" "$work/Dockerfile.untagged" || { echo "nothing to break"; return 1; }
  if offline "$k8s_venv/bin/hadolint" --no-color --failure-threshold style "$work/Dockerfile.untagged"; then
    echo "hadolint accepted an untagged base image"; return 1
  fi
  echo "the Dockerfile's checks fail where they must"
}

# kubernetes_tools_missing helm|docker: what that step lacks.
kubernetes_tools_missing() {
  local missing=()
  if [ "$1" = docker ]; then
    [ -x "$k8s_venv/bin/hadolint" ] || missing+=("$k8s_venv (hadolint)")
    [ ${#missing[@]} -eq 0 ] || echo "${missing[*]}"
    return 0
  fi
  if [ ! -x "$go_bin/helm" ] || [ "$("$go_bin/helm" version --template '{{.Version}}' 2>/dev/null)" != "v$DEPLOY_HELM_VERSION" ]; then
    missing+=("helm $DEPLOY_HELM_VERSION ($go_bin)")
  fi
  if [ ! -x "$go_bin/kubeconform" ] || [ "$("$go_bin/kubeconform" -v 2>/dev/null)" != "v$DEPLOY_KUBECONFORM_VERSION" ]; then
    missing+=("kubeconform $DEPLOY_KUBECONFORM_VERSION ($go_bin)")
  fi
  [ -x "$k8s_venv/bin/python" ] || missing+=("$k8s_venv")
  local version
  for version in "${DEPLOY_KUBERNETES_VERSIONS[@]}"; do
    [ -d "$k8s_venv/schemas/v$version-standalone-strict" ] || missing+=("Kubernetes $version schemas ($k8s_venv/schemas)")
  done
  [ ${#missing[@]} -eq 0 ] || echo "${missing[*]}"
}

dashboard="$here/kubernetes/helm/benchmark/dashboards/benchmark-workers.json"

check_dashboard() {
  python3 "$here/tools/dashboard_metrics.py" list "$dashboard"
  python3 "$here/tools/dashboard_metrics.py" lint "$dashboard"
  # The checks must be able to fail: an empty scrape matches no selector, and a data source uid written
  # into a panel binds the dashboard to one Grafana.
  if python3 "$here/tools/dashboard_metrics.py" check "$dashboard" /dev/null; then
    echo "the dashboard check passed against an empty scrape"
    return 1
  fi
  sed '0,/"uid": "\${datasource}"/s//"uid": "prometheus"/' "$dashboard" >"$work/dashboard-fixed-uid.json"
  ! cmp -s "$dashboard" "$work/dashboard-fixed-uid.json" || { echo "nothing to break"; return 1; }
  if python3 "$here/tools/dashboard_metrics.py" lint "$work/dashboard-fixed-uid.json"; then
    echo "the dashboard lint accepted a hard-coded data source uid"
    return 1
  fi
}

tools_missing() {
  local missing=()
  [ -x "$venvs/ansible/bin/ansible-playbook" ] || missing+=("$venvs/ansible")
  [ -x "$venvs/checkov/bin/checkov" ] || missing+=("$venvs/checkov")
  if ! command -v terraform >/dev/null; then
    missing+=("terraform $DEPLOY_TERRAFORM_VERSION")
  elif [ "$(terraform version | sed -n 's/^Terraform v//p' | head -n 1)" != "$DEPLOY_TERRAFORM_VERSION" ]; then
    missing+=("terraform $DEPLOY_TERRAFORM_VERSION (found $(terraform version | head -n 1))")
  fi
  [ ${#missing[@]} -eq 0 ] || echo "${missing[*]}"
}

# ---------------------------------------------------------------------------------------------
# The real run against this machine

# The real run keeps what it set up in files under $work/state, so that the teardown (in this shell)
# undoes it even when the run (in a subshell) failed half-way.
state="$work/state"
runs_dir=/run/netns

teardown() {
  local status=0 mount_point line
  [ -d "$state" ] || return 0
  log "--- teardown: stopping and unmounting everything the real run started"
  local service
  for service in benchmark-worker kafka; do
    if [ -f "$work/root/run/$service.pid" ]; then
      start-stop-daemon --stop --oknodo --pidfile "$work/root/run/$service.pid" --remove-pidfile \
        --retry TERM/60/KILL/5 >&2 || status=1
    fi
  done
  for mount_point in "$work/mnt"/*; do
    if [ -d "$mount_point" ] && mountpoint -q "$mount_point"; then
      umount "$mount_point" || status=1
    fi
  done
  if [ -f "$state/loops" ]; then
    while read -r line; do losetup -d "$line" || status=1; done <"$state/loops"
  fi
  if [ -f "$state/netns" ]; then
    ip netns delete "$(cat "$state/netns")" || status=1
    if [ -f "$state/runs-dir-created" ] && [ -z "$(ip netns list)" ] && mountpoint -q "$runs_dir"; then
      umount "$runs_dir" || true
    fi
  fi
  if [ -f "$state/etc-tuned.tar" ]; then
    { rm -rf /etc/tuned && tar -C /etc -xf "$state/etc-tuned.tar"; } || status=1
  fi
  if [ -f "$state/sysctl" ]; then
    while read -r line; do sysctl -q -w "$line" || status=1; done <"$state/sysctl"
  fi
  if [ -f "$state/created-users" ]; then
    while read -r line; do
      userdel "$line" 2>/dev/null || true
      if getent group "$line" >/dev/null; then groupdel "$line" || true; fi
    done <"$state/created-users"
  fi
  rm -rf "$state"
  return $status
}

# localhost_tools_missing: the commands the real run needs that are not installed.
localhost_tools_missing() {
  local missing=() tool
  for tool in losetup mkfs.xfs tuned tuned-adm ip start-stop-daemon prlimit runuser mountpoint java mvn curl; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  [ ${#missing[@]} -eq 0 ] || echo "${missing[*]}"
}

# localhost_prerequisites: what the machine lacks for the real run (root and kernel features).
localhost_prerequisites() {
  local missing=()
  [ "$(id -u)" = 0 ] || missing+=("root")
  [ -e /dev/loop-control ] || missing+=("/dev/loop-control")
  grep -qw xfs /proc/filesystems 2>/dev/null || modprobe xfs 2>/dev/null || missing+=("XFS in the kernel")
  if [ "$(id -u)" = 0 ] && ! unshare --net true 2>/dev/null; then missing+=("network namespaces"); fi
  [ ${#missing[@]} -eq 0 ] || echo "${missing[*]}"
}

# play_recap <log>: prints "ok changed failed" of the localhost line of the PLAY RECAP.
play_recap() {
  sed -n 's/^localhost *: ok=\([0-9]*\) *changed=\([0-9]*\) .*failed=\([0-9]*\).*/\1 \2 \3/p' "$1" | tail -n 1
}

in_netns() {
  nsenter --net="$runs_dir/$netns" -- "$@"
}

run_playbook() { # run_playbook <log>
  in_netns env ANSIBLE_CALLBACKS_ENABLED=ansible.posix.profile_tasks \
    ansible-playbook -i tests/localhost.ini -e @tests/localhost-vars.yaml \
    -e "check_root=$work" -e "{\"check_loop_devices\": [\"${loops[0]}\", \"${loops[1]}\"]}" \
    -e "check_package_name=$(basename "$package")" \
    check-localhost.yaml >"$1" 2>&1
}

check_localhost() {
  local started netns

  # 1. The Kafka artifact, in the release archive's layout (kafka_<scala>-<version>/libs/*.jar), from
  #    the broker jars Maven Central serves (the same pom as bin/local-broker).
  artifact_kafka "$work/artifacts" "$work/maven.log"

  # 2. The packaged benchmark the worker role installs (the package step checked it).
  [ -f "$package" ] || { echo "no packaged benchmark (see the package step)"; return 1; }
  cp "$package" "$work/artifacts/"

  # 3. Two sparse 512 MiB files as the broker's two instance-store drives.
  truncate -s 512M "$work/drive-1.img" "$work/drive-2.img"
  local loops=()
  loops+=("$(losetup --find --show "$work/drive-1.img")")
  echo "${loops[0]}" >>"$state/loops"
  loops+=("$(losetup --find --show "$work/drive-2.img")")
  echo "${loops[1]}" >>"$state/loops"
  echo "drives: ${loops[*]}"

  # 4. What the run changes outside $work, saved for the teardown.
  tar -C /etc -cf "$state/etc-tuned.tar" tuned
  local key
  for key in $(awk '/^\[/ { s = ($0 == "[sysctl]") } s && /^[a-z]/ { sub(/=.*/, ""); gsub(/[ \t]/, ""); print }' \
      /usr/lib/tuned/latency-performance/tuned.conf); do
    echo "$key=$(sysctl -n "$key")" >>"$state/sysctl"
  done
  local user
  for user in kafka benchmark; do
    getent passwd "$user" >/dev/null || echo "$user" >>"$state/created-users"
  done
  mountpoint -q "$runs_dir" 2>/dev/null || touch "$state/runs-dir-created"

  # 5. The network namespace: loopback only. nsenter enters only the network namespace (ip netns
  #    exec would add a private mount namespace, hiding the roles' mounts from this shell).
  netns="omb-deploy-check-$$"
  echo "$netns" >"$state/netns"
  ip netns add "$netns"
  in_netns ip link set lo up

  # 6. First run: must succeed and change things; second run: must change nothing.
  cd "$ansible_dir"
  started=$SECONDS
  run_playbook "$work/playbook-1.log" || { tail -n 60 "$work/playbook-1.log"; return 1; }
  read -r ok changed failed <<<"$(play_recap "$work/playbook-1.log")"
  echo "first run: ok=$ok changed=$changed failed=$failed in $((SECONDS - started)) s"
  [ "$failed" = 0 ] && [ "$changed" -gt 0 ]
  started=$SECONDS
  run_playbook "$work/playbook-2.log" || { tail -n 60 "$work/playbook-2.log"; return 1; }
  read -r ok changed failed <<<"$(play_recap "$work/playbook-2.log")"
  echo "second run: ok=$ok changed=$changed failed=$failed in $((SECONDS - started)) s"
  if [ "$changed" != 0 ]; then
    echo "the second run changed something:"
    grep -B 3 '^changed:' "$work/playbook-2.log"
    return 1
  fi

  # 7. What the roles left behind.
  local n
  for n in 1 2; do
    mountpoint -q "$work/mnt/data-$n"
    findmnt -n -o FSTYPE "$work/mnt/data-$n" | grep -qx xfs
    findmnt -n -o OPTIONS "$work/mnt/data-$n" | grep -qw noatime
    grep -q "^UUID=$(blkid -s UUID -o value "$(findmnt -n -o SOURCE "$work/mnt/data-$n")") $work/mnt/data-$n xfs " "$work/fstab"
    [ -f "$work/mnt/data-$n/kafka-logs/meta.properties" ]
  done
  echo "drives: XFS, noatime, in the fstab by UUID, one Kafka log dir on each"
  local setting
  while read -r setting; do
    key=${setting%%=*}
    [ "$(sysctl -n "$key")" = "$(awk -F= -v k="$key" '{ gsub(/[ \t]/, "") } $1 == k { print $2 }' \
      /usr/lib/tuned/latency-performance/tuned.conf)" ]
  done <"$state/sysctl"
  echo "tuning: the profile's sysctls are in effect"
  start-stop-daemon --status --pidfile "$work/root/run/kafka.pid"
  grep -q '^process.roles=broker,controller$' "$work/root/etc/kafka/server.properties"
  if grep -qi zookeeper "$work/root/etc/kafka/server.properties"; then echo "server.properties names ZooKeeper"; return 1; fi
  echo "kafka: running (pid $(cat "$work/root/run/kafka.pid")), KRaft, no ZooKeeper"
  local etc="$work/root/etc/benchmark" worker_url=http://127.0.0.1:8080
  [ "$(stat -c %a "$etc/worker.token")" = 640 ] && [ "$(wc -c <"$etc/worker.token")" -ge 40 ]
  grep -qx "  - $worker_url" "$etc/workers.yaml"
  grep -q -- '--token-file '"$etc/worker.token" "$work/root/etc/systemd/system/benchmark-worker.service"
  [ "$(readlink -f "$work/root/opt/benchmark/current")" = \
    "$work/root/opt/benchmark/releases/$(basename "$package" .tar.gz)" ]
  start-stop-daemon --status --pidfile "$work/root/run/benchmark-worker.pid"
  local worker_pid
  worker_pid=$(cat "$work/root/run/benchmark-worker.pid")
  [ "$(stat -c %U "/proc/$worker_pid")" = benchmark ]
  tr '\0' ' ' <"/proc/$worker_pid/cmdline" | grep -q -- "--token-file $etc/worker.token"
  [ "$(in_netns curl -s -o /dev/null -w '%{http_code}' "$worker_url/v1/health")" = 401 ]
  echo "worker: package installed, running as benchmark (pid $worker_pid) with the token (401 without it)," \
    "workers file and driver files written"

  # 8. A short benchmark through the deployed worker against the deployed broker: the coordinator of
  #    the installed package, the rendered workers file, token and driver file. Meanwhile the worker's
  #    Prometheus endpoint is scraped every second; the fullest scrape is kept (the meters exist only
  #    while a run is bound to the worker, and a scrape during the unbinding sees only some of them).
  started=$SECONDS
  local driver="$etc/drivers/kafka-latency.yaml"
  grep -q '^  bootstrap.servers=127.0.0.1:9092$' "$driver"
  grep -q 'security.protocol=SASL_PLAINTEXT' "$driver"
  in_netns "$work/root/opt/benchmark/current/bin/benchmark" --workers-file "$etc/workers.yaml" \
    --token-file "$etc/worker.token" -d "$driver" --output-dir "$work/results" \
    "$here/check-workload.yaml" >"$work/benchmark.log" 2>&1 &
  local coordinator=$! status=0 series most=0
  while kill -0 "$coordinator" 2>/dev/null; do
    if in_netns curl -sf -o "$work/scrape.tmp" http://127.0.0.1:8081/metrics; then
      series=$(grep -c '^omb_' "$work/scrape.tmp" || true)
      if [ "$series" -gt "$most" ]; then
        most=$series
        mv "$work/scrape.tmp" "$work/worker-metrics.txt"
      fi
    fi
    sleep 1
  done
  wait "$coordinator" || status=$?
  if [ "$status" != 0 ]; then
    echo "bin/benchmark exited $status; its output, then the worker's:"
    tail -n 40 "$work/benchmark.log"
    tail -n 20 "$work/root/var/log/benchmark/benchmark-worker.out"
    return 1
  fi
  local result
  result=$(find "$work/results" -name '*.json' | head -n 1)
  python3 - "$result" "$worker_url" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
worker_url = sys.argv[2]
target_rate = 2000  # check-workload.yaml: 2,000 msg/s, 10 s measured, one subscription
measured_sent, measured_received = sum(r["sent"]), sum(r["consumed"])
rate = measured_sent / r["testDurationSeconds"]
workers = sorted({offset["worker"] for offset in r["metadata"]["clockOffsets"]})
print(f"benchmark: complete={r['complete']} sent={r['totalMessagesSent']} received={r['totalMessagesReceived']} "
      f"send errors={r['totalSendErrors']}; measured {measured_sent} acknowledged in {r['testDurationSeconds']:.1f} s "
      f"= {rate:.0f} msg/s (target {target_rate}); p99 publish response time "
      f"{r.get('aggregatedPublishResponseTime99pct')} ms; workers {workers}")
assert r["complete"] is True, r.get("failureReason")
assert r["totalSendErrors"] == 0, "send errors"
assert r["totalMessagesSent"] > 0, "nothing sent"
assert r["totalMessagesReceived"] == r["totalMessagesSent"], "received != sent after the drain"
# Wide enough for a heavily loaded 2-core machine (the schedule catches up after a stall), narrow
# enough to notice a wrong rate split or a producer that never reached its rate.
assert 0.7 * target_rate <= rate <= 1.3 * target_rate, f"measured rate {rate:.0f} msg/s, target {target_rate}"
assert workers == [worker_url], f"the result names workers {workers}, not the deployed {worker_url}"
PY
  [ -f "$work/worker-metrics.txt" ] || { echo "no scrape of the worker's /metrics during the run"; return 1; }
  python3 "$here/tools/dashboard_metrics.py" check "$dashboard" "$work/worker-metrics.txt" >"$work/dashboard.log" 2>&1 ||
    { cat "$work/dashboard.log"; return 1; }
  echo "dashboard: $(tail -n 1 "$work/dashboard.log") (the deployed worker's /metrics)"
  echo "benchmark through the deployed worker: $((SECONDS - started)) s"
}

# ---------------------------------------------------------------------------------------------

log "deployment checks (scratch directory $work)"
step versions check_versions
if command -v shellcheck >/dev/null; then
  step shell check_shell
else
  missing_tool shell "shellcheck is not installed (apt-get install shellcheck)"
fi
tools=$(tools_missing)
if [ -n "$tools" ]; then
  for name in tf-fmt tf-inventory checkov ansible-lint syntax render; do
    missing_tool "$name" "missing tools: $tools (run deployment/install-tools.sh)"
  done
else
  step tf-fmt check_tf_fmt
  step tf-inventory check_tf_inventory
  step checkov check_checkov
  step ansible-lint check_ansible_lint
  step syntax check_syntax
  step render check_render
fi
if [ -z "$package" ] && [ "$static_only" = false ]; then
  step package-build build_package
  package=$(find "$repo/distribution/target" -maxdepth 1 -name 'messaging-benchmark-*.tar.gz' | head -n 1)
  [ -n "$package" ] || package="$repo/distribution/target/messaging-benchmark-(not built).tar.gz"
fi
if [ -n "$package" ]; then
  step package check_package
else
  record package skipped 0 "--static-only without --package"
fi
for name in helm docker; do
  k8s_tools=$(kubernetes_tools_missing "$name")
  if [ -n "$k8s_tools" ]; then
    missing_tool "$name" "missing tools: $k8s_tools (run deployment/install-tools.sh)"
  else
    step "$name" "check_$name"
  fi
done
step dashboard check_dashboard
if [ "$static_only" = true ]; then
  record localhost skipped 0 "--static-only"
elif [ -n "$tools" ]; then
  missing_tool localhost "missing tools: $tools (run deployment/install-tools.sh)"
elif [ -n "$(localhost_tools_missing)" ]; then
  missing_tool localhost "missing tools: $(localhost_tools_missing) (the Debian packages of DEPLOY_APT_PACKAGES)"
else
  needs=$(localhost_prerequisites)
  if [ -n "$needs" ]; then
    unavailable localhost "the real run needs: $needs"
  else
    mkdir -p "$state"
    trap 'teardown || true' EXIT
    trap 'exit 130' INT TERM
    log "--- localhost (the real run; a few minutes)"
    started=$SECONDS
    set +e
    (set -e; check_localhost) >"$work/localhost.log" 2>&1
    localhost_status=$?
    teardown >>"$work/localhost.log" 2>&1
    teardown_status=$?
    set -e
    trap - EXIT
    if [ "$localhost_status" = 0 ] && [ "$teardown_status" = 0 ]; then
      grep -E '^(artifact|drives|first run|second run|tuning|kafka|worker|benchmark|dashboard)' "$work/localhost.log" |
        sed 's/^/    /' >&2
      record localhost passed $((SECONDS - started))
    else
      log "FAILED localhost (run exit $localhost_status, teardown exit $teardown_status); its output:"
      sed 's/^/    /' "$work/localhost.log" >&2
      record localhost FAILED $((SECONDS - started)) "run exit $localhost_status, teardown exit $teardown_status"
    fi
  fi
fi

log "summary:"
printf '    %s\n' "${results[@]}" >&2
passed=$(( ${#results[@]} - failures - skips ))
echo "deployment checks: $passed passed, $failures failed, $skips skipped"
if [ "$failures" -gt 0 ]; then
  log "logs kept in $work"
  exit 1
fi
rm -rf "$work"
