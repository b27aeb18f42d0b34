# shellcheck shell=bash disable=SC2034 # the constants are used by bin/local-hosts
# Helpers of bin/local-hosts: the cached Debian base image, the network between the simulated hosts, their
# root file systems, disks and containers, and the teardown that finds all of it by name. Sourced, not executed.
#
# Layout (every name starts with LH_PREFIX, so down finds everything, also after a crash):
#   namespace <prefix>hub        the bridge br0 and one veth end per host; no address at all
#   link <prefix>ctl             in the control host's own namespace: <subnet>.1/24, the other end on br0;
#                                forwarding off on it, so nothing that arrives from the hosts is routed on
#   namespace <prefix>time       <subnet>.2 and 169.254.169.123 (the time source the chrony role expects):
#                                chronyd -x as a server, in a container without systemd
#   namespace <prefix>host-<i>   eth0 = <subnet>.<10+i>, routes only to <subnet>.0/24 and 169.254.169.123
#   overlay mounts "<prefix>host-<i>" and "<prefix>time" (the mount's source names it): the base image
#                                read-only below, <work>/hosts/<name>/upper above
#   loop devices                 backed by <work>/disks/<prefix>host-<i>-disk-<j>.img (sparse files)
#   systemd-nspawn --machine=<prefix>host-<i> --boot: the container of host-<i>, its systemd as PID 1

LH_PREFIX=ombhost-
LH_SUITE=bookworm
LH_TIME_ADDRESS=169.254.169.123
LH_ADMIN_USER="admin"
LH_EXIT_FAILURE=1
LH_EXIT_USAGE=2
LH_EXIT_TAKEN=4
LH_EXIT_MISSING=5

# What the base image holds besides Debian's minimal system: what makes it a host (systemd as init, logind,
# which tuned's polkitd needs, DBus, sshd, sudo, the ip command, Python for Ansible and its apt module), then
# every package the roles of deployment/ansible install with apt, so that no host needs a network beyond its
# bridge:
#   chrony (chrony), tuned (tuning), xfsprogs (disks), openjdk-17-jdk-headless (java: java_package),
#   the Erlang packages and rabbitmq-server of the rabbitmq role (Debian 12 has RabbitMQ 3.10.8, not the
#   4.1 the role pins from Team RabbitMQ), python3-debian (its deb822_repository module).
# Redpanda, Kafka, Pulsar, node_exporter, Prometheus and Grafana come as archives or .deb files from the
# control host (deploy_artifact_source: local), not from here.
LH_BASE_PACKAGES=(
  systemd systemd-sysv libpam-systemd dbus openssh-server sudo iproute2 procps python3 python3-apt python3-debian
  chrony tuned xfsprogs openjdk-17-jdk-headless
  erlang-base erlang-asn1 erlang-crypto erlang-eldap erlang-ftp erlang-inets erlang-mnesia erlang-os-mon
  erlang-parsetools erlang-public-key erlang-runtime-tools erlang-snmp erlang-ssl erlang-syntax-tools
  erlang-tftp erlang-tools erlang-xmerl rabbitmq-server
)
# Raised when what lh_customize_base does to the image after debootstrap changes: the stamp then differs.
LH_BASE_RECIPE=4

lh_log() {
  printf 'local-hosts: %s\n' "$*" >&2
}

# lh_die <exit code> <message...>
lh_die() {
  local code=$1
  shift
  printf 'local-hosts: error: %s\n' "$*" >&2
  exit "$code"
}

lh_require_root() {
  [ "$(id -u)" = 0 ] || lh_die "$LH_EXIT_MISSING" "must run as root: containers, overlay mounts, loop devices" \
    "and network namespaces need it (run it with sudo)"
}

# lh_require_tool <command> <Debian package>
lh_require_tool() {
  command -v "$1" >/dev/null 2>&1 || lh_die "$LH_EXIT_MISSING" "'$1' not found: install the Debian package" \
    "$2 (bin/test-setup installs it when run as root)"
}

lh_require_tools() {
  lh_require_root
  lh_require_tool ip iproute2
  lh_require_tool systemd-nspawn systemd-container
  lh_require_tool debootstrap debootstrap
  lh_require_tool losetup mount
  lh_require_tool ssh openssh-client
  lh_require_tool ssh-keygen openssh-client
  lh_require_tool flock util-linux
  [ -e /dev/loop-control ] || lh_die "$LH_EXIT_MISSING" "/dev/loop-control does not exist: this kernel has no loop devices"
  grep -qw overlay /proc/filesystems 2>/dev/null || modprobe overlay 2>/dev/null ||
    lh_die "$LH_EXIT_MISSING" "this kernel has no overlay file system (modprobe overlay failed)"
}

lh_state_get() {
  [ -r "$LH_STATE" ] || return 0
  sed -n "s/^${1//./\\.}=//p" "$LH_STATE" | head -n 1
}

# lh_mirror: the Debian mirror apt uses on this machine ($LOCAL_HOSTS_MIRROR first).
lh_mirror() {
  local mirror=${LOCAL_HOSTS_MIRROR:-}
  if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
      awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i !~ /security/) { print $i; exit } }')
  fi
  if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
      awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) { print $i; exit } }')
  fi
  [ -n "$mirror" ] || lh_die "$LH_EXIT_MISSING" "no Debian mirror found in /etc/apt/sources.list{,.d/*}; set LOCAL_HOSTS_MIRROR"
  echo "${mirror%/}"
}

# lh_base_stamp: what the base image is made of; a base whose stamp differs is built again.
lh_base_stamp() {
  printf 'suite=%s\nrecipe=%s\npackages=%s\n' "$LH_SUITE" "$LH_BASE_RECIPE" \
    "$(printf '%s\n' "${LH_BASE_PACKAGES[@]}" | sort | tr '\n' ' ' | sed 's/ $//')"
}

lh_base_current() {
  [ -f "$LH_BASE/.local-hosts-stamp" ] && [ "$(cat "$LH_BASE/.local-hosts-stamp")" = "$(lh_base_stamp)" ]
}

# lh_base_in_use: true when an overlay mount has the base image as its lower directory.
lh_base_in_use() {
  grep -qF "lowerdir=$LH_BASE," /proc/self/mountinfo 2>/dev/null
}

# lh_ensure_base [--rebuild]: builds the base image when it is missing or its stamp differs, under a lock (two
# work trees may share the cache). debootstrap writes into a new directory, renamed into place when done.
lh_ensure_base() {
  local rebuild=${1:-}
  mkdir -p "$LH_CACHE"
  exec {lock}>"$LH_CACHE/.lock"
  flock "$lock"
  if [ "$rebuild" != --rebuild ] && lh_base_current; then
    exec {lock}>&-
    return 0
  fi
  if [ -d "$LH_BASE" ] && lh_base_in_use; then
    lh_die "$LH_EXIT_TAKEN" "the base image $LH_BASE is out of date (or --rebuild was asked) but running hosts use it;" \
      "bring them down first (bin/local-hosts down)"
  fi
  local mirror started=$SECONDS new="$LH_BASE.new"
  mirror=$(lh_mirror)
  lh_log "building the base image $LH_BASE: debootstrap $LH_SUITE from $mirror (about 2-4 minutes, once) ..."
  rm -rf "$new"
  mkdir -p "$LH_CACHE/logs"
  local packages
  packages=$(IFS=,; echo "${LH_BASE_PACKAGES[*]}")
  # the downloaded packages are kept beside the image: a rebuild fetches only what changed
  mkdir -p "$LH_CACHE/debs"
  if ! debootstrap --variant=minbase --cache-dir="$LH_CACHE/debs" --include="$packages" "$LH_SUITE" "$new" "$mirror" \
      >"$LH_CACHE/logs/debootstrap.log" 2>&1; then
    tail -n 20 "$LH_CACHE/logs/debootstrap.log" >&2
    rm -rf "$new"
    lh_die "$LH_EXIT_FAILURE" "debootstrap failed (log: $LH_CACHE/logs/debootstrap.log)"
  fi
  lh_customize_base "$new" >>"$LH_CACHE/logs/debootstrap.log" 2>&1 ||
    { rm -rf "$new"; lh_die "$LH_EXIT_FAILURE" "preparing the base image failed (log: $LH_CACHE/logs/debootstrap.log)"; }
  lh_base_stamp >"$new/.local-hosts-stamp"
  rm -rf "$LH_BASE"
  mv "$new" "$LH_BASE"
  exec {lock}>&-
  lh_log "base image ready after $((SECONDS - started)) s ($(du -sm "$LH_BASE" | cut -f 1) MiB)"
}

# lh_customize_base <dir>: what turns a debootstrap tree into the image every host starts from.
lh_customize_base() {
  local base=$1
  set -e
  # Per-host identity is written at `up`: host keys, machine id, host name.
  rm -f "$base"/etc/ssh/ssh_host_* "$base/etc/hostname"
  : >"$base/etc/machine-id"
  # The login Ansible uses (like the admin user of Debian's cloud images): key only, sudo without password.
  chroot "$base" useradd --create-home --shell /bin/bash "$LH_ADMIN_USER"
  echo "$LH_ADMIN_USER ALL=(ALL) NOPASSWD:ALL" >"$base/etc/sudoers.d/$LH_ADMIN_USER"
  chmod 0440 "$base/etc/sudoers.d/$LH_ADMIN_USER"
  mkdir -p "$base/etc/ssh/sshd_config.d"
  cat >"$base/etc/ssh/sshd_config.d/local-hosts.conf" <<'EOF'
# bin/local-hosts: one host key (made at `up`), keys only.
HostKey /etc/ssh/ssh_host_ed25519_key
PasswordAuthentication no
KbdInteractiveAuthentication no
UseDNS no
EOF
  # A container has no CAP_SYS_TIME: chrony measures only (-x), never sets the clock, which is the
  # control host's and is shared by every host anyway.
  mkdir -p "$base/etc/systemd/system/chrony.service.d"
  cat >"$base/etc/systemd/system/chrony.service.d/local-hosts.conf" <<'EOF'
# bin/local-hosts: a container may not set the clock; chronyd measures only.
[Unit]
ConditionCapability=
[Service]
ExecStart=
ExecStart=!/usr/sbin/chronyd $DAEMON_OPTS -x
EOF
  # The time server of the cluster (bin/local-hosts runs it in its own container at 169.254.169.123).
  cat >"$base/etc/chrony/local-hosts-server.conf" <<'EOF'
# bin/local-hosts: the cluster's time source; serves the control host's clock, never adjusts it.
local stratum 8
allow all
driftfile /var/lib/chrony/chrony.drift
EOF
  # /proc/sys is read-only in a container; `up` binds /proc/sys/vm into each host, and this makes that bind
  # writable at boot, before tuned runs (the vm.* settings are the one kernel's: `down` restores them).
  cat >"$base/etc/systemd/system/local-hosts-vm.service" <<'EOF'
[Unit]
Description=Make /proc/sys/vm writable (bin/local-hosts binds it for tuned)
DefaultDependencies=no
ConditionPathIsMountPoint=/proc/sys/vm
Before=sysinit.target tuned.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/mount -o remount,bind,rw /proc/sys/vm

[Install]
WantedBy=sysinit.target
EOF
  chroot "$base" systemctl enable local-hosts-vm.service
  # Started by the roles, not at boot: tuned would apply its own default profile to the control host's
  # vm.* settings, RabbitMQ would start an unconfigured node on every host.
  chroot "$base" systemctl disable tuned.service rabbitmq-server.service
  # Nothing in a container to wait for or to set up.
  # A login's user manager (user@<uid>, started by an ssh session) can hang in its stop job when the host
  # powers off; systemd would wait 90 s for it, `down` 10 s.
  mkdir -p "$base/etc/systemd/system/user@.service.d"
  printf '%s\n' "# bin/local-hosts: a host powers off within seconds" "[Service]" "TimeoutStopSec=3s" \
    >"$base/etc/systemd/system/user@.service.d/local-hosts.conf"
  # Logins are not held back while the host boots (systemd writes /run/nologin, and only
  # systemd-user-sessions.service removes it: when that unit failed once in CI, the admin user could never
  # log in). `up` waits for the boot to finish instead, and names any unit that failed.
  mkdir -p "$base/etc/tmpfiles.d"
  ln -sf /dev/null "$base/etc/tmpfiles.d/systemd-nologin.conf"
  # No console to log in on; no apt run of its own that could hold the dpkg lock while the playbook installs.
  chroot "$base" systemctl mask console-getty.service getty@tty1.service apt-daily.timer apt-daily-upgrade.timer
  chroot "$base" apt-get clean
  rm -rf "$base"/var/lib/apt/lists/*_Packages
}

# lh_existing_namespaces: the cluster's network namespaces that exist now (by prefix), the hub last.
lh_existing_namespaces() {
  local names
  names=$(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$LH_PREFIX" || true)
  grep -v "^${LH_PREFIX}hub\$" <<<"$names" | sed '/^$/d' || true
  grep -x "${LH_PREFIX}hub" <<<"$names" || true
}

# lh_nspawn_pids: the systemd-nspawn processes of the cluster's containers (by --machine=<prefix>...).
lh_nspawn_pids() {
  local dir pid
  for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    [ -r "$dir/cmdline" ] || continue
    if tr '\0' '\n' <"$dir/cmdline" 2>/dev/null | grep -q "^--machine=$LH_PREFIX"; then
      tr '\0' '\n' <"$dir/cmdline" 2>/dev/null | head -n 1 | grep -q 'systemd-nspawn$' && echo "$pid"
    fi
  done
  return 0
}

# lh_overlay_mounts: mount points of the cluster's overlays (their source names them).
lh_overlay_mounts() {
  findmnt -rn -t overlay -o SOURCE,TARGET 2>/dev/null | awk -v p="$LH_PREFIX" 'index($1, p) == 1 { print $2 }' || true
}

# lh_loop_devices: loop devices backed by the cluster's disk files (by file name, also once deleted).
lh_loop_devices() {
  losetup -l -n -O NAME,BACK-FILE 2>/dev/null | awk -v p="/$LH_PREFIX" 'index($0, p) > 0 { print $1 }' || true
}

# lh_root_links: the cluster's links in the control host's own namespace.
lh_root_links() {
  ip -o link show 2>/dev/null | awk -F': ' '{ print $2 }' | sed 's/@.*//' | grep "^$LH_PREFIX" || true
}

# lh_subnet_taken <a.b.c>: true (and prints what) when the control host has an address or route in a.b.c.0/24.
lh_subnet_taken() {
  local subnet=$1 found
  found=$( { ip -o -4 addr show; ip -4 route show table all; } 2>/dev/null | grep -F " $subnet." | head -n 1 || true)
  [ -n "$found" ] || return 1
  echo "$found"
}

# lh_add_namespace <name> <address/prefix> [extra address]: a namespace with eth0 on the hub's bridge.
lh_add_namespace() {
  local name=$1 address=$2 extra=${3:-} ns="$LH_PREFIX$1" hub="${LH_PREFIX}hub"
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  ip -n "$hub" link add "v-$name" type veth peer name eth0 netns "$ns"
  ip -n "$hub" link set "v-$name" master br0 up
  ip -n "$ns" addr add "$address" dev eth0
  [ -z "$extra" ] || ip -n "$ns" addr add "$extra" dev eth0
  ip -n "$ns" link set eth0 up
}

# lh_mount_overlay <name>: <work>/hosts/<name>/root, the base below, upper and work beside it.
lh_mount_overlay() {
  local name=$1 dir="$LH_WORK/hosts/$1"
  mkdir -p "$dir/upper" "$dir/work" "$dir/root"
  mount -t overlay "$LH_PREFIX$name" \
    -o "lowerdir=$LH_BASE,upperdir=$dir/upper,workdir=$dir/work" "$dir/root"
}

# lh_vm_sysctls: every readable vm.* setting of the control host as key=value lines.
lh_vm_sysctls() {
  local file value
  for file in /proc/sys/vm/*; do
    [ -f "$file" ] && [ -w "$file" ] || continue
    # write-only entries (compact_memory, stat_refresh, ...) cannot be read: nothing to restore
    value=$(tr '\t\n' '  ' 2>/dev/null <"$file") && [ -n "$value" ] || continue
    printf 'vm.%s=%s\n' "${file##*/}" "${value% }"
  done
}

# lh_restore_sysctls <file>: writes back each saved value that differs now; fails when one cannot be.
lh_restore_sysctls() {
  local file=$1 line key value now status=0
  [ -f "$file" ] || return 0
  while IFS= read -r line; do
    key=${line%%=*}
    value=${line#*=}
    now=$(tr '\t\n' '  ' 2>/dev/null <"/proc/sys/${key//.//}") || continue
    now=${now% }
    [ "$now" = "$value" ] && continue
    if sysctl -q -w "$key=$value" >/dev/null 2>&1; then
      lh_log "restored $key=$value (was $now)"
    else
      lh_log "could not restore $key=$value (now $now)"
      status=1
    fi
  done <"$file"
  return $status
}

# lh_stop_containers <grace seconds>: SIGTERM to every container's nspawn (a booted one powers off cleanly),
# then SIGKILL to what is left in the cluster's namespaces and to the nspawn processes themselves.
lh_stop_containers() {
  local grace=$1 pids deadline ns
  pids=$(lh_nspawn_pids)
  if [ -n "$pids" ]; then
    # shellcheck disable=SC2086 # one pid per word
    kill -TERM $pids 2>/dev/null || true
    deadline=$((SECONDS + grace))
    while [ -n "$(lh_nspawn_pids)" ] && [ "$SECONDS" -lt "$deadline" ]; do
      sleep 0.2
    done
  fi
  while read -r ns; do
    [ -n "$ns" ] || continue
    pids=$(ip netns pids "$ns" 2>/dev/null || true)
    if [ -n "$pids" ]; then
      lh_log "processes still in $ns (its container did not stop, or its systemd-nspawn was gone):" \
        "sending SIGKILL to $(echo "$pids" | tr '\n' ' ')"
      # shellcheck disable=SC2086
      kill -KILL $pids 2>/dev/null || true
    fi
  done < <(lh_existing_namespaces)
  pids=$(lh_nspawn_pids)
  if [ -n "$pids" ]; then
    lh_log "systemd-nspawn still running: sending SIGKILL to $(echo "$pids" | tr '\n' ' ')"
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
  fi
  deadline=$((SECONDS + 10))
  while [ -n "$(lh_nspawn_pids)" ] && [ "$SECONDS" -lt "$deadline" ]; do
    sleep 0.2
  done
  [ -z "$(lh_nspawn_pids)" ]
}
