#!/usr/bin/env python3
"""Every value of the chart's values.yaml is in its README's values table.

usage: chart_values_doc.py VALUES.yaml README.md

A value is a key path of values.yaml down to a scalar, a list, an empty map, or a map whose keys are the
user's own (resources, affinity, probes, labels, annotations, security contexts, inline files). The table's
first column names values in backquotes, several to a cell if need be (`a.b`, `a.c`). Exit 1 naming each
value the table lacks, and each row naming a value values.yaml does not have; deployment/check.sh runs it in
its helm step.
"""
import re
import sys

import yaml

FREE_FORM = {"resources", "affinity", "nodeSelector", "tolerations", "podAnnotations", "podLabels",
             "readinessProbe", "livenessProbe", "labels", "annotations", "inline", "extraEnv",
             "podSecurityContext", "securityContext", "accessModes", "files", "set", "extraArgs",
             "imagePullSecrets"}
ROW = re.compile(r"^\|([^|]*)\|")
NAME = re.compile(r"`([A-Za-z][A-Za-z0-9.]*)`")


def values(tree, prefix=""):
    for key, value in tree.items():
        path = prefix + key
        if isinstance(value, dict) and value and key not in FREE_FORM:
            yield from values(value, path + ".")
        else:
            yield path


def documented(readme):
    names = set()
    with open(readme, encoding="utf-8") as file:
        for line in file:
            row = ROW.match(line)
            if row:
                names.update(NAME.findall(row.group(1)))
    return names


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as file:
        expected = list(values(yaml.safe_load(file)))
    names = documented(argv[2])
    missing = [path for path in expected if path not in names]
    unknown = sorted(name for name in names if "." in name and name not in expected
                     and not any(path.startswith(name + ".") for path in expected))
    for path in missing:
        print(f"{argv[2]}: the values table lacks `{path}` (in {argv[1]})", file=sys.stderr)
    for name in unknown:
        print(f"{argv[2]}: the values table names `{name}`, which {argv[1]} does not have", file=sys.stderr)
    if missing or unknown:
        return 1
    print(f"{argv[2]}: the values table names all {len(expected)} values of {argv[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
