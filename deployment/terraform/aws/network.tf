data "aws_ec2_instance_type_offerings" "broker" {
  location_type = "availability-zone"

  filter {
    name   = "instance-type"
    values = [var.broker_instance_type]
  }
}

locals {
  availability_zone = coalesce(var.availability_zone, try(sort(data.aws_ec2_instance_type_offerings.broker.locations)[0], null))
}

resource "aws_vpc" "benchmark" {
  # checkov:skip=CKV2_AWS_11:Flow logs cost money and hold nothing a short-lived benchmark network needs; the only way in is allowed_cidr.
  cidr_block           = var.vpc_cidr
  enable_dns_support   = true
  enable_dns_hostnames = true

  tags = {
    Name = "${var.name}-vpc"
  }
}

# The VPC's default security group is left with no rules, so nothing that lands in it gets traffic.
resource "aws_default_security_group" "closed" {
  vpc_id = aws_vpc.benchmark.id

  tags = {
    Name = "${var.name}-default-closed"
  }
}

resource "aws_subnet" "benchmark" {
  vpc_id                  = aws_vpc.benchmark.id
  cidr_block              = var.subnet_cidr
  availability_zone       = local.availability_zone
  map_public_ip_on_launch = false

  tags = {
    Name = "${var.name}-subnet"
  }
}

resource "aws_internet_gateway" "benchmark" {
  vpc_id = aws_vpc.benchmark.id

  tags = {
    Name = "${var.name}-igw"
  }
}

resource "aws_route_table" "benchmark" {
  vpc_id = aws_vpc.benchmark.id

  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = aws_internet_gateway.benchmark.id
  }

  tags = {
    Name = "${var.name}-routes"
  }
}

resource "aws_route_table_association" "benchmark" {
  subnet_id      = aws_subnet.benchmark.id
  route_table_id = aws_route_table.benchmark.id
}

# Every host: all traffic between members of this group, SSH from allowed_cidr only.
resource "aws_security_group" "hosts" {
  # checkov:skip=CKV_AWS_382:Hosts download packages and release archives (apt, Apache archive, GitHub) over the internet gateway; ingress stays closed.
  name        = "${var.name}-hosts"
  description = "Benchmark hosts: traffic among themselves, SSH from allowed_cidr"
  vpc_id      = aws_vpc.benchmark.id

  ingress {
    description = "Everything between benchmark hosts (brokers, workers, monitoring)"
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    self        = true
  }

  ingress {
    description = "SSH from the operator's network"
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = [var.allowed_cidr]
  }

  egress {
    description = "Package and release downloads"
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }

  tags = {
    Name = "${var.name}-hosts"
  }
}

# The monitoring host also serves Grafana to allowed_cidr.
resource "aws_security_group" "grafana" {
  count = var.monitoring_enabled ? 1 : 0

  name        = "${var.name}-grafana"
  description = "Grafana from allowed_cidr"
  vpc_id      = aws_vpc.benchmark.id

  ingress {
    description = "Grafana from the operator's network"
    from_port   = 3000
    to_port     = 3000
    protocol    = "tcp"
    cidr_blocks = [var.allowed_cidr]
  }

  tags = {
    Name = "${var.name}-grafana"
  }
}
