# shellcheck shell=bash
# Python's prometheus_client: the real Prometheus text-format parser the worker metrics test uses.
if ! python3 -c 'import prometheus_client' 2>/dev/null; then
  command -v pip3 >/dev/null || apt_install python3-pip
  pip3 install -q prometheus-client==0.26.0 || pip3 install -q --break-system-packages prometheus-client==0.26.0
fi
