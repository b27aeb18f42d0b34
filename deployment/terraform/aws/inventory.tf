# The Ansible inventory and the benchmark's workers file come from the instances' addresses through
# the provider-free module in modules/inventory (unit-tested offline with `terraform test`).
module "inventory" {
  source = "./modules/inventory"

  system            = var.system
  ssh_user          = var.ssh_user
  worker_port       = var.worker_port
  worker_stats_port = var.worker_stats_port

  brokers    = [for i in aws_instance.broker : { name = i.tags["Name"], public_ip = i.public_ip, private_ip = i.private_ip }]
  workers    = [for i in aws_instance.worker : { name = i.tags["Name"], public_ip = i.public_ip, private_ip = i.private_ip }]
  monitoring = [for i in aws_instance.monitoring : { name = i.tags["Name"], public_ip = i.public_ip, private_ip = i.private_ip }]
}

locals {
  inventory_dir = coalesce(var.inventory_dir, "${path.module}/../../ansible/inventory")
}

resource "local_file" "hosts_ini" {
  filename        = "${local.inventory_dir}/hosts.ini"
  content         = module.inventory.hosts_ini
  file_permission = "0644"
}

resource "local_file" "workers_yaml" {
  filename        = "${local.inventory_dir}/workers.yaml"
  content         = module.inventory.workers_yaml
  file_permission = "0644"
}
