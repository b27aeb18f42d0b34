#!/usr/bin/env python3
"""Kubernetes JSON schemas for kubeconform, on disk, from the ones kubernetes-validate bundles.

usage: k8s_schemas.py DEST VERSION…   (run with the Python of the venv that has kubernetes-validate)

kubernetes-validate ships, for every Kubernetes version from 1.25 on, strict standalone schemas
(kubernetes-json-schema/v<version>-local-strict/<kind>-<group>-<version>.json) whose shared
definitions are in _definitions.json of the same directory. Each file names itself
https://kubernetes.io/api/… ($id) and refers to /api/_definitions.json, which a JSON-schema compiler
resolves against that $id, i.e. over the network. This writes a copy per VERSION to
DEST/v<version>-standalone-strict/ with the $id removed and every such reference made relative
(_definitions.json#…), so kubeconform resolves them in the same directory and never leaves the disk:

  kubeconform -strict -kubernetes-version VERSION \\
    -schema-location 'DEST/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json'

deployment/install-tools.sh runs it; the versions are DEPLOY_KUBERNETES_VERSIONS of versions.env.
"""
import json
import os
import shutil
import sys

import kubernetes_validate

REMOTE_DEFINITIONS = "/api/_definitions.json#"


def localise(node):
    if isinstance(node, dict):
        return {key: (value.replace(REMOTE_DEFINITIONS, "_definitions.json#", 1)
                      if key == "$ref" and isinstance(value, str) and value.startswith(REMOTE_DEFINITIONS)
                      else localise(value))
                for key, value in node.items()}
    if isinstance(node, list):
        return [localise(item) for item in node]
    return node


def convert(source, target):
    os.makedirs(target + ".tmp")
    remote = 0
    for name in sorted(os.listdir(source)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(source, name), encoding="utf-8") as f:
            schema = json.load(f)
        schema.pop("$id", None)
        schema = localise(schema)
        text = json.dumps(schema, separators=(",", ":"))
        remote += text.count("kubernetes.io/api/")
        with open(os.path.join(target + ".tmp", name), "w", encoding="utf-8") as f:
            f.write(text)
    if remote:
        raise SystemExit(f"{target}: {remote} references still point at kubernetes.io")
    shutil.rmtree(target, ignore_errors=True)
    os.rename(target + ".tmp", target)


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__.split("\n\n")[1])
    dest, versions = sys.argv[1], sys.argv[2:]
    bundled = os.path.join(os.path.dirname(kubernetes_validate.__file__), "kubernetes-json-schema")
    for version in versions:
        source = os.path.join(bundled, f"v{version}-local-strict")
        if not os.path.isdir(source):
            have = sorted(n for n in os.listdir(bundled) if n.endswith("-local-strict"))
            raise SystemExit(f"kubernetes-validate has no schemas for {version} ({', '.join(have)})")
        target = os.path.join(dest, f"v{version}-standalone-strict")
        shutil.rmtree(target + ".tmp", ignore_errors=True)
        convert(source, target)
        print(f"{target}: {len(os.listdir(target))} schemas")


if __name__ == "__main__":
    main()
