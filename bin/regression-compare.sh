# shellcheck shell=bash
# shellcheck disable=SC2154 # the variables are bin/regression's, which sources this file
# The A/B half of bin/regression (sourced by it, never run alone): runs the suite's case of one broker
# against two broker versions, interleaved A B A B ..., each run with a fresh broker started by
# bin/local-broker SYSTEM start --version V and stopped after it, then analyses the runs
# (RegressionCommand ab-judge). Uses bin/regression's variables: root, classpath, suite, compare, repeats,
# results_dir, thresholds, alpha, and its functions note and die_usage. See docs/regression.md.

# The runs, one "run<TAB>side<TAB>version<TAB>directory<TAB>broker<TAB>driver<TAB>workload" line each, in the
# order they run; checks the options and the suite before anything starts.
if ! ab_plan=$(java -Xmx256m -XX:+UseSerialGC -cp "$classpath" io.openmessaging.benchmark.regression.RegressionCommand \
    ab-plan --suite "$suite" --compare "$compare" --repeats "$repeats" "${thresholds[@]}" "${alpha[@]}"); then
  exit 2
fi
mkdir -p "$results_dir"
ab_work=$(mktemp -d "${TMPDIR:-/tmp}/omb-compare.XXXXXX")
ab_start_pid="" ab_bench_pid="" ab_broker="" ab_data=""

ab_stop_broker() { # stops the broker of the current run, if any, and deletes its data
  [ -n "$ab_data" ] || return 0
  if ! bin/local-broker "$ab_broker" stop --data-dir "$ab_data" --grace 20 >"$ab_work/stop.log" 2>&1; then
    note "warning: stopping the $ab_broker broker failed:"
    tail -n 5 "$ab_work/stop.log" >&2 || true
  fi
  rm -rf "$ab_data"
  ab_data=""
}

# shellcheck disable=SC2317 # run by the EXIT trap
ab_cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$ab_bench_pid" ] && kill -0 "$ab_bench_pid" 2>/dev/null; then
    note "stopping the running benchmark (pid $ab_bench_pid); it writes its partial result"
    kill -TERM "$ab_bench_pid" 2>/dev/null || true
    wait "$ab_bench_pid" 2>/dev/null || true
  fi
  if [ -n "$ab_start_pid" ] && kill -0 "$ab_start_pid" 2>/dev/null; then
    kill -TERM "$ab_start_pid" 2>/dev/null || true   # the start script stops its broker itself
    wait "$ab_start_pid" 2>/dev/null || true
  fi
  ab_stop_broker
  rm -rf "$ab_work"
  exit "$status"
}
trap ab_cleanup EXIT
trap 'note "interrupted"; exit 130' INT
trap 'note "terminated"; exit 143' TERM

ab_runs=$(wc -l <<<"$ab_plan")
ab_index=0
while IFS=$'\t' read -r run side version directory broker driver workload; do
  ab_index=$(( ab_index + 1 ))
  run_dir="$results_dir/$directory"
  mkdir -p "$run_dir"
  ab_broker=$broker
  ab_data="$ab_work/$side-$run"
  began=$SECONDS
  bin/local-broker "$broker" start --version "$version" --data-dir "$ab_data" --timeout 180 \
    >"$run_dir/broker-start.log" 2>&1 &
  ab_start_pid=$!
  if wait "$ab_start_pid"; then status=0; else status=$?; fi
  ab_start_pid=""
  if [ "$status" -ne 0 ]; then
    echo "bin/local-broker $broker start --version $version exited with $status; see broker-start.log" \
      >"$run_dir/not-run.txt"
    note "error: run $ab_index of $ab_runs ($side, $broker $version): the broker did not start (exit $status):"
    tail -n 10 "$run_dir/broker-start.log" | sed 's/^/  | /' >&2
    ab_stop_broker
    if [ "$status" -eq 2 ]; then
      note "bin/local-broker refused its arguments: every run would fail alike; stopping"
      exit 2
    fi
    continue
  fi
  note "run $ab_index of $ab_runs: $side = $broker $version ready after $(( SECONDS - began )) s"
  began=$SECONDS
  bin/benchmark --drivers "$driver" --output-dir "$run_dir" "$workload" >"$run_dir/benchmark.log" 2>&1 &
  ab_bench_pid=$!
  if wait "$ab_bench_pid"; then status=0; else status=$?; fi
  ab_bench_pid=""
  echo "$status" >"$run_dir/benchmark.exit"
  note "run $ab_index of $ab_runs: bin/benchmark exited with $status after $(( SECONDS - began )) s"
  if [ "$status" -ne 0 ]; then
    tail -n 15 "$run_dir/benchmark.log" | sed 's/^/  | /' >&2
  fi
  ab_stop_broker
done <<<"$ab_plan"

set +e
java -Xmx256m -XX:+UseSerialGC -cp "$classpath" io.openmessaging.benchmark.regression.RegressionCommand \
  ab-judge --results-dir "$results_dir" "${thresholds[@]}" "${alpha[@]}"
status=$?
set -e
note "results in $results_dir; took $(( SECONDS - started_seconds )) s"
exit "$status"
