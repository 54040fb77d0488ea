"""Keeps docs/README.md's map of the tree true: every folder of the top level
and of reference_compiler/ has a row, every row names a folder that exists,
and every C++ include between folders reaches only a folder that the
including folder's row lets it use ("may use").

    python3 tests/docs/tree_map_test.py [--root DIR]

Exits 1 and lists every discrepancy when the map and the tree disagree."""

import argparse
import os
import re
import subprocess
import sys

ROW = re.compile(r"^\| `([^`]+/)` \| [^|]+ \| ([^|]+) \|$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def read_map(root):
    """{folder: set of folders it may use, or None for everything}, in the order of the rows."""
    text = open(os.path.join(root, "docs", "README.md"), encoding="utf-8").read()
    section = text.split("## The tree", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = ROW.match(line.strip())
        if m:
            rows[m.group(1).rstrip("/")] = [u.strip() for u in m.group(2).split(",")]
    uses = {}
    for folder, names in rows.items():
        if names == ["everything"]:
            uses[folder] = None
            continue
        allowed = set()
        for name in names:
            if name == "—":
                continue
            if name == "reference_compiler":
                allowed |= {f for f in rows if f.startswith("reference_compiler/")}
                continue
            matches = [f for f in rows if f.split("/")[-1] == name]
            if len(matches) != 1:
                raise SystemExit("docs/README.md: the row of %s/ names %r, which is no single folder of the map"
                                 % (folder, name))
            allowed.add(matches[0])
        uses[folder] = allowed
    return uses


def tracked_files(root):
    """The repository's files (git's list; every file below root without git)."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True, check=True).stdout
        return [line for line in out.splitlines() if line]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for here, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if not d.startswith((".", "build"))]
            files += [os.path.relpath(os.path.join(here, n), root) for n in names]
        return files


def owner(path, folders):
    """The longest folder of the map that holds path, or None."""
    best = None
    for f in folders:
        if path.startswith(f + "/") and (best is None or len(f) > len(best)):
            best = f
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    root = os.path.abspath(parser.parse_args().root)
    uses = read_map(root)
    files = tracked_files(root)
    problems = []

    folders = {p.split("/")[0] for p in files if "/" in p and not p.startswith(".")}
    folders |= {"/".join(p.split("/")[:2]) for p in files if p.startswith("reference_compiler/") and p.count("/") >= 2}
    # A folder is on the map with a row of its own or rows for its folders.
    mapped = set(uses) | {f.split("/")[0] for f in uses}
    for f in sorted(folders - mapped):
        problems.append("%s/ is not in docs/README.md's map of the tree" % f)
    for f in sorted(set(uses) - folders):
        problems.append("docs/README.md's map names %s/, which the tree does not have" % f)

    checked = 0
    for path in files:
        if not path.endswith((".cpp", ".h")):
            continue
        source = owner(path, uses)
        if source is None or uses[source] is None:
            continue
        for target_path in INCLUDE.findall(open(os.path.join(root, path), encoding="utf-8", errors="replace").read()):
            target = owner(target_path, uses)
            if target is None or target == source:
                continue
            checked += 1
            if target not in uses[source]:
                problems.append("%s includes %s: %s/ may not use %s/ (docs/README.md)" % (path, target_path, source, target))

    for p in problems:
        print(p)
    print("tree map: %d folders, %d includes between folders checked, %d problem(s)" % (len(uses), checked, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
