#!/usr/bin/env python3
"""The series a Grafana dashboard queries, checked against what a Prometheus endpoint exports.

usage:
  dashboard_metrics.py list DASHBOARD.json
      prints the selectors (metric name and label matchers) of every PromQL expression of the
      dashboard's panels; fails when an expression selects no metric (the parser missed it)
  dashboard_metrics.py check DASHBOARD.json SCRAPE.txt
      fails unless every selector of a benchmark worker metric matches at least one series of SCRAPE
      (Prometheus text exposition format): same name, every label matcher satisfied. Names starting
      with node_ are node_exporter's and are left out; every other name must come from the worker.
      A dashboard variable ($name or ${name}) in a matcher stands for its "All" value (.*).
  dashboard_metrics.py lint DASHBOARD.json
      fails when the dashboard is bound to one Grafana or one release: a panel, target or query
      variable whose data source uid is not a variable (${datasource}), no datasource variable of type prometheus, a rate
      window other than $__rate_interval, or a worker selector without namespace=~"$namespace" and
      release=~"$release" (the dashboard's variables of those names).

deployment/check.sh runs `list` and `lint` (and `check` against an empty scrape, and `lint` of a copy
with a hard-coded data source uid, which must both fail) in its `dashboard` step, and `check` against
the deployed worker's /metrics in its `localhost` step.
"""
import json
import re
import sys

NODE_EXPORTER_PREFIX = "node_"
# Keywords followed by a parenthesised list of label names, not of expressions.
LABEL_LIST_KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right"}
# Operators, and the aggregations, which may come before their argument: sum by (a) (expr).
OTHER_KEYWORDS = {"and", "or", "unless", "bool", "offset", "atan2", "sum", "min", "max", "avg", "group", "stddev",
                  "stdvar", "count", "count_values", "bottomk", "topk", "quantile", "limitk", "limit_ratio"}
IDENTIFIER = re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")
MATCHER = re.compile(r'\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"\s*,?')
NUMBER_OR_DURATION = re.compile(r"\.?[0-9][0-9.eE_a-zA-Z]*")
SAMPLE_LABEL = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"')


class Selector:
    def __init__(self, name, matchers):
        self.name = name
        self.matchers = matchers  # [(label, operator, value)]

    def __str__(self):
        inner = ", ".join(f'{label}{op}"{value}"' for label, op, value in self.matchers)
        return f"{self.name}{{{inner}}}" if inner else self.name

    def matches(self, name, labels):
        if name != self.name:
            return False
        for label, op, value in self.matchers:
            actual = labels.get(label, "")
            if op == "=" and actual != value:
                return False
            if op == "!=" and actual == value:
                return False
            if op == "=~" and not re.fullmatch(value, actual):
                return False
            if op == "!~" and re.fullmatch(value, actual):
                return False
        return True


def _skip_group(expr, i, opening, closing):
    """Index just after the group that opens at expr[i], honouring nesting and string literals."""
    depth = 0
    while i < len(expr):
        c = expr[i]
        if c in "\"'`":
            i = expr.index(c, i + 1) + 1 if c == "`" else _skip_string(expr, i)
            continue
        if c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(f"unbalanced {opening}{closing} in {expr!r}")


def _skip_string(expr, i):
    quote = expr[i]
    i += 1
    while expr[i] != quote:
        i += 2 if expr[i] == "\\" else 1
    return i + 1


def _matchers(block, expr):
    matchers, position = [], 0
    while position < len(block):
        found = MATCHER.match(block, position)
        if not found:
            raise ValueError(f"cannot read the label matchers {{{block}}} of {expr!r}")
        matchers.append((found.group(1), found.group(2), found.group(3)))
        position = found.end()
    return matchers


def selectors(expr):
    """The instant and range vector selectors of one PromQL expression."""
    found, i = [], 0
    while i < len(expr):
        c = expr[i]
        if c in "\"'`":
            i = expr.index(c, i + 1) + 1 if c == "`" else _skip_string(expr, i)
        elif c == "[":
            i = _skip_group(expr, i, "[", "]")
        elif c == "{":  # a selector without a name: {__name__="..."}
            end = _skip_group(expr, i, "{", "}")
            matchers = _matchers(expr[i + 1:end - 1], expr)
            names = [value for label, op, value in matchers if label == "__name__" and op == "="]
            if not names:
                raise ValueError(f"a selector without a metric name in {expr!r}")
            found.append(Selector(names[0], [m for m in matchers if m[0] != "__name__"]))
            i = end
        elif c.isdigit() or (c == "." and i + 1 < len(expr) and expr[i + 1].isdigit()):
            i = NUMBER_OR_DURATION.match(expr, i).end()
        elif IDENTIFIER.match(expr, i):
            word = IDENTIFIER.match(expr, i).group(0)
            i += len(word)
            rest = expr[i:].lstrip()
            after = i + len(expr[i:]) - len(rest)
            if word in LABEL_LIST_KEYWORDS:
                if rest.startswith("("):
                    i = _skip_group(expr, after, "(", ")")
            elif word in OTHER_KEYWORDS or rest.startswith("("):
                pass  # an operator, or a function / aggregation name
            elif rest.startswith("{"):
                end = _skip_group(expr, after, "{", "}")
                found.append(Selector(word, _matchers(expr[after + 1:end - 1], expr)))
                i = end
            else:
                found.append(Selector(word, []))
        else:
            i += 1
    return found


def dashboard_expressions(path):
    for panel in all_panels(load(path)):
        for target in panel.get("targets", []):
            if "expr" in target:
                yield f"panel {panel.get('title')!r} target {target.get('refId')}", target["expr"]


VARIABLE = re.compile(r"\$\{(\w+)\}|\$(\w+)")
RANGE = re.compile(r"\[([^\]]*)\]")
RELEASE_MATCHERS = {("namespace", "=~", "$namespace"), ("release", "=~", "$release")}


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def all_panels(dashboard):
    panels = list(dashboard.get("panels", []))
    for panel in list(panels):  # rows may nest panels
        panels.extend(panel.get("panels", []))
    return panels


def all_values(dashboard):
    """What each variable of the dashboard stands for when "All" is chosen (.* unless it says otherwise)."""
    return {v["name"]: v.get("allValue") or ".*" for v in dashboard.get("templating", {}).get("list", [])}


def substitute(value, variables):
    return VARIABLE.sub(lambda m: variables.get(m.group(1) or m.group(2), ".*"), value)


def lint_command(path):
    dashboard = load(path)
    problems = []
    variables = dashboard.get("templating", {}).get("list", [])
    sources = [v for v in variables if v.get("type") == "datasource" and v.get("query") == "prometheus"]
    if not sources:
        problems.append("no variable of type datasource querying prometheus")
    names = {v["name"] for v in variables}
    for needed in ("namespace", "release"):
        if needed not in names:
            problems.append(f"no variable ${needed}")
    owners = [(v, f"variable ${v.get('name')}") for v in variables if v.get("type") != "datasource"]
    for panel in all_panels(dashboard):
        owners += [(panel, f"panel {panel.get('title')!r}")] + [
            (t, f"panel {panel.get('title')!r} target {t.get('refId')}") for t in panel.get("targets", [])]
    for owner, what in owners:
        uid = (owner.get("datasource") or {}).get("uid")
        if owner.get("datasource") is not None and not (isinstance(uid, str) and uid.startswith("$")):
            problems.append(f"{what}: data source uid {uid!r} is hard-coded; use ${{datasource}}")
    for where, expr in dashboard_expressions(path):
        for window in RANGE.findall(expr):
            if window != "$__rate_interval":
                problems.append(f"{where}: range [{window}]; use [$__rate_interval]")
        for selector in selectors(expr):
            if selector.name.startswith(NODE_EXPORTER_PREFIX):
                continue
            if not RELEASE_MATCHERS <= set(selector.matchers):
                problems.append(f'{where}: {selector} lacks namespace=~"$namespace", release=~"$release"')
    for problem in problems:
        print(f"{path}: {problem}", file=sys.stderr)
    if not problems:
        print(f"{path}: data source from ${{datasource}}, every worker selector scoped to $namespace and $release,"
              " every rate over $__rate_interval")
    return 1 if problems else 0


def read_scrape(path):
    """(name, labels) of every sample of a Prometheus text exposition."""
    series = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name = IDENTIFIER.match(line).group(0)
            labels = {}
            if line[len(name):].startswith("{"):
                block = line[len(name) + 1:_skip_group(line, len(name), "{", "}") - 1]
                labels = {label: value for label, value in SAMPLE_LABEL.findall(block)}
            series.append((name, labels))
    return series


def list_command(dashboard):
    failures = 0
    for where, expr in dashboard_expressions(dashboard):
        found = selectors(expr)
        print(f"{where}: {', '.join(map(str, found)) or 'NO METRIC'}")
        failures += not found
    if failures:
        print(f"{dashboard}: {failures} expression(s) select no metric", file=sys.stderr)
    return 1 if failures else 0


def check_command(dashboard, scrape):
    series = read_scrape(scrape)
    variables = all_values(load(dashboard))
    missing, checked = [], 0
    for where, expr in dashboard_expressions(dashboard):
        for selector in selectors(expr):
            if selector.name.startswith(NODE_EXPORTER_PREFIX):
                continue
            selector = Selector(selector.name,
                                [(label, op, substitute(value, variables)) for label, op, value in selector.matchers])
            checked += 1
            count = sum(selector.matches(name, labels) for name, labels in series)
            print(f"{selector}: {count} series")
            if count == 0:
                missing.append(f"{where}: {selector}")
    if checked == 0:
        print(f"{dashboard}: no worker metric queried", file=sys.stderr)
        return 1
    if missing:
        exported = sorted({name for name, _ in series})
        print(f"{dashboard} queries series that {scrape} does not export:\n  " + "\n  ".join(missing)
              + f"\nexported names: {', '.join(exported) or 'none'}", file=sys.stderr)
        return 1
    print(f"all {checked} worker selectors of {dashboard} match exported series")
    return 0


def main(argv):
    if len(argv) == 3 and argv[1] == "list":
        return list_command(argv[2])
    if len(argv) == 3 and argv[1] == "lint":
        return lint_command(argv[2])
    if len(argv) == 4 and argv[1] == "check":
        return check_command(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
