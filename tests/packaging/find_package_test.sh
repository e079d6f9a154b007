#!/bin/sh
# Installs the build into a temporary prefix, then configures and builds a
# small program that finds refrast with find_package(refrast), renders a
# bundled capture and compares it with itself.
# Usage: find_package_test.sh BUILD_DIR SOURCE_DIR
set -eu
build="$1"
source="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
mkdir -p "$work/user"
cat > "$work/user/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(refrast_user CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(refrast 0.1 REQUIRED)
add_executable(user user.cpp)
target_link_libraries(user PRIVATE refrast::app)
CMAKE
cat > "$work/user/user.cpp" <<'CPP'
#include "refrast/diff.h"
#include "refrast/render.h"
#include <cstdio>
int main(int argc, char** argv) {
    const refrast::Image image = refrast::render(refrast::loadScene(argv[1]));
    const refrast::DiffResult r = refrast::compareImages(image, image, {});
    std::printf("%dx%d %s\n", image.width, image.height, r.pass ? "pass" : "fail");
    return argc == 2 && r.pass ? 0 : 1;
}
CPP
cmake -S "$work/user" -B "$work/user/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/user/build" >/dev/null
out="$("$work/user/build/user" "$source/tests/suite/captures/exact.json")"
[ "$out" = "32x16 pass" ] || { echo "FAIL: the installed library printed: $out"; exit 1; }
[ -f "$work/prefix/share/man/man1/refrast.1" ] || { echo "FAIL: no man page installed"; exit 1; }
echo "find_package(refrast): built and ran a program against the installed refrast"
