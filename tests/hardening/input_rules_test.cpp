// SPDX-License-Identifier: MIT
// Input rules and budgets of the scene loader (issue 14): strict JSON
// (duplicate keys, number overflow, nesting), files a scene names, memory and
// texture-count limits.
#include "formats/json_reader.h"
#include "formats/resource_budget.h"
#include "refrast/error.h"
#include "refrast/render.h"
#include "tests/support/cli.h"

#include "tests/hardening/error_of.h"

#include <doctest/doctest.h>

#include <sys/stat.h>

using namespace refrast;
using namespace refrast::test;

namespace {

nlohmann::json parseText(const std::string& text) {
    return json::parseDocument(std::vector<uint8_t>(text.begin(), text.end()), "f.json");
}

// A scene with a 1x1 target, no draws, and `extra` members.
std::string sceneText(const std::string& extra) {
    return R"({"refrast_scene": 1, "target": {"width": 1, "height": 1}, "draws": [])" + extra + "}";
}

// Restores the process-wide limits a test changed.
struct LimitsGuard {
    ResourceLimits saved = resourceLimits();
    ~LimitsGuard() { resourceLimits() = saved; }
};

}  // namespace

TEST_CASE("hardening/json: 1e999 names the file, the pointer and the byte offset") {
    // The number spans bytes 10..14; the lexer stops after reading it.
    CHECK(inputErrorOf([&] { parseText(R"({"a": [1, 1e999]})"); }) == std::string("f.json: /a/1: number 1e999 is out of range for a double (byte offset 15)"));
    CHECK(inputErrorOf([&] { parseText("-1e400"); }) == std::string("f.json: /: number -1e400 is out of range for a double (byte offset 6)"));
}

TEST_CASE("hardening/json: a duplicate key is an error at its pointer") {
    CHECK(inputErrorOf([&] { parseText(R"({"target": {"width": 0}, "target": {}})"); }) == std::string("f.json: /target: duplicate key \"target\""));
    CHECK(inputErrorOf([&] { parseText(R"({"a": [{}, {"x/y": 1, "x/y": 2}]})"); }) == std::string("f.json: /a/1/x~1y: duplicate key \"x/y\""));
    CHECK(parseText(R"({"a": {"k": 1}, "b": {"k": 2}})").at("b").at("k") == 2);  // same key in two objects is fine
}

TEST_CASE("hardening/json: syntax errors keep their byte offset; deep nesting is bounded") {
    CHECK(inputErrorOf([&] { parseText("{\"a\": tru}"); }) == std::string("f.json: byte offset 10: malformed JSON: parse error at line 1, column 10: syntax error while parsing "
                                  "value - invalid literal; last read: '\"a\": tru}'"));
    CHECK(inputErrorOf([&] { parseText(std::string(300, '[')); }).find(": nested deeper than 256 levels") != std::string::npos);
    CHECK(parseText(std::string(200, '[') + std::string(200, ']')).is_array());
}

TEST_CASE("hardening/scene: a buffer uri that is a FIFO, a directory, absolute or escaping is an error naming the pointer") {
    TempDir dir;
    REQUIRE(::mkfifo(dir.file("pipe").c_str(), 0600) == 0);
    std::filesystem::create_directory(dir.path / "sub");
    const auto load = [&](const std::string& uri) {
        const std::string path =
            dir.write("scene.json", sceneText(R"(, "buffers": [{"uri": ")" + uri + R"(", "byte_length": 4}])"));
        return loadScene(path);
    };
    const std::string s = dir.file("scene.json");
    CHECK(inputErrorOf([&] { load("pipe"); }) == std::string(s + ": /buffers/0/uri: buffer \"" + dir.file("pipe") + "\" is a FIFO, expected a regular file"));
    CHECK(inputErrorOf([&] { load("sub"); }) == std::string(s + ": /buffers/0/uri: buffer \"" + dir.file("sub") + "\" is a directory, expected a regular file"));
    CHECK(inputErrorOf([&] { load("/dev/zero"); }) == std::string(s + ": /buffers/0/uri: buffer \"/dev/zero\" is a character device, expected a regular file"));
    dir.write("../refrast-outside.bin", "abcd");
    CHECK(inputErrorOf([&] { load("../refrast-outside.bin"); }) == std::string(s + ": /buffers/0/uri: buffer \"../refrast-outside.bin\" is outside the scene's folder "
                             "(--allow-outside-files permits it)"));
    const std::string absolute = (dir.path.parent_path() / "refrast-outside.bin").string();
    CHECK(inputErrorOf([&] { load(absolute); }) == std::string(s + ": /buffers/0/uri: buffer \"" + absolute + "\" is outside the scene's folder "
                             "(--allow-outside-files permits it)"));
    // A symbolic link inside the folder that points out of it is outside too.
    std::filesystem::create_symlink(absolute, dir.path / "link.bin");
    CHECK(inputErrorOf([&] { load("link.bin"); }).find("\"link.bin\" is outside the scene's folder") != std::string::npos);
    {
        LimitsGuard guard;
        resourceLimits().allowOutsideFiles = true;
        CHECK(load(absolute).draws.empty());
        CHECK(load("link.bin").draws.empty());
    }
    std::filesystem::remove(absolute);
    dir.write("in.bin", "abcd");
    CHECK(load("in.bin").draws.empty());
}

TEST_CASE("hardening/scene: a 16384x16384 target is over the default memory budget before anything is allocated") {
    TempDir dir;
    const std::string path = dir.write(
        "big.json", R"({"refrast_scene": 1, "target": {"width": 16384, "height": 16384}, "draws": []})");
    // 16384 * 16384 * 24 bytes per pixel = 6144 MiB.
    CHECK(inputErrorOf([&] { loadScene(path); }) == std::string(path + ": /target: a 16384x16384 render target needs 6144 MiB, over the memory budget of 2048 MiB "
                                "(--max-memory raises it)"));
}

TEST_CASE("hardening/scene: generated textures and the sampler's decoded levels are charged before they are made") {
    LimitsGuard guard;
    TempDir dir;
    std::string textures;
    for (int i = 0; i < 3; ++i)
        textures += std::string(i ? ", " : "") + R"({"name": "t)" + std::to_string(i) +
                    R"(", "source": "generated", "generate": {"kind": "solid", "width": 2048, "height": 2048, "color": 0}})";
    const std::string path = dir.write("tex.json", sceneText(R"(, "textures": [)" + textures + "]"));
    // Each: 2048^2 * 4 * 4/3 + 64 = 22369685 bytes (21.3 MiB -> 22) generated,
    // and its one level's 2049 * 2048 records * 16 = 67141632 bytes (64.03
    // MiB -> 65) decoded for the sampler; the target 24 bytes. Two loaded:
    // 2 * 89511317 + 24 = 179022658 bytes (170.7 MiB -> 171).
    // At 192 MiB (201326592): the third's generated levels make 201392343, over.
    resourceLimits().maxMemory = uint64_t(192) << 20;
    CHECK(inputErrorOf([&] { loadScene(path); }) == std::string(path + ": /textures/2/generate: a generated 2048x2048 texture needs 22 MiB on top of 171 MiB already "
                                "loaded, over the memory budget of 192 MiB (--max-memory raises it)"));
    // At 256 MiB (268435456): 201392343 (192.06 MiB -> 193) + 67141632 = 268533975, over.
    resourceLimits().maxMemory = uint64_t(256) << 20;
    CHECK(inputErrorOf([&] { loadScene(path); }) == std::string(path + ": /textures/2: the sampler's decoded levels of \"t2\" needs 65 MiB on top of 193 MiB "
                                "already loaded, over the memory budget of 256 MiB (--max-memory raises it)"));
    resourceLimits().maxMemory = uint64_t(257) << 20;
    CHECK(loadScene(path).textures.size() == 3);
}

TEST_CASE("hardening/scene: the texture count is limited") {
    LimitsGuard guard;
    resourceLimits().maxTextures = 2;
    TempDir dir;
    const std::string t = R"({"name": "N", "source": "generated", "generate": {"kind": "perf_ramp"}})";
    std::string list;
    for (int i = 0; i < 3; ++i) {
        std::string e = t;
        e.replace(e.find('N'), 1, "t" + std::to_string(i));
        list += (i ? ", " : "") + e;
    }
    const std::string path = dir.write("n.json", sceneText(R"(, "textures": [)" + list + "]"));
    CHECK(inputErrorOf([&] { loadScene(path); }) == std::string(path + ": /textures: 3 textures exceed the texture limit of 2 (--max-textures raises it)"));
}

TEST_CASE("hardening/budget: byte sizes and checked arithmetic") {
    CHECK(parseByteSize("4096") == 4096u);
    CHECK(parseByteSize("512M") == uint64_t(512) << 20);
    CHECK(parseByteSize("4g") == uint64_t(4) << 30);
    CHECK(!parseByteSize("4X"));
    CHECK(!parseByteSize("G"));
    CHECK(!parseByteSize("99999999999T"));  // overflows 64 bits
    CHECK(checkedMul(uint64_t(4611686018427387905ull), 4) == std::nullopt);
    CHECK(checkedMul(3, 5) == 15u);
    CHECK(checkedAdd(UINT64_MAX, 1) == std::nullopt);
}
