#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The reports refrast writes validate against their JSON Schemas
# (docs/diff-report.schema.json, docs/suite-report.schema.json): a diff with a
# region, a check with draw attribution, and a suite run of the bundled
# captures with readbacks that pass, fail (a draw left out) and are missing.
# Usage: report_schema_test.py REFRAST_BINARY SOURCE_DIR
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import jsonschema


def run(refrast, *args):
    return subprocess.run([refrast] + list(args), capture_output=True, text=True)


def validate(schema_path, report_path):
    schema = json.loads(pathlib.Path(schema_path).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(json.loads(pathlib.Path(report_path).read_text())))
    for e in errors:
        print("%s: /%s: %s" % (report_path, "/".join(str(p) for p in e.path), e.message))
    return len(errors)


def main():
    refrast, root = sys.argv[1], pathlib.Path(sys.argv[2])
    captures = root / "tests" / "suite" / "captures"
    failed = 0
    with tempfile.TemporaryDirectory(prefix="refrast-schema-") as work:
        w = pathlib.Path(work)
        readbacks = w / "readbacks"
        readbacks.mkdir()
        for name in ("exact", "bgra_swap", "flipped", "noise_under_gate"):  # identical: passes
            run(refrast, "render", str(captures / (name + ".json")), "-o", str(readbacks / (name + ".png")))
        # wrong_blend's readback without its last draw: a failure with draws.
        run(refrast, "render", str(captures / "wrong_blend.json"), "--until-draw", "1", "-o", str(readbacks / "wrong_blend.png"))
        r = run(refrast, "diff", str(readbacks / "exact.png"), str(readbacks / "wrong_blend.png"),
                "--region", "glass=20,2,28,10", "--json", str(w / "diff.json"))
        failed += r.returncode != 1
        failed += validate(root / "docs" / "diff-report.schema.json", w / "diff.json")
        r = run(refrast, "check", str(captures / "wrong_blend.json"), "--against", str(readbacks / "wrong_blend.png"),
                "--json", str(w / "check.json"))
        failed += r.returncode != 1
        failed += validate(root / "docs" / "diff-report.schema.json", w / "check.json")
        r = run(refrast, "check", str(captures), "--against", str(readbacks), "--json", str(w / "suite.json"),
                "--report", str(w / "report"))
        failed += r.returncode != 2  # the missing readbacks are errors
        failed += validate(root / "docs" / "suite-report.schema.json", w / "suite.json")
        failed += validate(root / "docs" / "suite-report.schema.json", w / "report" / "report.json")
    print("report schemas: %d problems" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
