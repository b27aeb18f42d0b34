#!/usr/bin/env python3
"""Checks that the objects the benchmark chart rendered fit together (what a schema cannot see).

usage: chart_render.py RENDERED.yaml --namespace NS --assembly distribution/src/assembly/package.xml

RENDERED.yaml is `helm template --namespace NS` output (every document of the release). Checked:
  - one worker StatefulSet; its serviceName is a headless Service (clusterIP None) of the same
    release whose selector selects the StatefulSet's pods and whose ports name container ports
  - probes and the Prometheus port annotation name ports the worker container has
  - worker and coordinator take OMB_WORKER_TOKEN from the same Secret and key; a Secret the chart
    rendered has that key
  - the coordinator Job (when rendered): its workers file (ConfigMap) lists exactly one URL per worker,
    http://<statefulset>-<i>.<service>.<namespace>.svc.<domain>:<worker port>, i = 0 … replicas-1; every
    ConfigMap item it mounts exists; the driver and workload files it passes exist, either mounted
    from the ConfigMap or in the image's package (the layout the assembly descriptor makes); its
    results volume is an emptyDir or a claim (rendered, or an existing one)
Exit status 0 when all holds, 1 otherwise (each problem printed).
"""
import argparse
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dockerfile_layout import assembly_layout  # noqa: E402  (the package's layout, from the source tree)

PACKAGE_ROOT = "/opt/benchmark/"
CONFIG_ROOT = "/etc/benchmark/"


def env_secret(container):
    for variable in container.get("env", []):
        if variable["name"] == "OMB_WORKER_TOKEN":
            ref = variable.get("valueFrom", {}).get("secretKeyRef", {})
            return ref.get("name"), ref.get("key")
    return None


def probe_port(probe):
    for kind in ("httpGet", "tcpSocket", "grpc"):
        if kind in probe:
            return probe[kind]["port"]
    return None


def check(docs, layout, namespace):
    problems = []
    by_kind = {}
    for doc in docs:
        by_kind.setdefault(doc["kind"], []).append(doc)
    named = {(d["kind"], d["metadata"]["name"]): d for d in docs}

    statefulsets = by_kind.get("StatefulSet", [])
    if len(statefulsets) != 1:
        return [f"expected one StatefulSet, found {len(statefulsets)}"]
    sts = statefulsets[0]
    name = sts["metadata"]["name"]
    replicas = sts["spec"]["replicas"]
    pod = sts["spec"]["template"]
    worker = pod["spec"]["containers"][0]
    ports = {p["name"]: p["containerPort"] for p in worker.get("ports", [])}

    service = named.get(("Service", sts["spec"]["serviceName"]))
    if service is None:
        problems.append(f"the StatefulSet's serviceName {sts['spec']['serviceName']} is no rendered Service")
    else:
        if service["spec"].get("clusterIP") != "None":
            problems.append(f"Service {service['metadata']['name']} is not headless (clusterIP None)")
        labels = pod["metadata"].get("labels", {})
        for key, value in service["spec"]["selector"].items():
            if labels.get(key) != value:
                problems.append(f"the Service's selector {key}={value} does not select the worker pods")
        if sts["spec"]["selector"]["matchLabels"] != service["spec"]["selector"]:
            problems.append("the StatefulSet's and the Service's selectors differ")
        for port in service["spec"]["ports"]:
            if port["targetPort"] not in ports:
                problems.append(f"Service port {port['name']} targets {port['targetPort']}, no worker port")
            elif ports[port["targetPort"]] != port["port"]:
                problems.append(f"Service port {port['name']} is {port['port']}, the container's {ports[port['targetPort']]}")

    for probe_name in ("readinessProbe", "livenessProbe", "startupProbe"):
        if probe_name in worker:
            port = probe_port(worker[probe_name])
            if isinstance(port, str) and port not in ports:
                problems.append(f"the worker's {probe_name} names port {port}, which it does not have")
    annotations = pod["metadata"].get("annotations", {})
    if annotations.get("prometheus.io/scrape") == "true":
        if int(annotations.get("prometheus.io/port", -1)) != ports.get("metrics"):
            problems.append(f"prometheus.io/port {annotations.get('prometheus.io/port')} is not the metrics port {ports.get('metrics')}")
    if "--bind" not in worker.get("args", []) or "0.0.0.0" not in worker.get("args", []):
        problems.append("the worker does not bind 0.0.0.0: the coordinator could not reach it")

    worker_secret = env_secret(worker)
    if worker_secret is None:
        problems.append("the worker takes no OMB_WORKER_TOKEN from a Secret")
    else:
        secret = named.get(("Secret", worker_secret[0]))
        if secret is not None and worker_secret[1] not in secret.get("data", {}):
            problems.append(f"Secret {worker_secret[0]} has no key {worker_secret[1]}")

    jobs = by_kind.get("Job", [])
    for job in jobs:
        spec = job["spec"]["template"]["spec"]
        container = spec["containers"][0]
        if env_secret(container) != worker_secret:
            problems.append(f"Job {job['metadata']['name']} takes its token from {env_secret(container)}, "
                            f"the workers from {worker_secret}")
        volumes = {v["name"]: v for v in spec.get("volumes", [])}
        mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
        config = volumes.get(mounts.get(CONFIG_ROOT.rstrip("/")), {}).get("configMap")
        if config is None:
            problems.append(f"Job {job['metadata']['name']} mounts no ConfigMap at {CONFIG_ROOT}")
            continue
        configmap = named.get(("ConfigMap", config["name"]))
        if configmap is None:
            problems.append(f"the Job's ConfigMap {config['name']} is not rendered")
            continue
        mounted = set()
        for item in config.get("items", []):
            if item["key"] not in configmap["data"]:
                problems.append(f"the Job mounts key {item['key']}, which ConfigMap {config['name']} lacks")
            mounted.add(CONFIG_ROOT + item["path"])

        workers = yaml.safe_load(configmap["data"]["workers.yaml"])["workers"]
        expected = re.compile(r"http://{0}-(\d+)\.{1}\.{2}\.svc\.[a-z0-9.-]+:{3}$".format(
            re.escape(name), re.escape(sts["spec"]["serviceName"]), re.escape(namespace), ports.get("worker")))
        indexes = []
        for url in workers:
            match = expected.match(url)
            if not match:
                problems.append(f"workers file: {url} is not a worker of StatefulSet {name} (service, namespace, port)")
            else:
                indexes.append(int(match.group(1)))
        if sorted(indexes) != list(range(replicas)):
            problems.append(f"workers file lists workers {sorted(indexes)}, the StatefulSet has 0 … {replicas - 1}")

        args = container["args"]
        files = []
        for i, arg in enumerate(args):
            if arg in ("--drivers", "-d", "--workers-file", "-wf"):
                files.append(args[i + 1])
        files += [a for a in args if a.endswith((".yaml", ".yml")) and a.startswith((PACKAGE_ROOT, CONFIG_ROOT))]
        for path in set(files):
            if path.startswith(CONFIG_ROOT):
                if path not in mounted:
                    problems.append(f"the Job passes {path}, which its ConfigMap does not mount")
            elif path.startswith(PACKAGE_ROOT):
                if path[len(PACKAGE_ROOT):] not in layout:
                    problems.append(f"the Job passes {path}, which the image's package does not have")
            else:
                problems.append(f"the Job passes {path}, neither from the ConfigMap nor from the image")

        results = volumes.get(mounts.get("/results"))
        if results is None:
            problems.append("the Job mounts nothing at /results")
        elif "persistentVolumeClaim" in results:
            claim = results["persistentVolumeClaim"]["claimName"]
            rendered = ("PersistentVolumeClaim", claim) in named
            print(f"results on claim {claim} ({'rendered' if rendered else 'an existing one'})")
        elif "emptyDir" not in results:
            problems.append("the Job's /results is neither an emptyDir nor a claim")

    print(f"{len(docs)} objects: StatefulSet {name} with {replicas} workers, {len(jobs)} coordinator Job(s), "
          f"token from {worker_secret}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rendered")
    parser.add_argument("--assembly", required=True)
    parser.add_argument("--namespace", required=True, help="the release's namespace (helm template --namespace)")
    args = parser.parse_args()
    with open(args.rendered, encoding="utf-8") as f:
        docs = [d for d in yaml.safe_load_all(f) if d]
    problems = check(docs, assembly_layout(args.assembly), args.namespace)
    for problem in problems:
        print(f"{args.rendered}: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
