#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Loads the golden HTML report in headless Chromium (Debian's `chromium`,
# provisioned by scripts/setup) and checks that every scene's three images
# (golden, render, diff) load, plus the two layers of each failure's wipe
# view, and that moving the wipe slider moves the clip of B's overlay. The report is built by `refrast golden merge`
# from a synthetic shard report, so no rasterizer is involved.
# Usage: html_report_chromium_test.py REFRAST_BINARY
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--virtual-time-budget=10000"]


def write_png(path, width, height, rgba):
    rows = b"".join(b"\0" + bytes(rgba) * width for _ in range(height))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def scene(name, status):
    images = {kind: "images/%s.%s.png" % (name, kind) for kind in ("golden", "render", "diff")}
    return {"name": name, "scene": "scenes/%s.json" % name, "golden": "golden/%s.png" % name, "status": status,
            "message": None if status == "pass" else "over the gate", "time_ms": 1.0,
            "gate": {"tolerance": 0, "position_deviation": 0, "max_fraction": None, "max_pixels": None, "reason": None},
            "diff": None, "images": images}


def make_shard_report(directory):
    scenes = [scene("blend/one", "fail"), scene("two", "pass")]
    for s in scenes:
        for path in s["images"].values():
            write_png(os.path.join(directory, path), 8, 4, (200, 40, 40, 255))
    report = {"schema": "refrast-golden-report/1", "shards": ["0/1"],
              "summary": {"scenes": 2, "passed": 1, "failed": 1, "errors": 0}, "scenes": scenes}
    with open(os.path.join(directory, "report.json"), "w") as f:
        json.dump(report, f)
    failures = sum(1 for s in scenes if s["status"] == "fail")
    return 3 * len(scenes) + 2 * failures  # a failure's wipe view shows A and B once more


def main():
    refrast = sys.argv[1]
    chromium = shutil.which("chromium")
    if not chromium:
        print("FAIL: chromium not found (scripts/setup installs Debian's chromium package)")
        return 1
    work = tempfile.mkdtemp(prefix="refrast-html-report-")
    try:
        expected = make_shard_report(os.path.join(work, "shard"))
        merge = subprocess.run([refrast, "golden", "merge", os.path.join(work, "shard"), "-o", os.path.join(work, "out")],
                               capture_output=True, text=True)
        if merge.returncode != 1:  # one scene failed in the synthetic report
            print("FAIL: golden merge exited %d: %s" % (merge.returncode, merge.stderr))
            return 1
        # #selftest unticks "passed" in the toolbar: only the failing scene stays shown.
        page = "file://" + os.path.join(work, "out", "index.html") + "#selftest"
        dom = subprocess.run([chromium] + CHROMIUM_FLAGS + ["--user-data-dir=" + os.path.join(work, "profile"),
                             "--dump-dom", page], capture_output=True, text=True, timeout=120).stdout
        loaded = re.search(r'data-images-loaded="(\d+)"', dom)
        total = re.search(r'data-images-total="(\d+)"', dom)
        if not loaded or not total:
            print("FAIL: the page did not record its images (no data-images-* on <body>)")
            return 1
        if int(total.group(1)) != expected or int(loaded.group(1)) != expected:
            print("FAIL: %s of %s images loaded, expected %d" % (loaded.group(1), total.group(1), expected))
            return 1
        shown = re.search(r'data-shown="(\d+)"', dom)
        if not shown or shown.group(1) != "1":
            print("FAIL: the status filter left %s scenes shown, expected 1" % (shown.group(1) if shown else "no count of"))
            return 1
        if dom.count('<details class="pass') != 1 or dom.count('<button class="blink">') != 1:
            print("FAIL: expected the passing scene collapsed and one blink button for the failure")
            return 1
        if dom.count('<input type="range" class="wipe"') != 1 or dom.count('class="wipe-b"') != 1:
            print("FAIL: expected one wipe slider and one B overlay for the failure")
            return 1
        # #selftest moves the slider from 50 to 25 through its input event.
        before = re.search(r'data-wipe-before="([^"]*)"', dom)
        after = re.search(r'data-wipe-after="([^"]*)"', dom)
        if not before or not after or "50%" not in before.group(1) or "25%" not in after.group(1):
            print("FAIL: moving the wipe slider did not move the overlay's clip (before %r, after %r)"
                  % (before.group(1) if before else None, after.group(1) if after else None))
            return 1
        print("html report: %d of %d images loaded in headless chromium; the filter, collapsed passes and wipe slider work"
              % (expected, expected))
        print("1 passed, 0 failed")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
