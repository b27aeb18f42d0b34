# shellcheck shell=bash disable=SC2034 # the constants are used by bin/local-cluster
# Helpers of bin/local-cluster: network namespaces, the bridge between them, nftables rules (loss,
# partitions) and the toxiproxy in front of each node's service (delay, jitter). Sourced, not executed.
#
# Layout (all names start with LC_PREFIX, so stop finds everything, also after a crash):
#   namespace <prefix>hub          the bridge br0 and one veth end per node; no address at all
#   namespace <prefix>coordinator  eth0 = <subnet>.2   (bin/benchmark runs here: ip netns exec)
#   namespace <prefix>broker       eth0 = <subnet>.3   broker on 127.0.0.1, toxiproxy on .3 in front of it:
#                                  Kafka 19092 behind .3:9092; RabbitMQ 17672 behind .3:5672;
#                                  Pulsar 16650 behind .3:6650 and its HTTP port 18080 behind .3:8080
#   namespace <prefix>worker-<i>   eth0 = <subnet>.<10+i> worker on 127.0.0.1:18080, toxiproxy on eth0:8080
# Every node namespace holds the nftables table "inet localcluster": the set "blocked" (partitions) and
# the loss rules. The host's own network gets no link, address, route or rule.

# LOCAL_CLUSTER_PREFIX gives a second cluster names of its own (with its own LOCAL_CLUSTER_WORK and --subnet),
# so that a drill can run beside a cluster of the default prefix.
LC_PREFIX=${LOCAL_CLUSTER_PREFIX:-omblc-}
if ! [[ "$LC_PREFIX" =~ ^omb[a-z0-9]{1,8}-$ ]] || [ "$LC_PREFIX" = ombhost- ]; then
  printf 'local-cluster: error: %s %s\n' "LOCAL_CLUSTER_PREFIX must be 'omb', 1 to 8 lower-case letters or digits" \
    "and a dash, like omblc- (the default), and not ombhost- (bin/local-hosts'), got '$LC_PREFIX'" >&2
  exit 2
fi
LC_TABLE=localcluster
LC_TOXIPROXY_API=127.0.0.1:8474
LC_WORKER_PORT=8080
LC_WORKER_LISTENER_PORT=18080
LC_WORKER_STATS_PORT=8081
LC_EXIT_FAILURE=1
LC_EXIT_USAGE=2
LC_EXIT_RANGE_TAKEN=4
LC_EXIT_MISSING=5

lc_log() {
  printf 'local-cluster: %s\n' "$*" >&2
}

# lc_die <exit code> <message...>
lc_die() {
  local code=$1
  shift
  printf 'local-cluster: error: %s\n' "$*" >&2
  exit "$code"
}

lc_require_root() {
  [ "$(id -u)" = 0 ] || lc_die "$LC_EXIT_MISSING" "must run as root: network namespaces, veth links and" \
    "nftables need CAP_NET_ADMIN (run it with sudo)"
}

# lc_require_tool <command> <Debian package>
lc_require_tool() {
  command -v "$1" >/dev/null 2>&1 || lc_die "$LC_EXIT_MISSING" "'$1' not found: install the Debian package" \
    "$2 (bin/test-setup installs it when run as root)"
}

# Sets LC_TOXIPROXY to the toxiproxy server: $LOCAL_CLUSTER_TOXIPROXY, the one deployment/install-tools.sh
# builds, or toxiproxy-server on the PATH.
lc_require_toxiproxy() {
  local candidate
  for candidate in "${LOCAL_CLUSTER_TOXIPROXY:-}" "$LC_ROOT/deployment/.venv/go/bin/toxiproxy-server" \
      "$(command -v toxiproxy-server 2>/dev/null || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
      LC_TOXIPROXY=$candidate
      return 0
    fi
  done
  lc_die "$LC_EXIT_MISSING" "toxiproxy-server not found (it adds delay and jitter; this kernel may lack netem):" \
    "bin/test-setup builds it into deployment/.venv/go/bin (deployment/install-tools.sh, with Go)," \
    "or set LOCAL_CLUSTER_TOXIPROXY"
}

lc_require_tools() {
  lc_require_root
  lc_require_tool ip iproute2
  lc_require_tool nft nftables
  lc_require_tool curl curl
  lc_require_toxiproxy
}

lc_state_get() {
  [ -r "$LC_STATE" ] || return 0
  sed -n "s/^${2//./\\.}=//p" "$LC_STATE" | head -n 1
}

# The namespaces of the cluster that exist now (by name prefix), the hub last.
lc_existing_namespaces() {
  local names
  names=$(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$LC_PREFIX" || true)
  grep -v "^${LC_PREFIX}hub\$" <<<"$names" | sed '/^$/d' || true
  grep -x "${LC_PREFIX}hub" <<<"$names" || true
}

# lc_node_namespace <node>: coordinator, broker or worker-<i> → its namespace; refuses anything else.
lc_node_namespace() {
  local node=$1 workers
  workers=$(lc_state_get "$LC_STATE" workers)
  case "$node" in
    coordinator ) ;;
    broker )
      [ "$(lc_state_get "$LC_STATE" system)" != none ] ||
        lc_die "$LC_EXIT_USAGE" "no node 'broker': this cluster was started with --system none (no broker)" ;;
    worker-[1-9] | worker-[1-9][0-9] )
      [ "${node#worker-}" -le "${workers:-0}" ] ||
        lc_die "$LC_EXIT_USAGE" "no node '$node': the cluster has worker-1 to worker-${workers:-0}" ;;
    * ) lc_die "$LC_EXIT_USAGE" "unknown node '$node' (expected coordinator, broker or worker-1 to worker-${workers:-?})" ;;
  esac
  echo "$LC_PREFIX$node"
}

# lc_node_address <node>: its address on the bridge.
lc_node_address() {
  local subnet
  subnet=$(lc_state_get "$LC_STATE" subnet)
  case "$1" in
    coordinator ) echo "$subnet.2" ;;
    broker ) echo "$subnet.3" ;;
    worker-* ) echo "$subnet.$((10 + ${1#worker-}))" ;;
  esac
}

# lc_parse_millis <option> <value>: a whole number of milliseconds ("2ms", "0ms", "1s") → the number.
lc_parse_millis() {
  local option=$1 value=$2
  if [[ "$value" =~ ^([0-9]+)ms$ ]]; then
    echo "$((10#${BASH_REMATCH[1]}))"
  elif [[ "$value" =~ ^([0-9]+)s$ ]]; then
    echo "$((10#${BASH_REMATCH[1]} * 1000))"
  elif [[ "$value" =~ ^[0-9]*\.[0-9]+(ms|s)$ ]]; then
    lc_die "$LC_EXIT_USAGE" "$option $value: toxiproxy's latency has whole milliseconds only; give e.g. 0ms, 1ms or 2ms"
  else
    lc_die "$LC_EXIT_USAGE" "$option must be a duration like 2ms or 1s, got '$value'"
  fi
}

# lc_parse_loss <option> <value>: "0.5%" → hundredths of a percent (50); 0 to 100 %, two decimals at most.
lc_parse_loss() {
  local option=$1 value=$2 whole fraction
  [[ "$value" =~ ^([0-9]{1,3})(\.([0-9]{1,2}))?%$ ]] ||
    lc_die "$LC_EXIT_USAGE" "$option must be a percentage like 0.5% (two decimals at most), got '$value'"
  whole=$((10#${BASH_REMATCH[1]}))
  fraction=${BASH_REMATCH[3]:-0}
  [ ${#fraction} = 1 ] && fraction="${fraction}0"
  local hundredths=$((whole * 100 + 10#$fraction))
  [ "$hundredths" -le 10000 ] || lc_die "$LC_EXIT_USAGE" "$option must be at most 100%, got '$value'"
  echo "$hundredths"
}

# lc_subnet_taken <a.b.c>: true (and prints what) when the host has an address or route in a.b.c.0/24.
lc_subnet_taken() {
  local subnet=$1 found
  found=$( { ip -o -4 addr show; ip -4 route show table all; } 2>/dev/null | grep -F " $subnet." | head -n 1 || true)
  [ -n "$found" ] || return 1
  echo "$found"
}

# lc_add_node <node> <address>: its namespace, a veth pair into the hub's bridge, the nftables table.
lc_add_node() {
  local node=$1 address=$2 ns="$LC_PREFIX$1" hub="${LC_PREFIX}hub"
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  ip -n "$hub" link add "v-$node" type veth peer name eth0 netns "$ns"
  ip -n "$hub" link set "v-$node" master br0 up
  ip -n "$ns" addr add "$address/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip netns exec "$ns" nft -f - <<EOF
table inet $LC_TABLE {
  set blocked { type ipv4_addr; }
  chain input { type filter hook input priority 0; policy accept; ip saddr @blocked drop; }
  chain output { type filter hook output priority 0; policy accept; ip daddr @blocked drop; }
  chain loss_input { type filter hook input priority 10; policy accept; }
  chain loss_output { type filter hook output priority 10; policy accept; }
}
EOF
}

# lc_set_loss <node> <hundredths of a percent>: random loss each way on the node's eth0 (0: none),
# replacing the loss set before. Each rule counts what it drops (lc_loss_now reads them).
lc_set_loss() {
  local ns="$LC_PREFIX$1" hundredths=$2
  ip netns exec "$ns" nft flush chain inet "$LC_TABLE" loss_input
  ip netns exec "$ns" nft flush chain inet "$LC_TABLE" loss_output
  [ "$hundredths" -gt 0 ] || return 0
  ip netns exec "$ns" nft add rule inet "$LC_TABLE" loss_input iifname eth0 numgen random mod 10000 "<" "$hundredths" counter drop
  ip netns exec "$ns" nft add rule inet "$LC_TABLE" loss_output oifname eth0 numgen random mod 10000 "<" "$hundredths" counter drop
}

# lc_loss_now <namespace>: "<hundredths> <in> <out>": the loss the namespace's rules apply now (hundredths of a
# percent each way, 0 without loss) and the packets they dropped on its eth0 since that loss was set.
lc_loss_now() {
  local ns=$1 rules
  rules=$(ip netns exec "$ns" nft list chain inet "$LC_TABLE" loss_input 2>/dev/null
    ip netns exec "$ns" nft list chain inet "$LC_TABLE" loss_output 2>/dev/null)
  local hundredths in out
  hundredths=$(sed -n 's/.*mod 10000 < \([0-9]*\) .*/\1/p' <<<"$rules" | head -n 1)
  in=$(sed -n '/iifname/s/.*counter packets \([0-9]*\) .*/\1/p' <<<"$rules" | head -n 1)
  out=$(sed -n '/oifname/s/.*counter packets \([0-9]*\) .*/\1/p' <<<"$rules" | head -n 1)
  echo "${hundredths:-0} ${in:-0} ${out:-0}"
}

# lc_toxiproxy_api <namespace> <method> <path> [json body]
lc_toxiproxy_api() {
  local ns=$1 method=$2 path=$3 body=${4:-}
  ip netns exec "$ns" curl -sS -f -o /dev/null -X "$method" ${body:+--data "$body"} \
    "http://$LC_TOXIPROXY_API$path"
}

# lc_start_toxiproxy <node> <name>=<listen address:port>=<upstream 127.0.0.1:port>... <latency ms> <jitter ms>
# One toxiproxy server in the node's namespace, one proxy per service (the broker may have two: Pulsar's
# binary and HTTP ports), each with a latency toxic each way.
lc_start_toxiproxy() {
  local node=$1 ns="$LC_PREFIX$1" i
  shift
  local specs=("${@:1:$#-2}") latency=${*: -2:1} jitter=${*: -1}
  ip netns exec "$ns" setsid "$LC_TOXIPROXY" -host 127.0.0.1 -port "${LC_TOXIPROXY_API#*:}" \
    >"$LC_WORK/logs/toxiproxy-$node.log" 2>&1 </dev/null &
  for i in $(seq 1 100); do
    ip netns exec "$ns" curl -s -f -o /dev/null "http://$LC_TOXIPROXY_API/version" && break
    [ "$i" -lt 100 ] || lc_die "$LC_EXIT_FAILURE" "toxiproxy in $ns did not answer within 10 s" \
      "(log: $LC_WORK/logs/toxiproxy-$node.log)"
    sleep 0.1
  done
  local spec name listen upstream stream toxic
  for spec in "${specs[@]}"; do
    IFS='=' read -r name listen upstream <<<"$spec"
    lc_toxiproxy_api "$ns" POST /proxies \
      "{\"name\":\"$name\",\"listen\":\"$listen\",\"upstream\":\"$upstream\",\"enabled\":true}"
    for stream in upstream downstream; do
      toxic="{\"name\":\"latency_$stream\",\"type\":\"latency\",\"stream\":\"$stream\",\"toxicity\":1,"
      toxic+="\"attributes\":{\"latency\":$latency,\"jitter\":$jitter}}"
      lc_toxiproxy_api "$ns" POST "/proxies/$name/toxics" "$toxic"
    done
  done
}

# lc_set_delay <node> <latency ms> <jitter ms>: each way, on every proxy of the node (the state file's
# proxies.<node>; a worker has one, "service").
lc_set_delay() {
  local ns="$LC_PREFIX$1" stream name names
  names=$(lc_state_get "$LC_STATE" "proxies.$1")
  for name in ${names:-service}; do
    for stream in upstream downstream; do
      lc_toxiproxy_api "$ns" POST "/proxies/$name/toxics/latency_$stream" \
        "{\"attributes\":{\"latency\":$2,\"jitter\":$3}}" ||
        lc_die "$LC_EXIT_FAILURE" "toxiproxy in $ns refused the new delay (is the cluster running?)"
    done
  done
}

# lc_heal_all: empties the "blocked" set of every node.
lc_heal_all() {
  local ns
  while read -r ns; do
    [ "$ns" = "${LC_PREFIX}hub" ] || ip netns exec "$ns" nft flush set inet "$LC_TABLE" blocked
  done < <(lc_existing_namespaces)
}

# lc_block <node> <other node> add|delete: the other node's address in the node's "blocked" set.
lc_block() {
  local ns address
  ns=$(lc_node_namespace "$1")
  address=$(lc_node_address "$2")
  if [ "$3" = add ]; then
    ip netns exec "$ns" nft add element inet "$LC_TABLE" blocked "{ $address }"
  else
    ip netns exec "$ns" nft delete element inet "$LC_TABLE" blocked "{ $address }" 2>/dev/null || true
  fi
}

# lc_wait_http <namespace> <url> <seconds> <what> <log>: until the URL answers (any HTTP status).
lc_wait_http() {
  local ns=$1 url=$2 seconds=$3 what=$4 log=$5 deadline
  deadline=$((SECONDS + seconds))
  until [ "$(ip netns exec "$ns" curl -s -o /dev/null -w '%{http_code}' "$url" 2>/dev/null || true)" != 000 ]; do
    [ "$SECONDS" -lt "$deadline" ] || { tail -n 20 "$log" >&2; lc_die "$LC_EXIT_FAILURE" "$what did not answer within $seconds s (log: $log)"; }
    sleep 0.2
  done
}

# lc_kill_namespace_processes <namespace> <grace seconds>: SIGTERM every process in it, then SIGKILL.
lc_kill_namespace_processes() {
  local ns=$1 grace=$2 pids deadline
  pids=$(ip netns pids "$ns" 2>/dev/null || true)
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086 # one pid per word
  kill -TERM $pids 2>/dev/null || true
  deadline=$((SECONDS + grace))
  while [ -n "$(ip netns pids "$ns" 2>/dev/null || true)" ] && [ "$SECONDS" -lt "$deadline" ]; do
    sleep 0.2
  done
  pids=$(ip netns pids "$ns" 2>/dev/null || true)
  if [ -n "$pids" ]; then
    lc_log "processes still in $ns after $grace s: sending SIGKILL to $(echo "$pids" | tr '\n' ' ')"
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
    sleep 0.5
  fi
}
