data "aws_ami" "os" {
  most_recent = true
  owners      = var.ami_owners

  filter {
    name   = "name"
    values = [var.ami_name_filter]
  }

  filter {
    name   = "architecture"
    values = ["x86_64"]
  }

  filter {
    name   = "virtualization-type"
    values = ["hvm"]
  }
}

resource "aws_key_pair" "operator" {
  key_name   = "${var.name}-key"
  public_key = file(pathexpand(var.ssh_public_key_path))
}

resource "aws_placement_group" "cluster" {
  count = var.placement_group_enabled ? 1 : 0

  name     = "${var.name}-cluster"
  strategy = "cluster"
}

locals {
  placement_group = var.placement_group_enabled ? aws_placement_group.cluster[0].id : null

  # Settings every instance shares (IMDSv2 only, encrypted root volume).
  instance_common = {
    ami                    = data.aws_ami.os.id
    subnet_id              = aws_subnet.benchmark.id
    key_name               = aws_key_pair.operator.key_name
    vpc_security_group_ids = [aws_security_group.hosts.id]
  }
}

resource "aws_instance" "broker" {
  # checkov:skip=CKV_AWS_88:Ansible reaches the hosts over SSH from allowed_cidr only; the public address is how it gets there without a bastion.
  # checkov:skip=CKV2_AWS_41:The hosts call no AWS API, so they get no IAM role at all (least privilege).
  count = var.broker_count

  ami                         = local.instance_common.ami
  instance_type               = var.broker_instance_type
  subnet_id                   = local.instance_common.subnet_id
  key_name                    = local.instance_common.key_name
  vpc_security_group_ids      = local.instance_common.vpc_security_group_ids
  placement_group             = local.placement_group
  associate_public_ip_address = true
  ebs_optimized               = true
  monitoring                  = true

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }

  root_block_device {
    volume_type           = "gp3"
    volume_size           = var.root_volume_size_gb
    encrypted             = true
    delete_on_termination = true
  }

  tags = {
    Name = "${var.name}-broker-${count.index}"
    Role = "broker"
  }
}

resource "aws_instance" "worker" {
  # checkov:skip=CKV_AWS_88:Ansible reaches the hosts over SSH from allowed_cidr only; the public address is how it gets there without a bastion.
  # checkov:skip=CKV2_AWS_41:The hosts call no AWS API, so they get no IAM role at all (least privilege).
  count = var.worker_count

  ami                         = local.instance_common.ami
  instance_type               = var.worker_instance_type
  subnet_id                   = local.instance_common.subnet_id
  key_name                    = local.instance_common.key_name
  vpc_security_group_ids      = local.instance_common.vpc_security_group_ids
  placement_group             = local.placement_group
  associate_public_ip_address = true
  ebs_optimized               = true
  monitoring                  = true

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }

  root_block_device {
    volume_type           = "gp3"
    volume_size           = var.root_volume_size_gb
    encrypted             = true
    delete_on_termination = true
  }

  tags = {
    Name = "${var.name}-worker-${count.index}"
    Role = "worker"
  }
}

resource "aws_instance" "monitoring" {
  # checkov:skip=CKV_AWS_88:Grafana and SSH are reached from allowed_cidr only; the public address is how the operator gets there.
  # checkov:skip=CKV2_AWS_41:The host calls no AWS API, so it gets no IAM role at all (least privilege).
  count = var.monitoring_enabled ? 1 : 0

  ami                         = local.instance_common.ami
  instance_type               = var.monitoring_instance_type
  subnet_id                   = local.instance_common.subnet_id
  key_name                    = local.instance_common.key_name
  vpc_security_group_ids      = concat(local.instance_common.vpc_security_group_ids, [aws_security_group.grafana[0].id])
  associate_public_ip_address = true
  ebs_optimized               = true
  monitoring                  = true

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }

  root_block_device {
    volume_type           = "gp3"
    volume_size           = var.root_volume_size_gb
    encrypted             = true
    delete_on_termination = true
  }

  tags = {
    Name = "${var.name}-monitoring"
    Role = "monitoring"
  }
}
