# shellcheck shell=bash
# RabbitMQ for driver-rabbitmq's integration tests: Debian's rabbitmq-server package. The tests start
# private nodes with bin/local-broker rabbitmq (own ports, data dir and cookie), so the system node
# must not run: it is stopped and disabled where the package started it (policy-rc.d usually
# prevents that on CI machines already).
if [ ! -x /usr/lib/rabbitmq/bin/rabbitmq-server ]; then
  apt_install rabbitmq-server
fi
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl stop rabbitmq-server >/dev/null 2>&1 || true
  systemctl disable rabbitmq-server >/dev/null 2>&1 || true
elif [ -x /etc/init.d/rabbitmq-server ] && /etc/init.d/rabbitmq-server status >/dev/null 2>&1; then
  /etc/init.d/rabbitmq-server stop >/dev/null 2>&1 || true
fi
if command -v update-rc.d >/dev/null 2>&1; then
  update-rc.d rabbitmq-server disable >/dev/null 2>&1 || true
fi
echo "RabbitMQ $(dpkg-query -W -f='${Version}' rabbitmq-server 2>/dev/null) installed; system node not running"
