# Offline unit tests of the inventory module: `terraform test` in this directory (deployment/check.sh).
# Addresses are from the documentation ranges; nothing is contacted.

variables {
  system = "kafka"
  brokers = [
    { name = "broker-0", public_ip = "203.0.113.10", private_ip = "10.0.0.10" },
    { name = "broker-1", public_ip = "203.0.113.11", private_ip = "10.0.0.11" },
    { name = "broker-2", public_ip = "203.0.113.12", private_ip = "10.0.0.12" },
  ]
  workers = [
    { name = "worker-0", public_ip = "203.0.113.20", private_ip = "10.0.0.20" },
    { name = "worker-1", public_ip = "203.0.113.21", private_ip = "10.0.0.21" },
  ]
  monitoring = [
    { name = "monitoring-0", public_ip = "203.0.113.30", private_ip = "10.0.0.30" },
  ]
}

run "kafka_cluster_inventory" {
  command = apply

  assert {
    condition     = strcontains(output.hosts_ini, "[kafka]\nbroker-0 ansible_host=203.0.113.10 private_ip=10.0.0.10 broker_id=1\nbroker-1 ansible_host=203.0.113.11 private_ip=10.0.0.11 broker_id=2\nbroker-2 ansible_host=203.0.113.12 private_ip=10.0.0.12 broker_id=3\n")
    error_message = "The kafka group must list the three brokers with ids 1 to 3:\n${output.hosts_ini}"
  }

  assert {
    condition     = strcontains(output.hosts_ini, "[brokers:children]\nkafka\n")
    error_message = "The brokers group must have the system's group as its child."
  }

  assert {
    condition     = strcontains(output.hosts_ini, "[worker]\nworker-0 ansible_host=203.0.113.20 private_ip=10.0.0.20\nworker-1 ansible_host=203.0.113.21 private_ip=10.0.0.21\n")
    error_message = "The worker group must list both workers."
  }

  assert {
    condition     = strcontains(output.hosts_ini, "[monitoring]\nmonitoring-0 ansible_host=203.0.113.30 private_ip=10.0.0.30\n")
    error_message = "The monitoring group must list the monitoring host."
  }

  assert {
    condition     = strcontains(output.hosts_ini, "ansible_user=ubuntu\ndeploy_system=kafka\nworker_port=8080\nworker_stats_port=8081\n")
    error_message = "The [all:vars] section must carry the user, the system and the worker ports."
  }

  assert {
    condition     = output.workers_yaml == "# Benchmark workers (bin/benchmark --workers-file), written by deployment/terraform/aws.\nworkers:\n  - http://10.0.0.20:8080\n  - http://10.0.0.21:8080\n"
    error_message = "Unexpected workers file:\n${output.workers_yaml}"
  }

  assert {
    condition     = yamldecode(output.workers_yaml).workers == ["http://10.0.0.20:8080", "http://10.0.0.21:8080"]
    error_message = "The workers file must be YAML with a workers list of private URLs."
  }
}

run "pulsar_without_monitoring_and_other_port" {
  command = apply

  variables {
    system      = "pulsar"
    ssh_user    = "admin"
    monitoring  = []
    worker_port = 9090
  }

  assert {
    condition     = startswith(split("[brokers:children]", output.hosts_ini)[0], "# Ansible inventory") && strcontains(output.hosts_ini, "[pulsar]\nbroker-0 ")
    error_message = "The brokers' group must be named after the system."
  }

  assert {
    condition     = strcontains(output.hosts_ini, "[monitoring]\n\n[all:vars]")
    error_message = "Without a monitoring host the monitoring group must be empty."
  }

  assert {
    condition     = output.worker_urls == ["http://10.0.0.20:9090", "http://10.0.0.21:9090"]
    error_message = "Worker URLs must use the configured port."
  }

  assert {
    condition     = strcontains(output.hosts_ini, "ansible_user=admin\ndeploy_system=pulsar\n")
    error_message = "The SSH user and system must reach [all:vars]."
  }
}

run "rejects_unknown_system" {
  command = plan

  variables {
    system = "activemq"
  }

  expect_failures = [var.system]
}

run "rejects_no_workers" {
  command = plan

  variables {
    workers = []
  }

  expect_failures = [var.workers]
}

run "rejects_a_worker_without_private_address" {
  command = plan

  variables {
    workers = [{ name = "worker-0", public_ip = "203.0.113.20", private_ip = "" }]
  }

  expect_failures = [var.workers]
}

run "rejects_two_monitoring_hosts" {
  command = plan

  variables {
    monitoring = [
      { name = "monitoring-0", public_ip = "203.0.113.30", private_ip = "10.0.0.30" },
      { name = "monitoring-1", public_ip = "203.0.113.31", private_ip = "10.0.0.31" },
    ]
  }

  expect_failures = [var.monitoring]
}

run "rejects_a_port_out_of_range" {
  command = plan

  variables {
    worker_port = 70000
  }

  expect_failures = [var.worker_port]
}

run "flags_duplicate_host_names" {
  command = apply

  variables {
    workers = [
      { name = "broker-0", public_ip = "203.0.113.20", private_ip = "10.0.0.20" },
    ]
  }

  expect_failures = [check.unique_host_names]
}
