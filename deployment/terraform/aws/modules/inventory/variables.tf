variable "system" {
  description = "Messaging system the brokers run: kafka, pulsar, rabbitmq or redpanda. It names the brokers' inventory group."
  type        = string

  validation {
    condition     = contains(["kafka", "pulsar", "rabbitmq", "redpanda"], var.system)
    error_message = "The system must be one of kafka, pulsar, rabbitmq or redpanda."
  }
}

variable "ssh_user" {
  description = "Login user of the instances' image (ubuntu for the Ubuntu images)."
  type        = string
  default     = "ubuntu"

  validation {
    condition     = can(regex("^[a-z_][a-z0-9_-]*$", var.ssh_user))
    error_message = "The SSH user must be a plain Unix user name."
  }
}

variable "brokers" {
  description = "Broker hosts, in broker-id order: name, public address (for SSH) and private address (for traffic)."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = string
  }))

  validation {
    condition     = length(var.brokers) >= 1
    error_message = "At least one broker is needed."
  }

  validation {
    condition     = alltrue([for h in var.brokers : can(cidrhost("${h.private_ip}/32", 0))])
    error_message = "Every broker needs a private IPv4 address."
  }
}

variable "workers" {
  description = "Benchmark worker hosts: name, public address (for SSH) and private address (the workers file lists these)."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = string
  }))

  validation {
    condition     = length(var.workers) >= 1
    error_message = "At least one benchmark worker is needed."
  }

  validation {
    condition     = alltrue([for h in var.workers : can(cidrhost("${h.private_ip}/32", 0))])
    error_message = "Every worker needs a private IPv4 address."
  }
}

variable "monitoring" {
  description = "The monitoring host (Prometheus and Grafana), or an empty list for none."
  type = list(object({
    name       = string
    public_ip  = string
    private_ip = string
  }))
  default = []

  validation {
    condition     = length(var.monitoring) <= 1
    error_message = "At most one monitoring host is supported."
  }
}

variable "worker_port" {
  description = "HTTP port of the benchmark worker (bin/benchmark-worker --port)."
  type        = number
  default     = 8080

  validation {
    condition     = var.worker_port >= 1 && var.worker_port <= 65535 && floor(var.worker_port) == var.worker_port
    error_message = "The worker port must be a whole number between 1 and 65535."
  }
}

variable "worker_stats_port" {
  description = "Prometheus port of the benchmark worker (bin/benchmark-worker --stats-port)."
  type        = number
  default     = 8081

  validation {
    condition     = var.worker_stats_port >= 1 && var.worker_stats_port <= 65535 && floor(var.worker_stats_port) == var.worker_stats_port
    error_message = "The worker stats port must be a whole number between 1 and 65535."
  }
}
