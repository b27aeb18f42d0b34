locals {
  all_hosts = concat(var.brokers, var.workers, var.monitoring)

  # Host names become inventory host names; a duplicate would silently merge two hosts.
  duplicate_names = [for n in distinct([for h in local.all_hosts : h.name]) : n if length([for h in local.all_hosts : h if h.name == n]) > 1]

  worker_urls = [for w in var.workers : "http://${w.private_ip}:${var.worker_port}"]

  hosts_ini = templatefile("${path.module}/templates/hosts.ini.tftpl", {
    system            = var.system
    ssh_user          = var.ssh_user
    brokers           = var.brokers
    workers           = var.workers
    monitoring        = var.monitoring
    worker_port       = var.worker_port
    worker_stats_port = var.worker_stats_port
  })

  workers_yaml = templatefile("${path.module}/templates/workers.yaml.tftpl", {
    worker_urls = local.worker_urls
  })
}

check "unique_host_names" {
  assert {
    condition     = length(local.duplicate_names) == 0
    error_message = "Host names must be unique; repeated: ${join(", ", local.duplicate_names)}."
  }
}
