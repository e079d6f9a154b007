#!/usr/bin/env python3
"""The lane kernels compiled with -msse4.1/-mavx2/-mavx512f -mavx512dq must define no
weak (inline, template) symbol outside their level's namespace.

A kernel unit includes ordinary headers; an inline function of such a header
that the compiler emits out of line becomes a weak symbol there, compiled
with AVX instructions, and the linker may keep that copy for the whole
program, which then crashes on a CPU without AVX. The level namespaces
(raster/lanes/lanes.h) keep the kernels' own code apart; this test keeps
everything else out of the objects.

usage: check_kernel_symbols.py BUILD_DIR KERNEL...  (KERNEL like raster/pixel/shade_span)
"""
import pathlib
import re
import subprocess
import sys

LEVELS = {"sse": "lanes_sse", "avx2": "lanes_avx2", "avx512": "lanes_avx512"}
# The personality routine's data reference: one word, no code.
HARMLESS = {"DW.ref.__gxx_personality_v0"}
WEAK_TYPES = set("WwVvu")


def main() -> int:
    build = pathlib.Path(sys.argv[1])
    kernels = sys.argv[2:]
    bad, checked = [], 0
    for kernel in kernels:
        for level, namespace in LEVELS.items():
            name = f"{kernel}_{level}.cpp.o"
            found = list(build.glob(f"CMakeFiles/*.dir/{name}"))
            if not found:
                print(f"check_kernel_symbols: no object {name} under {build}/CMakeFiles", file=sys.stderr)
                return 2
            for obj in found:
                checked += 1
                out = subprocess.run(["nm", "-C", "--defined-only", str(obj)], check=True,
                                     capture_output=True, text=True).stdout
                for line in out.splitlines():
                    parts = line.split(maxsplit=2)
                    if len(parts) < 3 or parts[1] not in WEAK_TYPES:
                        continue
                    symbol = parts[2]
                    if symbol in HARMLESS or re.search(rf"\brefrast::{namespace}::", symbol):
                        continue
                    bad.append(f"{obj.name}: {symbol}")
    for b in bad:
        print(f"check_kernel_symbols: weak symbol outside the level namespace: {b}", file=sys.stderr)
    print(f"check_kernel_symbols: {checked} kernel objects, {len(bad)} stray weak symbols")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
