# shellcheck shell=bash
# JDK 17+ (javac and keytool for the local brokers), Maven, and ss (port checks of bin/local-broker).
need=()
if ! command -v javac >/dev/null || ! javac -version 2>&1 | grep -qE ' (1[7-9]|[2-9][0-9])'; then need+=(openjdk-17-jdk-headless); fi
command -v keytool >/dev/null || need+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || need+=(maven)
command -v ss >/dev/null || need+=(iproute2)
if [ ${#need[@]} -gt 0 ]; then apt_install "${need[@]}"; fi
