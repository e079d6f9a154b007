#!/usr/bin/env python3
"""Validates every scene under scenes/ against docs/scene.schema.json (format
version 1) or docs/scene-v2.schema.json (version 2), and the complete examples
of docs/scene-format.md; checks the v2 schema is the one its script generates."""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
validators = {}
for version, name in ((1, "scene.schema.json"), (2, "scene-v2.schema.json")):
    schema = json.loads((root / "docs" / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validators[version] = jsonschema.Draft202012Validator(schema)
scenes = sorted((root / "scenes").rglob("*.json"))
failed = 0
for path in scenes:
    scene = json.loads(path.read_text())
    validator = validators.get(scene.get("refrast_scene"), validators[1])
    errors = sorted(validator.iter_errors(scene), key=lambda e: list(e.path))
    for e in errors:
        failed += 1
        pointer = "/" + "/".join(str(p) for p in e.path)
        print(f"{path.relative_to(root)}: {pointer}: {e.message}")
# The complete examples of docs/scene-format.md (version 1, then version 2) must be valid scenes too.
doc = (root / "docs" / "scene-format.md").read_text()
v2_part = doc.split("# Scene format, version 2", 1)[1]
for version, text in ((1, doc), (2, v2_part)):
    example = text.split("```json", 1)[1].split("```", 1)[0]
    for e in validators[version].iter_errors(json.loads(example)):
        failed += 1
        print(f"docs/scene-format.md version {version} example: /{'/'.join(str(p) for p in e.path)}: {e.message}")
# docs/scene-v2.schema.json is generated: it must match its generator's output.
import subprocess
generated = (root / "docs" / "scene-v2.schema.json").read_text()
subprocess.run([sys.executable, str(root / "scripts" / "gen-scene-v2-schema")], check=True, capture_output=True)
if (root / "docs" / "scene-v2.schema.json").read_text() != generated:
    failed += 1
    print("docs/scene-v2.schema.json is not what scripts/gen-scene-v2-schema writes: run the script and commit")
print(f"{len(scenes)} scenes and the docs examples checked, {failed} schema errors")
sys.exit(1 if failed or not scenes else 0)
