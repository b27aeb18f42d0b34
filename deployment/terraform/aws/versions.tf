terraform {
  required_version = ">= 1.6.0"

  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "= 5.100.0"
    }
    local = {
      source  = "hashicorp/local"
      version = "= 2.5.2"
    }
  }
}

provider "aws" {
  region = var.region

  default_tags {
    tags = merge(var.tags, {
      Project    = "messaging-benchmark"
      Deployment = var.name
      System     = var.system
    })
  }
}
