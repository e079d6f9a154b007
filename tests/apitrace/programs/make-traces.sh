#!/bin/bash
# Regenerates the committed fixtures of tests/apitrace/traces/ from the
# programs here (d3d9_*.cpp against d3d9, d3d7_*.cpp against ddraw): builds
# each with Debian's MinGW-w64 (posix thread model), runs it under Debian's
# wine64 with apitrace's wrapper DLL (the shared
# tools' trace-under-wine.sh) and keeps the trace and the frame the program
# read back (raw B,G,R,X rows). CI only reads the committed files.
#   apt-get install -y --no-install-recommends wine wine64 xvfb xauth \
#       g++-mingw-w64-x86-64-posix mingw-w64-x86-64-dev
#   tests/apitrace/programs/make-traces.sh [TOOLS_DIR [NAME...]]
# TOOLS_DIR defaults to ../shared/tools/apitrace; NAMEs (d3d9_rtt, ...) pick
# programs, else every one is rebuilt and retraced.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
tools=${1:-$repo/../shared/tools/apitrace}
shift || true
sources=()
if [ $# -gt 0 ]; then
    for name in "$@"; do sources+=("$here/$name.cpp"); done
else
    sources=("$here"/d3d9_*.cpp "$here"/d3d7_*.cpp)
fi
out=$repo/tests/apitrace/traces
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
export WINEPREFIX=${WINEPREFIX:-$work/prefix}
for src in "${sources[@]}"; do
    name=$(basename "${src%.cpp}")
    case $name in
        d3d9_*) libs="-ld3d9" ;;
        *) libs="-lddraw -ldxguid" ;;
    esac
    x86_64-w64-mingw32-g++-posix -O1 -static "$src" -o "$work/$name.exe" $libs
    (cd "$work" && "$tools/trace-under-wine.sh" "$work/$name.exe" "$name.bgrx")
    cp "$work/$name.trace" "$out/$name.trace"
    cp "$work/$name.bgrx" "$out/$name.wine.bgrx"
done
ls -l "$out"
