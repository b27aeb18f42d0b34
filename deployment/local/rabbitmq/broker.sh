# shellcheck shell=bash
# bin/local-broker rabbitmq: one private RabbitMQ node (Debian's rabbitmq-server package) on
# 127.0.0.1, without systemd and without touching the system node's files. Sourced by
# bin/local-broker after common.sh.
#
# The node runs the package's own scripts in /usr/lib/rabbitmq/bin directly (the /usr/sbin
# wrappers switch to the rabbitmq user and the system data directory). Everything it writes lives
# in its data dir, which is also its HOME, so its Erlang cookie is private too:
#   <data dir>/rabbitmq.conf, rabbitmq-env.conf (empty), enabled_plugins
#   <data dir>/mnesia/   RABBITMQ_MNESIA_BASE (queues, messages, the pid file)
#   <data dir>/log/      RABBITMQ_LOG_BASE (the node's log)
#   <data dir>/console.log   the node's stdout/stderr (start-up errors land here)
#   <data dir>/.erlang.cookie
# State: deployment/local/rabbitmq/work/run/rabbitmq-<port>.state, one per running node.

LB_RABBITMQ_DIR="$LB_LOCAL/rabbitmq"
LB_RABBITMQ_WORK="$LB_RABBITMQ_DIR/work"
LB_RABBITMQ_RUN="$LB_RABBITMQ_WORK/run"
LB_RABBITMQ_SBIN=/usr/lib/rabbitmq/bin
LB_RABBITMQ_PACKAGE=rabbitmq-server
# Set when this script started epmd; the last node of ours to stop stops it again.
LB_RABBITMQ_EPMD_MARK="$LB_RABBITMQ_RUN/epmd-started-by-local-broker"

LB_RABBITMQ_DEFAULT_PORT=17672
LB_RABBITMQ_DEFAULT_TIMEOUT_SECONDS=90
LB_RABBITMQ_DEFAULT_STOP_GRACE_SECONDS=30

lb_usage() {
  cat <<EOF
usage: bin/local-broker rabbitmq start [options]
       bin/local-broker rabbitmq stop   [--port P | --data-dir D | --all] [--keep-data] [--grace S]
       bin/local-broker rabbitmq status [--port P | --data-dir D]

One private RabbitMQ node (Debian's $LB_RABBITMQ_PACKAGE package, $(lb_rabbitmq_version 2>/dev/null || echo "not installed"))
on 127.0.0.1, node name bench-<port>@localhost, started without systemd. When the package is missing
and this runs as root, start installs it with apt-get (and keeps the system service stopped).

start options:
  --version V           accepted only when V is the version the package gives (installed, or what
                        apt-get would install); no other RabbitMQ version is available here
  --port P              AMQP listener port (default $LB_RABBITMQ_DEFAULT_PORT)
  --dist-port P         Erlang distribution port, used by rabbitmqctl (default: port + 1)
  --management          enable the management plugin (HTTP API and UI) on 127.0.0.1
  --management-port P   its port (default: port + 2)
  --data-dir D          where data, config and logs go (default: a new temporary directory,
                        deleted again by stop; a given directory is kept, and reused)
  --user U --password P create this user (administrator tag) with all permissions on the vhost
  --vhost V             create this virtual host (default vhost: /)
  --timeout S           seconds to wait for readiness (default $LB_RABBITMQ_DEFAULT_TIMEOUT_SECONDS)

start returns once 'rabbitmqctl wait' saw the node boot and the AMQP port listens. The default user
guest/guest exists and, as RabbitMQ allows it only over loopback, is enough for local runs.
epmd (port 4369) is started by the first node if it is not running; stop stops it again once the
last node this script started is gone, and never an epmd it did not start.

stop runs 'rabbitmqctl shutdown' and, after --grace seconds (default $LB_RABBITMQ_DEFAULT_STOP_GRACE_SECONDS), SIGKILL.
status exits 0 when running, 3 when stopped. rabbitmqctl for a node: see its state file (ctl.env).
Without --port/--data-dir, stop and status act on the only registered node.
EOF
}

lb_rabbitmq_version() {
  dpkg-query -W -f='${Version}' "$LB_RABBITMQ_PACKAGE" 2>/dev/null | sed 's/-[^-]*$//' | grep . ||
    return 1
}

# The upstream version the package gives: the installed one, else the one apt-get would install.
lb_rabbitmq_package_version() {
  lb_rabbitmq_version && return 0
  command -v apt-cache >/dev/null 2>&1 || return 1
  apt-cache policy "$LB_RABBITMQ_PACKAGE" 2>/dev/null |
    sed -n 's/^ *Candidate: *\([^ (]*\)$/\1/p' | sed 's/-[^-]*$//' | grep .
}

# --version: RabbitMQ comes from the Debian package, so the only version to run is the package's.
lb_rabbitmq_check_version() {
  local wanted=$1 available
  available=$(lb_rabbitmq_package_version || true)
  if [ -z "$available" ]; then
    lb_die "$LB_EXIT_USAGE" "--version $wanted: RabbitMQ comes from Debian's $LB_RABBITMQ_PACKAGE package," \
      "which apt-cache does not know here; start without --version"
  fi
  if [ "$wanted" != "$available" ]; then
    lb_die "$LB_EXIT_USAGE" "--version $wanted: RabbitMQ comes from Debian's $LB_RABBITMQ_PACKAGE package," \
      "which gives $available only (apt-cache policy $LB_RABBITMQ_PACKAGE)"
  fi
}

# Stops and disables the system node the package may have started (not on machines whose
# policy-rc.d forbids it, where installing starts nothing), so only private nodes run.
lb_rabbitmq_quiet_system_service() {
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    systemctl stop "$LB_RABBITMQ_PACKAGE" >/dev/null 2>&1 || true
    systemctl disable "$LB_RABBITMQ_PACKAGE" >/dev/null 2>&1 || true
  elif [ -x /etc/init.d/rabbitmq-server ] && /etc/init.d/rabbitmq-server status >/dev/null 2>&1; then
    /etc/init.d/rabbitmq-server stop >/dev/null 2>&1 || true
  fi
  if command -v update-rc.d >/dev/null 2>&1; then
    update-rc.d "$LB_RABBITMQ_PACKAGE" disable >/dev/null 2>&1 || true
  fi
}

# Installs the package when it is missing (root only), else explains how.
lb_rabbitmq_require_package() {
  [ -x "$LB_RABBITMQ_SBIN/rabbitmq-server" ] && [ -x "$LB_RABBITMQ_SBIN/rabbitmqctl" ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    lb_die "$LB_EXIT_MISSING_TOOL" "RabbitMQ is not installed ($LB_RABBITMQ_SBIN/rabbitmq-server is missing);" \
      "install it as root with: apt-get update && apt-get install --no-install-recommends $LB_RABBITMQ_PACKAGE" \
      "(this script installs it itself when run as root)"
  fi
  local log="${TMPDIR:-/tmp}/local-broker-rabbitmq-install.log" started
  started=$(lb_now_ms)
  lb_log "installing $LB_RABBITMQ_PACKAGE with apt-get (first use only; output in $log) ..."
  mkdir -p "$LB_RABBITMQ_WORK"
  exec 8>"$LB_RABBITMQ_WORK/.install.lock"
  command -v flock >/dev/null 2>&1 && flock 8
  if [ ! -x "$LB_RABBITMQ_SBIN/rabbitmq-server" ]; then
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y -q --no-install-recommends "$LB_RABBITMQ_PACKAGE" >"$log" 2>&1; then
      # A fresh machine has no package lists yet.
      { apt-get update -q && apt-get install -y -q --no-install-recommends "$LB_RABBITMQ_PACKAGE"; } >>"$log" 2>&1 || {
        lb_show_log_tail "$log" 20
        lb_die "$LB_EXIT_MISSING_TOOL" "apt-get could not install $LB_RABBITMQ_PACKAGE (full output: $log)"
      }
    fi
    lb_rabbitmq_quiet_system_service
    lb_log "installed RabbitMQ $(lb_rabbitmq_version) in $(lb_seconds_since "$started") s"
  fi
  exec 8>&-
}

lb_rabbitmq_node() {
  echo "bench-$1@localhost"
}

# Runs rabbitmqctl against the node of a data dir: lb_rabbitmq_ctl <data dir> <node> <args...>
lb_rabbitmq_ctl() {
  local data_dir=$1 node=$2
  shift 2
  HOME="$data_dir" RABBITMQ_CONF_ENV_FILE="$data_dir/rabbitmq-env.conf" \
    "$LB_RABBITMQ_SBIN/rabbitmqctl" -n "$node" "$@"
}

lb_rabbitmq_epmd_running() {
  command -v epmd >/dev/null 2>&1 || return 1
  epmd -names >/dev/null 2>&1
}

# Pid of the epmd daemon listening on 4369, or nothing.
lb_rabbitmq_epmd_pid() {
  local pid
  for pid in $(pgrep -x epmd 2>/dev/null); do
    lb_pid_alive "$pid" && { echo "$pid"; return 0; }
  done
}

# Remembers the running epmd as started by this script (called when none ran before our start).
lb_rabbitmq_mark_epmd() {
  [ -f "$LB_RABBITMQ_EPMD_MARK" ] && return 0
  local epmd_pid
  epmd_pid=$(lb_rabbitmq_epmd_pid)
  [ -n "$epmd_pid" ] || return 0
  mkdir -p "$LB_RABBITMQ_RUN"
  echo "$epmd_pid" >"$LB_RABBITMQ_EPMD_MARK"
}

# Stops epmd if this script started it and no node is registered with it any more.
lb_rabbitmq_stop_epmd_if_ours() {
  [ -f "$LB_RABBITMQ_EPMD_MARK" ] || return 0
  local pid names
  pid=$(cat "$LB_RABBITMQ_EPMD_MARK")
  if ! lb_pid_alive "$pid" || [ "$(cat "/proc/$pid/comm" 2>/dev/null)" != epmd ]; then
    rm -f "$LB_RABBITMQ_EPMD_MARK"
    return 0
  fi
  # A node that just stopped (or a rabbitmqctl that just exited) leaves epmd's list a moment later.
  local deadline=$(( $(lb_now_ms) + 5000 ))
  while names=$(epmd -names 2>/dev/null | grep -c '^name ' || true); [ "${names:-0}" -gt 0 ]; do
    if [ "$(lb_now_ms)" -ge "$deadline" ]; then
      lb_log "epmd (pid $pid) still serves $names node(s); left running"
      return 0
    fi
    sleep 0.2
  done
  kill -TERM "$pid" 2>/dev/null || true
  lb_wait_for_exit "$pid" 5 || kill -KILL "$pid" 2>/dev/null || true
  rm -f "$LB_RABBITMQ_EPMD_MARK"
  lb_log "stopped epmd (pid $pid), which this script had started"
}

# The node's process is alive and really runs on this data dir (its HOME is an argument of beam).
lb_rabbitmq_state_running() {
  local state=$1
  lb_pid_has_marker "$(lb_state_get "$state" pid)" "$(lb_state_get "$state" data.dir)"
}

# Waits for the pid file's beam process; prints it (empty when the launcher died first).
lb_rabbitmq_await_pid() {
  local pid_file=$1 launcher=$2 deadline=$(( $(lb_now_ms) + $3 * 1000 )) pid
  while [ "$(lb_now_ms)" -lt "$deadline" ]; do
    pid=$(cat "$pid_file" 2>/dev/null || true)
    if [ -n "$pid" ] && lb_pid_alive "$pid"; then
      echo "$pid"
      return 0
    fi
    lb_pid_alive "$launcher" || return 0
    sleep 0.1
  done
}

lb_rabbitmq_abort_start() {
  trap - INT TERM
  lb_log "start interrupted; stopping the node"
  [ -n "${LB_RABBITMQ_STARTING_PID:-}" ] && lb_terminate "$LB_RABBITMQ_STARTING_PID" 10
  lb_pid_alive "${LB_RABBITMQ_LAUNCHER_PID:-}" && kill -KILL "$LB_RABBITMQ_LAUNCHER_PID" 2>/dev/null
  rm -f "$LB_RABBITMQ_STARTING_STATE"
  lb_rabbitmq_stop_epmd_if_ours
  exit 130
}

# Stops a node that failed to start: lb_rabbitmq_kill_failed <beam pid or ""> <launcher pid>
lb_rabbitmq_kill_failed() {
  [ -n "$1" ] && lb_pid_alive "$1" && lb_terminate "$1" 10
  lb_pid_alive "$2" && kill -KILL "$2" 2>/dev/null
  wait "$2" 2>/dev/null || true
}

lb_start() {
  local port=$LB_RABBITMQ_DEFAULT_PORT dist_port="" management=false management_port="" data_dir=""
  local user="" password="" vhost="" timeout=$LB_RABBITMQ_DEFAULT_TIMEOUT_SECONDS wanted_version=""
  while [ $# -gt 0 ]; do
    if [[ "$1" == --*=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    case "$1" in
      --port ) lb_need_value "$1" $#; port=$2; shift 2 ;;
      --version ) lb_need_value "$1" $#; wanted_version=$2; shift 2 ;;
      --dist-port ) lb_need_value "$1" $#; dist_port=$2; shift 2 ;;
      --management ) management=true; shift ;;
      --management-port ) lb_need_value "$1" $#; management=true; management_port=$2; shift 2 ;;
      --data-dir ) lb_need_value "$1" $#; data_dir=$2; shift 2 ;;
      --user ) lb_need_value "$1" $#; user=$2; shift 2 ;;
      --password ) lb_need_value "$1" $#; password=$2; shift 2 ;;
      --vhost ) lb_need_value "$1" $#; vhost=$2; shift 2 ;;
      --timeout ) lb_need_value "$1" $#; timeout=$2; shift 2 ;;
      -h|--help ) lb_usage; return 0 ;;
      * ) lb_die "$LB_EXIT_USAGE" "unknown start option '$1' (see bin/local-broker rabbitmq --help)" ;;
    esac
  done
  lb_parse_port --port "$port"
  dist_port=${dist_port:-$((port + 1))}
  lb_parse_port --dist-port "$dist_port"
  [ "$port" != "$dist_port" ] || lb_die "$LB_EXIT_USAGE" "--port and --dist-port must differ"
  if [ "$management" = true ]; then
    management_port=${management_port:-$((port + 2))}
    lb_parse_port --management-port "$management_port"
    if [ "$management_port" = "$port" ] || [ "$management_port" = "$dist_port" ]; then
      lb_die "$LB_EXIT_USAGE" "--management-port must differ from --port and --dist-port"
    fi
  fi
  if [ -n "$user" ] || [ -n "$password" ]; then
    if [ -z "$user" ] || [ -z "$password" ]; then
      lb_die "$LB_EXIT_USAGE" "--user and --password go together"
    fi
  fi
  lb_parse_positive_int --timeout "$timeout"
  [ -z "$wanted_version" ] || lb_rabbitmq_check_version "$wanted_version"

  local started state node version
  started=$(lb_now_ms)
  node=$(lb_rabbitmq_node "$port")
  state="$LB_RABBITMQ_RUN/rabbitmq-$port.state"
  if [ -f "$state" ]; then
    if lb_rabbitmq_state_running "$state"; then
      lb_die "$LB_EXIT_PORT_IN_USE" "a local RabbitMQ node already runs on port $port" \
        "(pid $(lb_state_get "$state" pid), data dir $(lb_state_get "$state" data.dir));" \
        "stop it with: bin/local-broker rabbitmq stop --port $port"
    fi
    lb_log "forgetting the earlier node on port $port, which is no longer running" \
      "(its data dir is left as it was: $(lb_state_get "$state" data.dir))"
    rm -f "$state"
  fi
  lb_rabbitmq_require_package
  version=$(lb_rabbitmq_version)
  local ports=("amqp=$port" "distribution=$dist_port")
  [ "$management" = true ] && ports+=("management=$management_port")
  lb_require_free_ports "${ports[@]}"
  lb_warn_if_ephemeral "$port"
  lb_warn_if_ephemeral "$dist_port"

  local created=false
  if [ -n "$data_dir" ]; then
    mkdir -p "$data_dir" || lb_die "$LB_EXIT_FAILURE" "cannot create data dir $data_dir"
    data_dir=$(cd "$data_dir" && pwd -P)
    local other
    lb_select_states "$LB_RABBITMQ_RUN" rabbitmq "" "$data_dir"
    for other in "${LB_SELECTED[@]}"; do
      if lb_rabbitmq_state_running "$other"; then
        lb_die "$LB_EXIT_FAILURE" "data dir $data_dir is in use by the node on port" \
          "$(lb_state_get "$other" port) (pid $(lb_state_get "$other" pid))"
      fi
    done
    if [ -d "$data_dir/mnesia" ] && [ ! -d "$data_dir/mnesia/$node" ]; then
      lb_die "$LB_EXIT_USAGE" "data dir $data_dir holds a node of another port (node names follow the port);" \
        "start it with its old --port or use another data dir"
    fi
  else
    data_dir=$(mktemp -d "${TMPDIR:-/tmp}/local-rabbitmq.XXXXXX")
    created=true
  fi

  # A fresh node creates the asked user and vhost itself at first boot (default_user & co., in
  # place of guest and /), which saves several rabbitmqctl runs; a reused node gets them afterwards.
  local fresh=true
  [ -d "$data_dir/mnesia/$node" ] && fresh=false

  # Private configuration: nothing of /etc/rabbitmq applies.
  : >"$data_dir/rabbitmq-env.conf"
  (
    echo "# Written by bin/local-broker rabbitmq start; rewritten on every start."
    echo "listeners.tcp.default = 127.0.0.1:$port"
    echo "loopback_users.guest = true"
    if [ "$fresh" = true ] && [ -n "$vhost" ]; then
      echo "default_vhost = $vhost"
    fi
    if [ "$fresh" = true ] && [ -n "$user" ]; then
      echo "default_user = $user"
      echo "default_pass = $password"
      echo "default_user_tags.administrator = true"
      echo "default_permissions.configure = .*"
      echo "default_permissions.read = .*"
      echo "default_permissions.write = .*"
    fi
    if [ "$management" = true ]; then
      echo "management.tcp.ip = 127.0.0.1"
      echo "management.tcp.port = $management_port"
    fi
  ) >"$data_dir/rabbitmq.conf"
  chmod 600 "$data_dir/rabbitmq.conf" # it may hold the --password
  if [ "$management" = true ]; then
    echo "[rabbitmq_management]." >"$data_dir/enabled_plugins"
  else
    echo "[]." >"$data_dir/enabled_plugins"
  fi

  local epmd_was_running=false
  lb_rabbitmq_epmd_running && epmd_was_running=true

  local log="$data_dir/console.log" pid_file="$data_dir/mnesia/$node.pid"
  rm -f "$pid_file"
  echo "===== bin/local-broker rabbitmq start, $(date -u +%Y-%m-%dT%H:%M:%SZ), RabbitMQ $version, port $port =====" >>"$log"
  local launcher=()
  command -v setsid >/dev/null 2>&1 && launcher=(setsid)
  # Foreground mode in its own session: the node outlives this script and ignores Ctrl-C here.
  HOME="$data_dir" \
  RABBITMQ_NODENAME="$node" \
  RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
  RABBITMQ_NODE_PORT="$port" \
  RABBITMQ_DIST_PORT="$dist_port" \
  RABBITMQ_MNESIA_BASE="$data_dir/mnesia" \
  RABBITMQ_LOG_BASE="$data_dir/log" \
  RABBITMQ_PID_FILE="$pid_file" \
  RABBITMQ_CONFIG_FILE="$data_dir/rabbitmq.conf" \
  RABBITMQ_CONF_ENV_FILE="$data_dir/rabbitmq-env.conf" \
  RABBITMQ_ENABLED_PLUGINS_FILE="$data_dir/enabled_plugins" \
  RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}" \
  ERL_EPMD_ADDRESS=127.0.0.1 \
    "${launcher[@]}" "$LB_RABBITMQ_SBIN/rabbitmq-server" >>"$log" 2>&1 </dev/null &
  local launcher_pid=$! pid
  LB_RABBITMQ_LAUNCHER_PID=$launcher_pid
  LB_RABBITMQ_STARTING_PID=""
  LB_RABBITMQ_STARTING_STATE=$state
  trap lb_rabbitmq_abort_start INT TERM

  pid=$(lb_rabbitmq_await_pid "$pid_file" "$launcher_pid" "$timeout")
  if [ -z "$pid" ]; then
    lb_rabbitmq_kill_failed "" "$launcher_pid"
    trap - INT TERM
    lb_show_log_tail "$log" 40
    lb_die "$LB_EXIT_BROKER_DIED" "the RabbitMQ node exited (or wrote no pid file within $timeout s) during" \
      "startup (console log: $log; node log: $data_dir/log/$node.log)"
  fi
  LB_RABBITMQ_STARTING_PID=$pid
  [ "$epmd_was_running" = true ] || lb_rabbitmq_mark_epmd
  local ctl_env="HOME=$data_dir RABBITMQ_CONF_ENV_FILE=$data_dir/rabbitmq-env.conf"
  local state_entries=(
    "system=rabbitmq" "version=$version" "pid=$pid" "port=$port" "dist.port=$dist_port"
    "node=$node" "amqp.uri=amqp://127.0.0.1:$port" "data.dir=$data_dir" "data.dir.created=$created"
    "log.file=$data_dir/log/$node.log" "console.log=$log"
    "ctl=$LB_RABBITMQ_SBIN/rabbitmqctl" "ctl.env=$ctl_env"
    "started.at=$(date -u +%Y-%m-%dT%H:%M:%SZ)")
  [ "$management" = true ] && state_entries+=("management.url=http://127.0.0.1:$management_port/")
  [ -n "$user" ] && state_entries+=("user=$user")
  [ -n "$vhost" ] && state_entries+=("vhost=$vhost")
  lb_write_state rabbitmq "$state" "${state_entries[@]}" "ready=false"
  lb_log "started RabbitMQ $version as pid $pid (node $node); waiting up to $timeout s until it has booted ..."

  local wait_log="$data_dir/readiness.log"
  if ! lb_rabbitmq_ctl "$data_dir" "$node" -q wait --timeout "$timeout" "$pid_file" >"$wait_log" 2>&1 ||
      ! lb_port_in_use "$port"; then
    local died=false
    lb_pid_alive "$pid" || died=true
    lb_rabbitmq_kill_failed "$pid" "$launcher_pid"
    rm -f "$state"
    lb_rabbitmq_stop_epmd_if_ours
    trap - INT TERM
    lb_show_log_tail "$log" 30
    lb_show_log_tail "$wait_log" 10
    if [ "$died" = true ]; then
      lb_die "$LB_EXIT_BROKER_DIED" "the RabbitMQ node exited during startup (logs in $data_dir)"
    fi
    lb_die "$LB_EXIT_READINESS_TIMEOUT" "RabbitMQ did not boot within $timeout s; node stopped, logs in $data_dir"
  fi

  [ "$epmd_was_running" = true ] || lb_rabbitmq_mark_epmd

  local setup_log="$data_dir/setup.log"
  if [ "$fresh" = false ] && { [ -n "$vhost" ] || [ -n "$user" ]; }; then
    local target_vhost=${vhost:-/}
    {
      if [ -n "$vhost" ] && ! lb_rabbitmq_ctl "$data_dir" "$node" -q list_vhosts name | grep -qxF -- "$vhost"; then
        lb_rabbitmq_ctl "$data_dir" "$node" -q add_vhost "$vhost"
      fi
      if [ -n "$user" ]; then
        if lb_rabbitmq_ctl "$data_dir" "$node" -q list_users name | grep -qxF -- "$user"; then
          lb_rabbitmq_ctl "$data_dir" "$node" -q change_password "$user" "$password"
        else
          lb_rabbitmq_ctl "$data_dir" "$node" -q add_user "$user" "$password"
        fi
        lb_rabbitmq_ctl "$data_dir" "$node" -q set_user_tags "$user" administrator
        lb_rabbitmq_ctl "$data_dir" "$node" -q set_permissions -p "$target_vhost" "$user" '.*' '.*' '.*'
      fi
    } >"$setup_log" 2>&1 || {
      lb_rabbitmq_kill_failed "$pid" "$launcher_pid"
      rm -f "$state"
      lb_rabbitmq_stop_epmd_if_ours
      trap - INT TERM
      lb_show_log_tail "$setup_log" 20
      lb_die "$LB_EXIT_FAILURE" "creating the user/vhost failed; node stopped (log: $setup_log)"
    }
  fi

  lb_write_state rabbitmq "$state" "${state_entries[@]}" "ready=true"
  trap - INT TERM
  local rss
  rss=$(awk '/^VmRSS/ { printf "%d MB", $2 / 1024 }' "/proc/$pid/status" 2>/dev/null || true)
  echo "RabbitMQ $version ready on 127.0.0.1:$port (node $node) after $(lb_seconds_since "$started") s${rss:+, RSS $rss}"
  local uri_user="" uri_vhost=""
  [ -n "$user" ] && uri_user="$user:<password>@"
  [ -n "$vhost" ] && uri_vhost="/$(printf '%s' "$vhost" | sed 's:/:%2F:g')"
  echo "  amqp uri           amqp://${uri_user}127.0.0.1:$port$uri_vhost"
  if [ -z "$user" ]; then
    echo "  credentials        guest/guest (RabbitMQ allows them over loopback only)"
  else
    echo "  credentials        $user/<the --password given> (administrator)"
  fi
  [ "$management" = true ] && echo "  management         http://127.0.0.1:$management_port/"
  echo "  pid                $pid"
  if [ "$created" = true ]; then
    echo "  data dir           $data_dir (temporary: removed by stop)"
  else
    echo "  data dir           $data_dir (kept by stop)"
  fi
  echo "  node log           $data_dir/log/$node.log"
  echo "  rabbitmqctl        $ctl_env $LB_RABBITMQ_SBIN/rabbitmqctl -n $node ..."
  echo "  stop with          bin/local-broker rabbitmq stop --port $port"
}

lb_status() {
  local port="" data_dir=""
  while [ $# -gt 0 ]; do
    if [[ "$1" == --*=* ]]; then
      set -- "${1%%=*}" "${1#*=}" "${@:2}"
    fi
    case "$1" in
      --port ) lb_need_value "$1" $#; lb_parse_port --port "$2"; port=$2; shift 2 ;;
      --data-dir ) lb_need_value "$1" $#; data_dir=$(realpath -m -- "$2"); shift 2 ;;
      -h|--help ) lb_usage; return 0 ;;
      * ) lb_die "$LB_EXIT_USAGE" "unknown status option '$1' (see bin/local-broker rabbitmq --help)" ;;
    esac
  done
  lb_select_states "$LB_RABBITMQ_RUN" rabbitmq "$port" "$data_dir"
  if [ ${#LB_SELECTED[@]} -eq 0 ]; then
    echo "rabbitmq: stopped${port:+ (nothing registered on port $port)}${data_dir:+ (nothing registered for $data_dir)}"
    return "$LB_EXIT_NOT_RUNNING"
  fi
  local state any_running=false pid uptime
  for state in "${LB_SELECTED[@]}"; do
    pid=$(lb_state_get "$state" pid)
    if lb_rabbitmq_state_running "$state"; then
      any_running=true
      uptime=$(ps -o etimes= -p "$pid" 2>/dev/null | tr -d ' ')
      local readiness=""
      [ "$(lb_state_get "$state" ready)" = true ] || readiness=", still starting"
      echo "rabbitmq: running (pid $pid, $(lb_state_get "$state" amqp.uri), node $(lb_state_get "$state" node)," \
        "version $(lb_state_get "$state" version), up ${uptime:-?} s$readiness, data dir $(lb_state_get "$state" data.dir))"
    else
      echo "rabbitmq: stopped (the node on port $(lb_state_get "$state" port), pid $pid, is gone;" \
        "log: $(lb_state_get "$state" log.file); 'stop' clears this entry)"
    fi
  done
  [ "$any_running" = true ] || return "$LB_EXIT_NOT_RUNNING"
}

lb_stop() {
  local arg
  for arg in "$@"; do
    case "$arg" in -h|--help ) lb_usage; return 0 ;; esac
  done
  lb_stop_states rabbitmq "$LB_RABBITMQ_RUN" "RabbitMQ node" "RabbitMQ nodes" \
    "$LB_RABBITMQ_DEFAULT_STOP_GRACE_SECONDS" lb_rabbitmq_stop_one "$@"
  lb_rabbitmq_stop_epmd_if_ours
}

# lb_rabbitmq_stop_one <state file> <grace seconds>: stops one registered node with rabbitmqctl shutdown,
# terminating it when that does not end it within the grace period.
lb_rabbitmq_stop_one() {
  local state=$1 grace=$2 pid dir node started
  pid=$(lb_state_get "$state" pid)
  dir=$(lb_state_get "$state" data.dir)
  node=$(lb_state_get "$state" node)
  if lb_rabbitmq_state_running "$state"; then
    started=$(lb_now_ms)
    lb_log "stopping RabbitMQ node $node on port $(lb_state_get "$state" port) (pid $pid)"
    if timeout "$grace" env HOME="$dir" RABBITMQ_CONF_ENV_FILE="$dir/rabbitmq-env.conf" \
        "$LB_RABBITMQ_SBIN/rabbitmqctl" -n "$node" -q shutdown >/dev/null 2>&1 && lb_wait_for_exit "$pid" 5; then
      lb_log "node $node shut down in $(lb_seconds_since "$started") s"
    else
      lb_log "rabbitmqctl shutdown did not stop pid $pid within $grace s; terminating it"
      lb_terminate "$pid" 10
    fi
  else
    lb_log "the node on port $(lb_state_get "$state" port) (pid $pid) was not running any more"
  fi
}
