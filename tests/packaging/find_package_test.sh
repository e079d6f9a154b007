#!/bin/sh
# Installs the build into a temporary prefix and proves the public API stands
# alone: only the standalone headers are installed (no raster/ or formats/
# internals), each installed header compiles by itself with the prefix's
# include directory as the only one (no Eigen), and a small program found
# through find_package(refrast) renders a bundled capture, compares it with
# itself and reads its ambiguity map.
# Usage: find_package_test.sh BUILD_DIR SOURCE_DIR
set -eu
build="$1"
source="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
inc="$work/prefix/include"
headers="$(cd "$inc" && find . -type f | sort | tr '\n' ' ')"
expected="./refrast/ambiguity.h ./refrast/diff.h ./refrast/error.h ./refrast/image.h ./refrast/refrast.h ./refrast/render_view.h "
[ "$headers" = "$expected" ] || { echo "FAIL: installed headers: $headers"; exit 1; }
for h in $headers; do
  printf '#include "%s"\n' "${h#./}" > "$work/alone.cpp"
  # Eigen lives in /usr/include/eigen3, outside the default search path.
  c++ -std=c++20 -I "$inc" -fsyntax-only "$work/alone.cpp" 2>"$work/alone.err" ||
    { echo "FAIL: $h does not compile alone:"; cat "$work/alone.err"; exit 1; }
done
mkdir -p "$work/user"
cat > "$work/user/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(refrast_user CXX)
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
find_package(refrast 0.1 REQUIRED)
add_executable(user user.cpp)
target_link_libraries(user PRIVATE refrast::refrast)
CMAKE
cat > "$work/user/user.cpp" <<'CPP'
#include "refrast/refrast.h"
#include <cstdio>
int main(int argc, char** argv) {
    const refrast::LoadedScene scene = refrast::LoadedScene::fromFile(argv[1]);
    refrast::RenderRequest request;
    request.ambiguity = true;
    const refrast::RenderedFrame frame = refrast::renderFrame(scene, request);
    const refrast::DiffResult r = refrast::compareImages(frame.image, refrast::renderSceneFile(argv[1]), {});
    int knife = 0;
    for (uint8_t v : frame.ambiguous) knife += (v & refrast::kKnifeCoverage) != 0;
    std::printf("%dx%d %d draws, \"%s\" %s, %d knife-edge\n", scene.width(), scene.height(), scene.drawCount(),
                scene.drawName(1).c_str(), r.pass ? "pass" : "fail", knife);
    return argc == 2 && r.pass ? 0 : 1;
}
CPP
cmake -S "$work/user" -B "$work/user/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
cmake --build "$work/user/build" >/dev/null
# The consumer's compile line names the prefix's include directory and nothing of Eigen's.
if grep -q -i eigen "$work/user/build/compile_commands.json"; then
  echo "FAIL: the consumer's compile line names Eigen:"; cat "$work/user/build/compile_commands.json"; exit 1
fi
# ambiguous_noise: 134 knife-edge pixels (docs/ambiguity.md).
out="$("$work/user/build/user" "$source/tests/suite/captures/ambiguous_noise.json")"
[ "$out" = '32x16 3 draws, "crate" pass, 134 knife-edge' ] || { echo "FAIL: the installed library printed: $out"; exit 1; }
[ -f "$work/prefix/share/man/man1/refrast.1" ] || { echo "FAIL: no man page installed"; exit 1; }
echo "find_package(refrast): built and ran a program against the installed refrast (standalone headers only)"
