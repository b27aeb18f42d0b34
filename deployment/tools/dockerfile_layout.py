#!/usr/bin/env python3
"""Every file deployment/docker/Dockerfile copies exists: in the build context, or in the package.

usage:
  dockerfile_layout.py DOCKERFILE --context DIR [--provided NAME]… (--package TAR.GZ | --assembly XML)
      [--package-stage NAME] [--package-root PATH]

Each COPY (or ADD) of the Dockerfile is checked:
  - COPY --from=<package stage> SRC… DEST: every SRC must lie under the package root the stage unpacks
    into (--package-root, default /opt/benchmark) and name a file or directory of the package's layout,
    the top directory (messaging-benchmark-<version>/) stripped. The layout is the real archive's
    (--package, as mvn package builds it) or, without one, the layout the distribution module's
    assembly descriptor (--assembly, distribution/src/assembly/package.xml) makes of the source tree:
    its file sets matched against the files they name, its dependency set as lib/*.jar.
  - COPY --from=<another stage or image>: not checked (nothing of ours).
  - COPY SRC… DEST from the build context: every SRC must be a file of --context, or one of the
    --provided names (what deployment/docker/build.sh adds to the context: the package itself).
It also fails when a top-level file or directory of the package is copied by no COPY (a new driver's
directory would otherwise be missing from the image), when the Dockerfile has no stage named
--package-stage, or when it has no COPY at all.
Exit status 0 when everything exists, 1 otherwise (each missing source is printed).
deployment/check.sh runs it in its `docker` step, once against a Dockerfile with a wrong path, which
must fail.
"""
import argparse
import fnmatch
import os
import re
import sys
import tarfile
import xml.etree.ElementTree as ElementTree


def instructions(path):
    """(line number, instruction, arguments) of a Dockerfile, continuation lines joined."""
    result, pending, start = [], "", 0
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not pending and (not line.strip() or line.lstrip().startswith("#")):
                continue
            if pending and line.lstrip().startswith("#"):
                continue  # a comment line inside a continued instruction
            if not pending:
                start = number
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            text = (pending + line).strip()
            pending = ""
            keyword, _, rest = text.partition(" ")
            result.append((start, keyword.upper(), rest.strip()))
    return result


def copy_parts(arguments):
    """(options, sources, destination) of a COPY/ADD in shell form (the JSON form is not used here)."""
    words = arguments.split()
    options = {}
    while words and words[0].startswith("--"):
        key, _, value = words.pop(0)[2:].partition("=")
        options[key] = value
    if len(words) < 2:
        raise ValueError(f"COPY needs a source and a destination: {arguments}")
    return options, words[:-1], words[-1]


def package_layout(package):
    """Relative paths (files and directories) of the archive, its top directory stripped."""
    paths = set()
    with tarfile.open(package, "r:gz") as archive:
        for member in archive.getmembers():
            parts = member.name.strip("/").split("/")
            if len(parts) > 1:
                paths.add("/".join(parts[1:]))
    return with_parents(paths)


def glob_regex(pattern):
    """Maven's include pattern (** any depth, * within one name, ? one character) as a regex."""
    out, i = "", 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out += "(?:.*/)?"
            i += 3
        elif pattern.startswith("**", i):
            out += ".*"
            i += 2
        elif pattern[i] == "*":
            out += "[^/]*"
            i += 1
        elif pattern[i] == "?":
            out += "[^/]"
            i += 1
        else:
            out += re.escape(pattern[i])
            i += 1
    return re.compile(out + r"\Z")


def assembly_layout(descriptor):
    """The layout the assembly descriptor makes of the source tree (the module is the descriptor's
    grandparent directory: distribution/src/assembly/package.xml)."""
    module = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(descriptor))))
    root = ElementTree.parse(descriptor).getroot()
    namespace = re.match(r"\{[^}]*\}", root.tag)
    ns = namespace.group(0) if namespace else ""
    paths = set()
    for file_set in root.iter(f"{ns}fileSet"):
        directory = file_set.findtext(f"{ns}directory").replace("${project.basedir}", module)
        output = file_set.findtext(f"{ns}outputDirectory", ".").strip("/")
        output = "" if output == "." else output + "/"
        includes = [glob_regex(e.text) for e in file_set.iter(f"{ns}include")]
        matched = 0
        for current, dirs, files in os.walk(directory):
            dirs[:] = [d for d in dirs if d not in {"target", ".git", ".venv", "node_modules"}]
            for name in files:
                relative = os.path.relpath(os.path.join(current, name), directory).replace(os.sep, "/")
                if not includes or any(p.match(relative) for p in includes):
                    paths.add(output + relative)
                    matched += 1
        if matched == 0:
            raise ValueError(f"{descriptor}: the file set of {directory} matches no file")
    if any(True for _ in root.iter(f"{ns}dependencySet")):
        paths.add("lib/benchmark-framework.jar")  # stands for lib/*.jar, whose names Maven decides
    return with_parents(paths)


def with_parents(paths):
    everything = set(paths)
    for path in paths:
        parts = path.split("/")
        for n in range(1, len(parts)):
            everything.add("/".join(parts[:n]))
    return everything


def check(dockerfile, context, provided, layout, stage_name, package_root):
    problems, stages, checked, copied = [], set(), 0, set()
    root = package_root.rstrip("/") + "/"
    for line, keyword, arguments in instructions(dockerfile):
        if keyword == "FROM":
            match = re.search(r"\s+AS\s+(\S+)\s*$", arguments, re.IGNORECASE)
            if match:
                stages.add(match.group(1))
            continue
        if keyword not in {"COPY", "ADD"}:
            continue
        options, sources, _ = copy_parts(arguments)
        origin = options.get("from")
        for source in sources:
            if origin == stage_name:
                checked += 1
                if not (source + "/").startswith(root) or source.rstrip("/") == root.rstrip("/"):
                    problems.append(f"line {line}: {source} is not a path below the package root {root}")
                elif source[len(root):].strip("/") not in layout:
                    problems.append(f"line {line}: {source} is not in the package's layout "
                                    f"({source[len(root):].strip('/')} missing)")
                else:
                    copied.add(source[len(root):].strip("/").split("/")[0])
            elif origin is None:
                checked += 1
                if source not in provided and not os.path.isfile(os.path.join(context, source)):
                    problems.append(f"line {line}: {source} is not a file of the build context {context}")
    left_out = sorted({path for path in layout if "/" not in path} - copied)
    if left_out and copied:
        problems.append(f"the image leaves out part of the package: {', '.join(left_out)} (copy it from the "
                        f"{stage_name} stage)")
    if stage_name not in stages:
        problems.append(f"no stage named {stage_name} (FROM … AS {stage_name}) unpacks the package")
    if checked == 0:
        problems.append("no COPY to check")
    return checked, problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dockerfile")
    parser.add_argument("--context", required=True)
    parser.add_argument("--provided", action="append", default=[])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--package")
    source.add_argument("--assembly")
    parser.add_argument("--package-stage", default="package")
    parser.add_argument("--package-root", default="/opt/benchmark")
    args = parser.parse_args()
    layout = package_layout(args.package) if args.package else assembly_layout(args.assembly)
    checked, problems = check(args.dockerfile, args.context, set(args.provided), layout,
                              args.package_stage, args.package_root)
    origin = args.package or f"the layout {args.assembly} makes of the source tree"
    for problem in problems:
        print(f"{args.dockerfile}: {problem}")
    if problems:
        return 1
    print(f"{args.dockerfile}: all {checked} COPY sources exist (package layout: {origin}, "
          f"{len(layout)} paths; context: {args.context})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
