#!/usr/bin/env python3
"""Keeps the README's console examples true.

Every ```console block of README.md is run as a shell session: each `$ CMD`
line (with `\\` continuations) runs in bash, `refrast` being the built
program, in a scratch folder that sees the checkout's scenes/, golden/,
tests/, docs/ and ../shared like the repository root does, plus the example
inputs of tests/readme/inputs/ (the README's `scene.json`, `capture_*.json`).
The lines after a command, up to the next `$`, are what it must print
(stdout and stderr together). Numbers that are timings ("33 ms", "0.07 s",
"median_ms=198.99", "(vertex 4.02, ...") are compared as numbers of any
value; an expected line `...` matches any remaining output, and one that
ends in ` ...` matches any line that starts with the rest.

usage: check_readme_tour.py REPO_ROOT BUILD_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMING_LINE = re.compile(r"median_ms=|timings:")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
MS = re.compile(r"\b\d+ ms\b")
SECONDS = re.compile(r"\(\d+\.\d+ s\)")


def console_blocks(readme):
    blocks, current = [], None
    for lineno, line in enumerate(readme.splitlines(), 1):
        if current is None:
            if line.strip() == "```console":
                current = []
        elif line.strip() == "```":
            blocks.append(current)
            current = None
        else:
            current.append((lineno, line))
    return blocks


def sessions(block):
    """Splits a block into (lineno, command, expected lines)."""
    out, i = [], 0
    while i < len(block):
        lineno, line = block[i]
        if not line.startswith("$ "):
            raise SystemExit(f"README.md:{lineno}: console line outside a command: {line!r}")
        cmd = line[2:]
        while cmd.endswith("\\") and i + 1 < len(block):
            i += 1
            cmd = cmd[:-1] + " " + block[i][1].strip()
        expected = []
        while i + 1 < len(block) and not block[i + 1][1].startswith("$ "):
            i += 1
            expected.append(block[i][1])
        out.append((lineno, cmd, expected))
        i += 1
    return out


def normalise(line):
    line = line.rstrip()
    if TIMING_LINE.search(line):
        return NUMBER.sub("N", line)
    return SECONDS.sub("(N s)", MS.sub("N ms", line))


def matches(expected, actual):
    actual = [normalise(a) for a in actual]
    for k, e in enumerate(expected):
        if e.strip() == "...":
            return True
        if k >= len(actual):
            return False
        if e.endswith(" ..."):  # a line the README cuts short
            if not actual[k].startswith(normalise(e[:-4])):
                return False
        elif normalise(e) != actual[k]:
            return False
    return len(actual) == len(expected)


def main():
    root, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        blocks = console_blocks(f.read())
    scratch = tempfile.mkdtemp(prefix="refrast-readme-")
    failures = 0
    try:
        work = os.path.join(scratch, "repo")
        os.mkdir(work)
        for name in ("scenes", "golden", "tests", "docs"):
            os.symlink(os.path.join(root, name), os.path.join(work, name))
        shared = os.path.join(os.path.dirname(root), "shared")
        if os.path.isdir(shared):
            os.symlink(shared, os.path.join(scratch, "shared"))
        inputs = os.path.join(root, "tests", "readme", "inputs")
        for name in os.listdir(inputs):
            shutil.copy(os.path.join(inputs, name), work)
        prelude = f'refrast() {{ "{build}/refrast" "$@"; }}\n'
        count = 0
        for b, block in enumerate(blocks):
            # One shell per block, so `echo $?` sees the command before it;
            # each command's stdout and stderr are kept apart, then joined.
            steps = []
            for step in sessions(block):
                if "../shared/" in step[1] and not os.path.isdir(shared):
                    print(f"README.md:{step[0]}: skipped, no ../shared beside the checkout: {step[1]}")
                else:
                    steps.append(step)
            script = prelude + "".join(
                f'{{\n{cmd}\n}} >"{scratch}/out{b}.{i}" 2>"{scratch}/err{b}.{i}"\n'
                for i, (_, cmd, _) in enumerate(steps))
            subprocess.run(["bash", "-c", script], cwd=work)
            for i, (lineno, cmd, expected) in enumerate(steps):
                actual = []
                for stream in ("out", "err"):
                    with open(f"{scratch}/{stream}{b}.{i}", encoding="utf-8", errors="replace") as f:
                        actual += f.read().splitlines()
                count += 1
                if not matches(expected, actual):
                    failures += 1
                    print(f"README.md:{lineno}: {cmd}\n  expected:\n    " + "\n    ".join(expected)
                          + "\n  got:\n    " + "\n    ".join(actual))
        print(f"README tour: {count} commands, {failures} differ")
    finally:
        shutil.rmtree(scratch)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
