# shellcheck shell=bash disable=SC2034 # the exit code constants are used by the per-system files
# Helpers shared by the per-system scripts of bin/local-broker. Sourced, not executed.
# Conventions: messages for people go to stderr with a "local-broker:" prefix; the summary a
# caller may want to read (addresses, paths) goes to stdout.

readonly LB_EXIT_FAILURE=1
readonly LB_EXIT_USAGE=2
readonly LB_EXIT_NOT_RUNNING=3
readonly LB_EXIT_PORT_IN_USE=4
readonly LB_EXIT_MISSING_TOOL=5
readonly LB_EXIT_BROKER_DIED=6
readonly LB_EXIT_READINESS_TIMEOUT=7

lb_log() {
  printf 'local-broker: %s\n' "$*" >&2
}

# lb_die <exit code> <message...>
lb_die() {
  local code=$1
  shift
  printf 'local-broker: error: %s\n' "$*" >&2
  exit "$code"
}

lb_now_ms() {
  date +%s%3N
}

# Elapsed seconds with one decimal since a lb_now_ms value.
lb_seconds_since() {
  local elapsed_ms=$(( $(lb_now_ms) - $1 ))
  printf '%d.%d' $(( elapsed_ms / 1000 )) $(( (elapsed_ms % 1000) / 100 ))
}

# lb_need_value <option> <remaining argument count, option included>: an option needs its value.
lb_need_value() {
  [ "$2" -ge 2 ] || lb_die "$LB_EXIT_USAGE" "option $1 needs a value"
}

lb_parse_port() {
  local name=$1 value=$2
  if ! [[ "$value" =~ ^[0-9]+$ ]] || [ "$value" -lt 1 ] || [ "$value" -gt 65535 ]; then
    lb_die "$LB_EXIT_USAGE" "$name must be a port number between 1 and 65535, got '$value'"
  fi
}

lb_parse_positive_int() {
  local name=$1 value=$2
  if ! [[ "$value" =~ ^[0-9]+$ ]] || [ "$value" -lt 1 ]; then
    lb_die "$LB_EXIT_USAGE" "$name must be a positive whole number, got '$value'"
  fi
}

# Finds java (JAVA_HOME first, then PATH) and checks its feature version.
# Sets LB_JAVA (the java executable) and LB_JDK_BIN (its directory, for javac and keytool).
lb_require_java() {
  local minimum=$1 candidate version_line feature
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    candidate="$JAVA_HOME/bin/java"
  elif command -v java >/dev/null 2>&1; then
    candidate=$(command -v java)
  else
    lb_die "$LB_EXIT_MISSING_TOOL" "no java found (JAVA_HOME unset or invalid, none on PATH);" \
      "install a JDK $minimum or newer, e.g. apt-get install openjdk-17-jdk-headless"
  fi
  version_line=$("$candidate" -version 2>&1 | head -n 1)
  feature=$(sed -n 's/^[^"]*"\([0-9][0-9]*\).*/\1/p' <<<"$version_line")
  [ "$feature" = 1 ] && feature=$(sed -n 's/^[^"]*"1\.\([0-9][0-9]*\).*/\1/p' <<<"$version_line")
  if [ -z "$feature" ] || [ "$feature" -lt "$minimum" ]; then
    lb_die "$LB_EXIT_MISSING_TOOL" "$candidate is '$version_line'; Java $minimum or newer is required"
  fi
  LB_JAVA=$candidate
  LB_JDK_BIN=$(dirname "$(readlink -f "$candidate")")
}

# lb_require_jdk_tool <name>: a tool of the same JDK as LB_JAVA (javac, keytool); prints its path.
lb_require_jdk_tool() {
  local tool=$1
  if [ -x "$LB_JDK_BIN/$tool" ]; then
    echo "$LB_JDK_BIN/$tool"
  elif command -v "$tool" >/dev/null 2>&1; then
    command -v "$tool"
  else
    lb_die "$LB_EXIT_MISSING_TOOL" "'$tool' not found next to $LB_JAVA or on PATH;" \
      "a full JDK is needed (not only a JRE), e.g. apt-get install openjdk-17-jdk-headless"
  fi
}

lb_require_maven() {
  command -v "${MVN:-mvn}" >/dev/null 2>&1 || lb_die "$LB_EXIT_MISSING_TOOL" \
    "Maven ('${MVN:-mvn}') not found; it is needed once to download the broker jars" \
    "(apt-get install maven, or set MVN to a Maven executable)"
}

# True when something listens on the TCP port on any local address. Sets LB_PORT_OWNER to a
# description of the listening process when ss can tell (root, or the same user), else to "".
lb_port_in_use() {
  local port=$1 listeners pid
  LB_PORT_OWNER=""
  if command -v ss >/dev/null 2>&1; then
    listeners=$(ss -Hltnp "sport = :$port" 2>/dev/null || true)
    [ -n "$listeners" ] || return 1
    pid=$(sed -n 's/.*pid=\([0-9][0-9]*\).*/\1/p' <<<"$listeners" | head -n 1)
    if [ -n "$pid" ]; then
      LB_PORT_OWNER="pid $pid: $(ps -o args= -p "$pid" 2>/dev/null | cut -c 1-160)"
    fi
    return 0
  fi
  # Without ss: a successful connect means a listener (only 127.0.0.1 is checked then).
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null
}

# Exits with LB_EXIT_PORT_IN_USE when any of the given "label=port" pairs is taken.
lb_require_free_ports() {
  local pair label port
  for pair in "$@"; do
    label=${pair%%=*}
    port=${pair#*=}
    if lb_port_in_use "$port"; then
      if [ -n "$LB_PORT_OWNER" ]; then
        lb_die "$LB_EXIT_PORT_IN_USE" "$label port $port is already in use by $LB_PORT_OWNER;" \
          "stop that process or choose another port"
      fi
      lb_die "$LB_EXIT_PORT_IN_USE" "$label port $port is already in use (ss -ltnp does not show" \
        "the owner to this user); choose another port"
    fi
  done
}

# Linux hands out ports of this range to client sockets; a broker port inside it can collide
# with an outgoing connection between the free-port check and the bind.
lb_warn_if_ephemeral() {
  local port=$1 range low high
  range=$(cat /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo "32768 60999")
  read -r low high <<<"$range"
  if [ "$port" -ge "$low" ] && [ "$port" -le "$high" ]; then
    lb_log "note: port $port lies in the ephemeral range $low-$high; ports below $low are safer"
  fi
}

# True when the process exists and is not a zombie.
lb_pid_alive() {
  local pid=$1 state
  [ -n "$pid" ] && [ -r "/proc/$pid/stat" ] || return 1
  state=$(sed -n 's/^[0-9]* (.*) \([A-Z]\) .*/\1/p' "/proc/$pid/stat" 2>/dev/null || true)
  [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# True when the live process's command line contains the marker (guards against reused pids).
lb_pid_has_marker() {
  local pid=$1 marker=$2
  lb_pid_alive "$pid" || return 1
  # Arguments are NUL-separated: compare whole arguments, so /tmp/a does not match /tmp/ab.
  grep -qxF -- "$marker" < <(tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null)
}

# lb_wait_for_exit <pid> <timeout seconds>: true when the process is gone in time.
lb_wait_for_exit() {
  local pid=$1 deadline=$(( $(lb_now_ms) + $2 * 1000 ))
  while lb_pid_alive "$pid"; do
    [ "$(lb_now_ms)" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

# SIGTERM, wait up to <grace seconds>, then SIGKILL. Prints how the process ended.
lb_terminate() {
  local pid=$1 grace=$2 started
  started=$(lb_now_ms)
  kill -TERM "$pid" 2>/dev/null || true
  if lb_wait_for_exit "$pid" "$grace"; then
    lb_log "pid $pid exited after SIGTERM in $(lb_seconds_since "$started") s"
    return 0
  fi
  lb_log "pid $pid still running ${grace} s after SIGTERM; sending SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
  lb_wait_for_exit "$pid" 10 || lb_die "$LB_EXIT_FAILURE" "pid $pid survived SIGKILL"
}

# State files are "key=value" lines (also readable as java.util.Properties).
lb_state_get() {
  local file=$1 key=$2
  [ -r "$file" ] || return 0
  sed -n "s/^${key//./\\.}=//p" "$file" | head -n 1
}

# Prints the last lines of a log file, indented, to stderr.
lb_show_log_tail() {
  local file=$1 lines=${2:-40}
  if [ -s "$file" ]; then
    echo "----- last $lines lines of $file -----" >&2
    tail -n "$lines" "$file" >&2
    echo "-----" >&2
  else
    echo "(log $file is empty or missing)" >&2
  fi
}

# lb_pom_version <property>: the value of <property> in the root pom (the broker version to run).
lb_pom_version() {
  local property=$1 version
  version=$(sed -n "s:.*<${property//./\\.}>[[:space:]]*\\([^<[:space:]]*\\)[[:space:]]*</${property//./\\.}>.*:\\1:p" \
    "$LB_ROOT/pom.xml" | head -n 1)
  [ -n "$version" ] || lb_die "$LB_EXIT_FAILURE" "no <$property> property found in $LB_ROOT/pom.xml"
  echo "$version"
}

# lb_lock_work_dir <dir>: serialises one-time downloads and compilation between concurrent starts.
lb_lock_work_dir() {
  mkdir -p "$1"
  exec 9>"$1/.setup.lock"
  if command -v flock >/dev/null 2>&1; then
    flock 9
  fi
}

lb_unlock_work_dir() {
  exec 9>&-
}

# lb_parse_release <option> <value> <system> <oldest> <where releases are listed>: a release number
# like 3.9.1, and not older than <oldest> (e.g. 3.7); exits with LB_EXIT_USAGE otherwise.
lb_parse_release() {
  local option=$1 value=$2 system=$3 oldest=$4 listing=$5 major minor oldest_major oldest_minor
  if ! [[ "$value" =~ ^([0-9]+)\.([0-9]+)\.[0-9]+$ ]]; then
    lb_die "$LB_EXIT_USAGE" "$option must be a $system release like $oldest.0, got '$value' (releases: $listing)"
  fi
  major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
  oldest_major=${oldest%%.*} oldest_minor=${oldest#*.}
  if [ "$major" -lt "$oldest_major" ] || { [ "$major" -eq "$oldest_major" ] && [ "$minor" -lt "$oldest_minor" ]; }; then
    lb_die "$LB_EXIT_USAGE" "$option $value: bin/local-broker runs $system $oldest and newer (releases: $listing)"
  fi
}

# lb_central_listing <groupId:artifactId>: where Maven Central lists the artifact's releases.
lb_central_listing() {
  local group=${1%%:*} artifact=${1#*:}
  echo "https://repo1.maven.org/maven2/${group//.//}/$artifact/"
}

# lb_maven <log file> <maven arguments...>: runs Maven quietly, output appended to the log.
lb_maven() {
  local log=$1
  shift
  # -U: a release that was missing at an earlier attempt is looked up again
  # shellcheck disable=SC2086 # LOCAL_BROKER_MAVEN_ARGS holds several words on purpose
  "${MVN:-mvn}" -B -q -U ${LOCAL_BROKER_MAVEN_ARGS:-} "$@" >>"$log" 2>&1
}

# Trap of an interrupted or failed fetch: the half-filled directory must not stay behind.
lb_discard_fetch() {
  [ -n "${LB_FETCH_STAGING:-}" ] && rm -rf -- "$LB_FETCH_STAGING"
  LB_FETCH_STAGING=""
}

# lb_fetch_jars <system> <version> <work dir> <pom> <groupId:artifactId> <note> <after hook> [-Dkey=value...]:
# sets LB_LIB to <work dir>/lib/<version>, filled on first use by Maven (dependency:copy-dependencies
# of <pom> with the given properties), then by "<after hook> <dir> <log>" when the hook is not "-".
# The jars go to a staging directory that is renamed into place only when complete, so a version's
# directory never holds a partial or mixed classpath. A version Maven Central does not have ends
# the script with one line and LB_EXIT_USAGE, and leaves nothing behind.
lb_fetch_jars() {
  local system=$1 version=$2 work=$3 pom=$4 coordinates=$5 note=$6 hook=$7
  shift 7
  local lib="$work/lib/$version" group=${coordinates%%:*} staging log started listing
  LB_LIB=$lib
  [ -f "$lib/.complete" ] && return 0
  lb_require_maven
  lb_lock_work_dir "$work"
  if [ ! -f "$lib/.complete" ]; then
    # leftovers of a fetch that was killed (the lock shows no other fetch is under way)
    rm -rf -- "$lib" "$work/lib.fetching-$version".*
    staging=$(mktemp -d "$work/lib.fetching-$version.XXXXXX")
    LB_FETCH_STAGING=$staging
    trap lb_discard_fetch EXIT
    log="$staging/maven.log"
    listing=$(lb_central_listing "$coordinates")
    # The artifact's own pom first (with the pom's imports, which Maven resolves too): a release
    # missing from Maven Central is told apart from any other failure.
    if ! lb_maven "$log" dependency:copy "-Dartifact=$coordinates:$version:pom" \
        "-DoutputDirectory=$staging/check" -f "$pom" "$@"; then
      if grep -E "${group//./\\.}:[A-Za-z0-9_.-]+:(pom|jar):${version//./\\.}([^0-9.]|$)" "$log" |
          grep -qE "Could not find|Failure to find|was not found"; then
        lb_discard_fetch
        lb_die "$LB_EXIT_USAGE" "$system $version is not on Maven Central (no $coordinates:$version; releases: $listing)"
      fi
      lb_show_log_tail "$log" 30
      lb_discard_fetch
      lb_die "$LB_EXIT_FAILURE" "Maven could not look up $coordinates:$version; Maven Central must be" \
        "reachable for the first start of a version"
    fi
    rm -rf -- "$staging/check"
    started=$(lb_now_ms)
    lb_log "fetching the $system $version jars with Maven (first use of this version${note:+; $note}) ..."
    if ! lb_maven "$log" -f "$pom" "$@" dependency:copy-dependencies -DincludeScope=runtime \
        "-DoutputDirectory=$staging/lib" ||
        { [ "$hook" != - ] && ! "$hook" "$staging/lib" "$log"; }; then
      lb_show_log_tail "$log" 30
      lb_discard_fetch
      lb_die "$LB_EXIT_FAILURE" "Maven could not fetch the $system $version jars; Maven Central must be" \
        "reachable for the first start of a version"
    fi
    if [ ! -f "$staging/lib/${coordinates#*:}-$version.jar" ]; then
      lb_show_log_tail "$log" 30
      lb_discard_fetch
      lb_die "$LB_EXIT_FAILURE" "Maven finished but fetched no ${coordinates#*:}-$version.jar"
    fi
    mv "$log" "$staging/lib/maven.log"
    touch "$staging/lib/.complete"
    mkdir -p "$work/lib"
    mv -T "$staging/lib" "$lib"
    lb_discard_fetch
    trap - EXIT
    lb_log "fetched $(find "$lib" -name '*.jar' | wc -l) jars in $(lb_seconds_since "$started") s into $lib"
  fi
  lb_unlock_work_dir
}

# lb_compile_probe <ReadinessProbe.java> <classes dir> <lib dir> <work dir>: compiles the system's
# readiness probe against one version's jars once (again when the source is newer).
lb_compile_probe() {
  local source=$1 classes=$2 lib=$3 work=$4 javac
  [ "$classes/ReadinessProbe.class" -nt "$source" ] && return 0
  javac=$(lb_require_jdk_tool javac)
  lb_lock_work_dir "$work"
  if [ ! "$classes/ReadinessProbe.class" -nt "$source" ]; then
    rm -rf "$classes" "$classes.tmp"
    mkdir -p "$classes.tmp"
    if ! "$javac" -nowarn -d "$classes.tmp" -cp "$lib/*" "$source" >"$classes.tmp/javac.log" 2>&1; then
      lb_show_log_tail "$classes.tmp/javac.log" 30
      rm -rf "$classes.tmp"
      lb_die "$LB_EXIT_FAILURE" "could not compile $source against $lib"
    fi
    mv "$classes.tmp" "$classes"
  fi
  lb_unlock_work_dir
}

# lb_running_version <state file>: the version whose jars the registered JVM really runs on, read from
# its command line (the classpath names lib/<version>/), or "?" when it cannot be read.
lb_running_version() {
  local pid classpath version
  pid=$(lb_state_get "$1" pid)
  classpath=$(tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -m 1 '/lib/[^/]*/\*$' || true)
  version=${classpath%/\*}
  version=${version##*/}
  echo "${version:-?}"
}

# lb_write_state <system> <state file> <key=value>...: written to a temporary file, then renamed.
lb_write_state() {
  local system=$1 file=$2
  shift 2
  mkdir -p "$(dirname "$file")"
  printf '%s\n' "# bin/local-broker $system state; removed by stop" "$@" >"$file.tmp"
  mv -f "$file.tmp" "$file"
}

# lb_jvm_state_running <state file>: the state's JVM is alive and really runs on its data dir.
lb_jvm_state_running() {
  local state=$1
  lb_pid_has_marker "$(lb_state_get "$state" pid)" "-Dlocalbroker.dataDir=$(lb_state_get "$state" data.dir)"
}

# lb_select_states <run dir> <system> <port> <data dir>: fills LB_SELECTED with the state files
# <run dir>/<system>-<port>.state matching --port / --data-dir (all of them when neither is given).
lb_select_states() {
  local run=$1 system=$2 port=$3 data_dir=$4 state
  LB_SELECTED=()
  if [ -n "$port" ]; then
    [ -f "$run/$system-$port.state" ] && LB_SELECTED+=("$run/$system-$port.state")
    return 0
  fi
  for state in "$run/$system"-*.state; do
    [ -f "$state" ] || continue
    if [ -z "$data_dir" ] || [ "$(lb_state_get "$state" data.dir)" = "$data_dir" ]; then
      LB_SELECTED+=("$state")
    fi
  done
}

# lb_stop_states <system> <run dir> <one> <many> <default grace> <stop one> [stop options…]: the stop
# command of every system. Parses --port, --data-dir, --all, --keep-data and --grace, selects the
# registered instances (refusing to pick one of several without --all), and for each calls
# "<stop one> <state file> <grace seconds>", which stops the process; then removes the temporary data dir
# the start created (unless --keep-data) and the state file. <one> and <many> name the instances in
# messages, e.g. "Kafka broker" and "Kafka brokers".
lb_stop_states() {
  local system=$1 run=$2 one=$3 many=$4 grace=$5 stop_one=$6
  shift 6
  local port="" data_dir="" all=false keep_data=false
  while [ $# -gt 0 ]; do
    if [[ "$1" == --*=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    case "$1" in
      --port ) lb_need_value "$1" $#; lb_parse_port --port "$2"; port=$2; shift 2 ;;
      --data-dir ) lb_need_value "$1" $#; data_dir=$(realpath -m -- "$2"); shift 2 ;;
      --all ) all=true; shift ;;
      --keep-data ) keep_data=true; shift ;;
      --grace ) lb_need_value "$1" $#; lb_parse_positive_int --grace "$2"; grace=$2; shift 2 ;;
      -h|--help ) lb_usage; return 0 ;;
      * ) lb_die "$LB_EXIT_USAGE" "unknown stop option '$1' (see bin/local-broker $system --help)" ;;
    esac
  done
  lb_select_states "$run" "$system" "$port" "$data_dir"
  if [ ${#LB_SELECTED[@]} -eq 0 ]; then
    lb_log "no local $one is registered${port:+ on port $port}${data_dir:+ for $data_dir}; nothing to stop"
    return 0
  fi
  if [ ${#LB_SELECTED[@]} -gt 1 ] && [ "$all" = false ]; then
    local state ports=()
    for state in "${LB_SELECTED[@]}"; do ports+=("$(lb_state_get "$state" port)"); done
    lb_die "$LB_EXIT_USAGE" "${#LB_SELECTED[@]} local $many are registered (ports ${ports[*]});" \
      "choose one with --port or --data-dir, or stop them all with --all"
  fi
  local state dir
  for state in "${LB_SELECTED[@]}"; do
    dir=$(lb_state_get "$state" data.dir)
    "$stop_one" "$state" "$grace"
    if [ "$(lb_state_get "$state" data.dir.created)" = true ] && [ "$keep_data" = false ] &&
        [[ "$(basename "$dir")" == local-$system.* ]]; then
      rm -rf -- "$dir"
      lb_log "removed temporary data dir $dir"
    else
      lb_log "data dir kept: $dir"
    fi
    rm -f "$state"
  done
}

# Trap of a start interrupted while its JVM came up: stops LB_STARTING_PID, removes LB_STARTING_STATE.
lb_abort_start() {
  trap - INT TERM
  lb_log "start interrupted; stopping pid $LB_STARTING_PID"
  lb_terminate "$LB_STARTING_PID" 10
  rm -f "$LB_STARTING_STATE"
  exit 130
}
