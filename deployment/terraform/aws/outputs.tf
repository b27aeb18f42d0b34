output "inventory_file" {
  description = "Ansible inventory to pass to ansible-playbook -i."
  value       = local_file.hosts_ini.filename
}

output "workers_file" {
  description = "The benchmark's workers file (also installed on every worker by the worker role)."
  value       = local_file.workers_yaml.filename
}

output "broker_private_ips" {
  description = "Private addresses of the brokers, in broker-id order."
  value       = aws_instance.broker[*].private_ip
}

output "worker_public_ips" {
  description = "Public addresses of the workers (SSH)."
  value       = aws_instance.worker[*].public_ip
}

output "worker_urls" {
  description = "Worker URLs on the private network."
  value       = module.inventory.worker_urls
}

output "grafana_url" {
  description = "Grafana on the monitoring host (reachable from allowed_cidr only), or null."
  value       = var.monitoring_enabled ? "http://${aws_instance.monitoring[0].public_ip}:3000" : null
}

output "ami" {
  description = "Image the instances run (the newest match of ami_name_filter at apply time)."
  value       = "${data.aws_ami.os.id} (${data.aws_ami.os.name})"
}
