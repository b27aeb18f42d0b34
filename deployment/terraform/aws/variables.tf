variable "system" {
  description = "Messaging system to benchmark: kafka, pulsar, rabbitmq or redpanda."
  type        = string

  validation {
    condition     = contains(["kafka", "pulsar", "rabbitmq", "redpanda"], var.system)
    error_message = "The system must be one of kafka, pulsar, rabbitmq or redpanda."
  }
}

variable "name" {
  description = "Prefix of every resource name; lets several deployments share an account."
  type        = string
  default     = "omb"

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{0,20}$", var.name))
    error_message = "The name must start with a letter and hold at most 21 lower-case letters, digits or dashes."
  }
}

variable "region" {
  description = "AWS region."
  type        = string
  default     = "us-west-2"
}

variable "availability_zone" {
  description = "Availability zone for every instance; null picks the first zone (by name) that offers the broker instance type."
  type        = string
  default     = null
}

variable "allowed_cidr" {
  description = "The only outside network allowed in: SSH to every host and Grafana on the monitoring host (for example your address as a /32)."
  type        = string

  validation {
    condition     = can(cidrhost(var.allowed_cidr, 0)) && !startswith(var.allowed_cidr, "0.0.0.0/")
    error_message = "allowed_cidr must be an IPv4 CIDR block narrower than the whole internet, e.g. 198.51.100.7/32."
  }
}

variable "ssh_public_key_path" {
  description = "Public key installed for the SSH user (its private key stays with you)."
  type        = string
  default     = "~/.ssh/id_ed25519.pub"
}

variable "vpc_cidr" {
  description = "Address range of the VPC."
  type        = string
  default     = "10.0.0.0/16"

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0))
    error_message = "vpc_cidr must be an IPv4 CIDR block."
  }
}

variable "subnet_cidr" {
  description = "Address range of the one subnet (inside vpc_cidr)."
  type        = string
  default     = "10.0.0.0/24"

  validation {
    condition     = can(cidrhost(var.subnet_cidr, 0))
    error_message = "subnet_cidr must be an IPv4 CIDR block."
  }
}

variable "broker_count" {
  description = "Number of broker instances."
  type        = number
  default     = 3

  validation {
    condition     = var.broker_count >= 1 && var.broker_count <= 32 && floor(var.broker_count) == var.broker_count
    error_message = "broker_count must be a whole number from 1 to 32."
  }
}

variable "broker_instance_type" {
  description = "Broker instance type; the disks role expects two instance-store NVMe drives (i3en.2xlarge: 8 vCPU, 64 GiB, 2 x 2.5 TB NVMe, up to 25 Gbps)."
  type        = string
  default     = "i3en.2xlarge"
}

variable "worker_count" {
  description = "Number of benchmark worker instances."
  type        = number
  default     = 4

  validation {
    condition     = var.worker_count >= 1 && var.worker_count <= 64 && floor(var.worker_count) == var.worker_count
    error_message = "worker_count must be a whole number from 1 to 64."
  }
}

variable "worker_instance_type" {
  description = "Benchmark worker instance type (network-optimised c5n class: c5n.2xlarge has 8 vCPU, 21 GiB, up to 25 Gbps)."
  type        = string
  default     = "c5n.2xlarge"
}

variable "monitoring_enabled" {
  description = "Create the monitoring host (Prometheus and Grafana)."
  type        = bool
  default     = true
}

variable "monitoring_instance_type" {
  description = "Monitoring host instance type."
  type        = string
  default     = "c5.large"
}

variable "placement_group_enabled" {
  description = "Put brokers and workers in one cluster placement group (lowest network latency between them; can fail with InsufficientInstanceCapacity, then set false)."
  type        = bool
  default     = true
}

variable "root_volume_size_gb" {
  description = "Size of each instance's encrypted gp3 root volume."
  type        = number
  default     = 50

  validation {
    condition     = var.root_volume_size_gb >= 20
    error_message = "root_volume_size_gb must be at least 20."
  }
}

variable "ami_name_filter" {
  description = "Image name pattern; the newest match is used (default: Ubuntu 24.04 LTS, x86_64). The Ansible roles support Ubuntu 24.04 and Debian 12."
  type        = string
  default     = "ubuntu/images/hvm-ssd-gp3/ubuntu-noble-24.04-amd64-server-*"
}

variable "ami_owners" {
  description = "Accounts allowed to own the image (default: Canonical)."
  type        = list(string)
  default     = ["099720109477"]
}

variable "ssh_user" {
  description = "Login user of the image."
  type        = string
  default     = "ubuntu"
}

variable "worker_port" {
  description = "HTTP port of the benchmark workers."
  type        = number
  default     = 8080
}

variable "worker_stats_port" {
  description = "Prometheus port of the benchmark workers."
  type        = number
  default     = 8081
}

variable "inventory_dir" {
  description = "Where hosts.ini and workers.yaml are written; null means deployment/ansible/inventory."
  type        = string
  default     = null
}

variable "tags" {
  description = "Extra tags on every resource."
  type        = map(string)
  default     = {}
}
