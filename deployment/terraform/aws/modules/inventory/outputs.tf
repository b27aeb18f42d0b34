output "hosts_ini" {
  description = "Ansible inventory (INI) for deployment/ansible/deploy.yaml."
  value       = local.hosts_ini
}

output "workers_yaml" {
  description = "The benchmark's workers file (bin/benchmark --workers-file): one URL per worker, private addresses."
  value       = local.workers_yaml
}

output "worker_urls" {
  description = "Worker URLs, in worker order."
  value       = local.worker_urls
}
