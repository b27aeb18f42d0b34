# shellcheck shell=bash
# GNU time (/usr/bin/time): bin/perf-baseline measures the benchmark JVM's CPU seconds and peak RSS with
# `time -v` from outside the JVM (docs/performance.md).
if [ ! -x /usr/bin/time ]; then
  apt_install time
fi
