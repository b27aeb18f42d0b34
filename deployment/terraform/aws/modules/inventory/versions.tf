# Provider-free on purpose: this module only turns instance addresses into the Ansible inventory and
# the benchmark's workers file, so `terraform init`, `validate` and `test` run without any provider
# and without network access (deployment/check.sh runs them in CI).
terraform {
  required_version = ">= 1.6.0"
}
