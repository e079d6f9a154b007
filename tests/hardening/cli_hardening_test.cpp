// SPDX-License-Identifier: MIT
// The bad-input battery's command-line rows (issue 14): each is one line,
// exit status 2, and no output file survives.
#include "formats/output_file.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace refrast;
using namespace refrast::test;
namespace fs = std::filesystem;

namespace {

std::string q(const std::string& s) { return "'" + s + "'"; }

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A valid 2x2 PNG written by refrast itself.
std::string writeSmallPng(const TempDir& dir, const std::string& name) {
    const std::string scene = dir.write(name + ".json", R"({"refrast_scene": 1, "target": {"width": 2, "height": 2,
        "clear": {"color": "0xFF102030"}}, "draws": []})");
    REQUIRE(runRefrast("render " + q(scene) + " -o " + q(dir.file(name))).status == 0);
    return dir.file(name);
}

}  // namespace

TEST_CASE("hardening/cli: a raw stride whose product with the height wraps 64 bits is a usage error, not a SIGSEGV") {
    TempDir dir;
    const std::string raw = dir.write("x.raw", "abcd");
    const CliResult r = runRefrast("diff " + q(raw) + " " + q(raw) +
                                   " --raw-size 1x4 --raw-format bgra8 --raw-stride 4611686018427387905");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: usage: --raw-stride 4611686018427387905 times height 4 overflows 64 bits\n");
}

TEST_CASE("hardening/cli: a hostile .pfx emitter stops at the particle limit") {
    TempDir dir;
    const std::string pfx = dir.write("storm.pfx", R"([emitter]
version=1
maxIssue=10000
releasePeriod=0.001
rate=0
duration=3600
[particle]
texture=NOTEX
type=0
size=1
velocity=0
v_bias=0
y_off=-1000
cook=1 1 1
varience=0
gravity=0
cool=1 0.01
)");
    const CliResult r = runRefrast("sfx emit " + q(pfx) + " --seed 1 --frames 30 --json " + q(dir.file("o.json")));
    // Issued by frame k: floor(k * 10000 / (30 * 0.001f)) + 1 = 1, 333334, 666667, 1000000 (frames 0..3);
    // their running sum passes 2000000 at frame 3: 2000002.
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: " + pfx + ": [emitter]: 2000002 particle records by frame 3 exceed the particle limit of 2000000 "
                            "(--max-particles raises it)\n");
    CHECK(!fs::exists(dir.file("o.json")));
}

TEST_CASE("hardening/cli: a 16384x16384 target is refused in milliseconds; --max-memory is accepted after the command") {
    TempDir dir;
    const std::string scene =
        dir.write("big.json", R"({"refrast_scene": 1, "target": {"width": 16384, "height": 16384}, "draws": []})");
    const auto start = std::chrono::steady_clock::now();
    const CliResult r = runRefrast("render " + q(scene) + " -o " + q(dir.file("o.png")));
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: " + scene +
                          ": /target: a 16384x16384 render target needs 6144 MiB, over the memory budget of 2048 MiB "
                          "(--max-memory raises it)\n");
    const CliResult small = runRefrast("render " + q(scene) + " -o " + q(dir.file("o.png")) + " --max-memory 1G");
    CHECK(small.output.find("over the memory budget of 1024 MiB") != std::string::npos);
    CHECK(runRefrast("render " + q(scene) + " -o x.png --max-memory lots").status == 2);
}

TEST_CASE("hardening/cli: --allow-outside-files lets a scene read an absolute uri") {
    TempDir dir;
    const std::string bin = dir.write("data/v.bin", "");
    (void)bin;
    fs::create_directories(dir.path / "data");
    dir.write("data/v.bin", "abcd");
    fs::create_directories(dir.path / "scenes");
    const std::string scene = dir.write("scenes/s.json", R"({"refrast_scene": 1, "target": {"width": 1, "height": 1},
        "buffers": [{"uri": ")" + dir.file("data/v.bin") + R"(", "byte_length": 4}], "draws": []})");
    const CliResult refused = runRefrast("render " + q(scene) + " -o " + q(dir.file("o.png")));
    CHECK(refused.status == 2);
    CHECK(refused.output == "refrast: " + scene + ": /buffers/0/uri: buffer \"" + dir.file("data/v.bin") +
                                "\" is outside the scene's folder (--allow-outside-files permits it)\n");
    CHECK(runRefrast("render " + q(scene) + " -o " + q(dir.file("o.png")) + " --allow-outside-files").status == 0);
}

TEST_CASE("hardening/cli: a failing diff leaves none of its outputs behind") {
    TempDir dir;
    const std::string png = writeSmallPng(dir, "a.png");
    const CliResult r = runRefrast("diff " + q(png) + " " + q(png) + " --json " + q(dir.file("j.json")) + " --diff-image " +
                                   q(dir.file("d.png")) + " --side-by-side " + q(dir.file("missing/x.png")));
    CHECK(r.status == 2);
    CHECK(r.output.find("refrast: " + dir.file("missing/x.png") + ": cannot write: No such file or directory\n") !=
          std::string::npos);
    CHECK(!fs::exists(dir.file("j.json")));
    CHECK(!fs::exists(dir.file("d.png")));
    for (const auto& e : fs::directory_iterator(dir.path))
        CHECK(e.path().filename().string().find(".refrast-tmp.") == std::string::npos);
}

TEST_CASE("hardening/cli: outputs through a symbolic link, to a FIFO, to - and to /dev/stdout") {
    TempDir dir;
    const std::string png = writeSmallPng(dir, "a.png");
    // A link's target is replaced; the link stays a link.
    fs::create_directories(dir.path / "real");
    fs::create_symlink(dir.path / "real" / "r.json", dir.path / "link.json");
    REQUIRE(runRefrast("diff " + q(png) + " " + q(png) + " --json " + q(dir.file("link.json"))).status == 0);
    CHECK(fs::is_symlink(dir.path / "link.json"));
    CHECK(readAll(dir.file("real/r.json")).find("\"schema\"") != std::string::npos);
    // "-" and /dev/stdout write the report to standard output.
    const CliResult dash = runRefrast("diff " + q(png) + " " + q(png) + " --json -");
    CHECK(dash.status == 0);
    CHECK(dash.output.find("\"schema\"") != std::string::npos);
    const CliResult devStdout = runRefrast("diff " + q(png) + " " + q(png) + " --json /dev/stdout");
    CHECK(devStdout.status == 0);
    CHECK(devStdout.output.find("\"schema\"") != std::string::npos);
    // A scene read from standard input.
    const CliResult stdinScene = runRefrast("render - -o " + q(dir.file("s.png")) + " < " + q(dir.file("a.png.json")));
    CHECK(stdinScene.status == 0);
    CHECK(readAll(dir.file("s.png")) == readAll(png));
    // "-o -" writes the PNG to standard output; an image "-" is read from standard input.
    CHECK(runRefrast("render " + q(dir.file("a.png.json")) + " -o - | cmp -s - " + q(png)).status == 0);
    // Timings go to stderr, so they cannot corrupt a PNG on stdout.
    CHECK(runRefrast("render " + q(dir.file("a.png.json")) + " -o - --timings 2>/dev/null | cmp -s - " + q(png)).status == 0);
    const CliResult stdinImage = runRefrast("diff " + q(png) + " - < " + q(png));
    CHECK(stdinImage.status == 0);
    CHECK(stdinImage.output.find("differing fraction 0.0000e+00 (0 of 4 pixels)") == 0);
    // A FIFO is written through: the reader gets the report and the FIFO stays a FIFO.
    REQUIRE(::mkfifo(dir.file("pipe").c_str(), 0600) == 0);
    // The read end opened without blocking (no writer yet), so refrast's open
    // for writing finds a reader; the report is far smaller than a pipe's buffer.
    const int reader = ::open(dir.file("pipe").c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(reader >= 0);
    CHECK(runRefrast("diff " + q(png) + " " + q(png) + " --json " + q(dir.file("pipe"))).status == 0);
    std::string got;
    char buf[4096];
    for (ssize_t n; (n = ::read(reader, buf, sizeof buf)) > 0;) got.append(buf, size_t(n));
    ::close(reader);
    CHECK(got.find("\"schema\": \"refrast-diff/1\"") != std::string::npos);
    struct stat st {};
    REQUIRE(::stat(dir.file("pipe").c_str(), &st) == 0);
    CHECK(S_ISFIFO(st.st_mode));
}

TEST_CASE("hardening/cli: a later write removes temporaries that a killed run left behind") {
    TempDir dir;
    const std::string png = writeSmallPng(dir, "a.png");
    // A PID that cannot be alive: beyond Linux's pid_max limit (2^22).
    const std::string stale = dir.file(temporaryName("j.json", 99999999));
    const std::string live = dir.file(temporaryName("j.json", long(::getpid())));  // this test process is alive
    dir.write(temporaryName("j.json", 99999999), "half");
    dir.write(temporaryName("j.json", long(::getpid())), "other");
    REQUIRE(runRefrast("diff " + q(png) + " " + q(png) + " --json " + q(dir.file("j.json"))).status == 0);
    CHECK(!fs::exists(stale));
    CHECK(fs::exists(live));
    CHECK(fs::exists(dir.file("j.json")));
}

TEST_CASE("hardening/cli: golden merge refuses image paths that leave -o") {
    TempDir dir;
    fs::create_directories(dir.path / "r");
    dir.write("r/report.json", R"({"schema": "refrast-golden-report/1", "shards": [], "summary": {},
        "scenes": [{"name": "a", "status": "pass", "images": {"golden": "../../evil.png", "render": null, "diff": null}}]})");
    const CliResult r = runRefrast("golden merge " + q(dir.file("r")) + " -o " + q(dir.file("out")));
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: " + dir.file("r/report.json") +
                          ": /scenes/0/images/golden: image path \"../../evil.png\" leaves the report folder (\"..\")\n");
    CHECK(!fs::exists(dir.path.parent_path() / "evil.png"));
    dir.write("r/report.json", R"({"schema": "refrast-golden-report/1", "shards": [], "scenes": [{"name": 5}]})");
    const CliResult typed = runRefrast("golden merge " + q(dir.file("r")) + " -o " + q(dir.file("out")));
    CHECK(typed.status == 2);
    CHECK(typed.output == "refrast: " + dir.file("r/report.json") + ": /scenes/0/name: expected the scene's name (a string)\n");
}
