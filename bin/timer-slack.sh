# shellcheck shell=bash
# Sourced by bin/benchmark and bin/benchmark-worker just before they exec the JVM.
# Lowers the timer slack of this shell, which the JVM it execs and every thread of that JVM inherit, so
# that LockSupport.parkNanos wakes within microseconds rather than after Linux's default 50 µs slack:
# precise pacing with less spinning (docs/performance.md). A process may set its own slack without
# privileges. OMB_TIMER_SLACK_NS sets the value (default 1000); empty keeps the kernel's default.
omb_lower_timer_slack() {
  local ns=${OMB_TIMER_SLACK_NS-1000}
  [ -n "$ns" ] || return 0
  [[ "$ns" =~ ^[1-9][0-9]*$ ]] || { echo "error: OMB_TIMER_SLACK_NS must be a positive number of nanoseconds, got '$ns'" >&2; exit 2; }
  # A kernel without the file (before Linux 4.6) or a refusal leaves the default: pacing still works.
  { echo "$ns" >"/proc/$$/timerslack_ns"; } 2>/dev/null || true
}
