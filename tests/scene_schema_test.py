#!/usr/bin/env python3
"""Validates every scene under scenes/ and tests/suite/captures/ against docs/scene.schema.json."""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
schema = json.loads((root / "docs" / "scene.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
# The corpus, and the readback suite's captures (tests/suite/captures).
scenes = sorted((root / "scenes").rglob("*.json")) + sorted((root / "tests" / "suite" / "captures").rglob("*.json"))
failed = 0
for path in scenes:
    errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.path))
    for e in errors:
        failed += 1
        pointer = "/" + "/".join(str(p) for p in e.path)
        print(f"{path.relative_to(root)}: {pointer}: {e.message}")
# The complete example of docs/scene-format.md must be a valid scene too.
doc = (root / "docs" / "scene-format.md").read_text()
example = doc.split("```json", 1)[1].split("```", 1)[0]
for e in validator.iter_errors(json.loads(example)):
    failed += 1
    print(f"docs/scene-format.md example: /{'/'.join(str(p) for p in e.path)}: {e.message}")
print(f"{len(scenes)} scenes and the docs example checked, {failed} schema errors")
sys.exit(1 if failed or not scenes else 0)
