// SPDX-License-Identifier: MIT
// Streaming a trace (docs/apitrace.md "Streaming"): the commands read a trace
// file one snappy chunk and one call at a time (TraceFile, CallStream,
// TraceFileCalls). The committed fixture tests/apitrace/traces/d3d9_frames.trace
// (tests/apitrace/programs/d3d9_frames.cpp, 300 frames that each refill a
// 128x128 texture and a DISCARD vertex buffer; 19 chunks, 19.8 MB
// decompressed) is the long multi-frame material: a streamed import gives the
// capture a whole decode gives, frame by frame, and the streamed reader
// refuses bad files with the errors the whole-file reader gives.
#include "formats/apitrace/call_source.h"
#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "tests/apitrace/trace_fixtures.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

using namespace refrast;
using namespace refrast::apitrace;
using refrast::test::writeBytes;

namespace {

const std::string kFrames = std::string(REFRAST_SOURCE_DIR) + "/tests/apitrace/traces/d3d9_frames.trace";

// The error of reading every call of `path` through the streamed reader, or "".
std::string streamedError(const std::string& path, const std::string& name) {
    try {
        TraceFile file(path);
        CallStream calls(file, name);
        while (calls.next()) {
        }
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

// The same through the whole-file reader.
std::string wholeError(const std::vector<uint8_t>& bytes, const std::string& name) {
    try {
        (void)parseTrace(decompressTrace(bytes, name), name);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("apitrace/streaming: the long fixture's frames, and every tenth frame's capture equals the whole decode's") {
    const Trace whole = loadTrace(kFrames);
    TraceFileCalls streamed(kFrames);
    CHECK(streamed.streamBytes() == whole.streamBytes);
    const TraceSurvey s = surveyCalls(streamed, {});
    // 300 Presents, the read-back's GetRenderTargetData, then the clean-up.
    REQUIRE(s.frames.size() == 302);
    CHECK(s.frames[299].draws == 1);
    CHECK(s.frames[301].draws == 0);
    CHECK(s.calls == whole.calls.size());
    for (int64_t f = 0; f < 300; f += 10) {
        CAPTURE(f);
        ImportOptions o;
        o.frame = f;
        const Capture a = importTrace(whole, kFrames, o);
        const Capture b = importTrace(streamed, kFrames, o);
        CHECK(a.json == b.json);
        REQUIRE(a.files.size() == b.files.size());
        for (size_t i = 0; i < a.files.size(); ++i) {
            CHECK(a.files[i].name == b.files[i].name);
            CHECK(a.files[i].bytes == b.files[i].bytes);
        }
    }
}

TEST_CASE("apitrace/streaming: the long fixture's last frame against the frame Wine read back") {
    const test::CliResult list = test::runRefrast("import apitrace " + kFrames + " --list");
    REQUIRE(list.status == 0);
    CHECK(list.output.find("frame 299: calls 4194-4207, 1 draw (default)") != std::string::npos);
    // Standard input ("-") cannot seek: it is read whole, with the same frames.
    CHECK(test::runRefrast("import apitrace - --list < " + kFrames).output == list.output);
    test::TempDir dir;
    const std::string png = dir.file("last.png");
    REQUIRE(test::runRefrast("render " + kFrames + " -o " + png).status == 0);
    const test::CliResult d = test::runRefrast("diff " + png + " " + std::string(REFRAST_SOURCE_DIR) +
                                               "/tests/apitrace/traces/d3d9_frames.wine.bgrx --raw-size 256x256 "
                                               "--raw-format bgrx8 --tolerance 8 --max-fraction 0.0025");
    CHECK_MESSAGE(d.status == 0, d.output);
    // Frame 150's texture and quad are its own: the quad starts at x = 16 + 150 % 100 = 66, its
    // texel (0, 0) is 0xff000000 | (150 * 7 & 0xff) << 16 | 150 = red 0x1a, blue 0x96 (pixels 66..193).
    const std::string p150 = dir.file("f150.png");
    REQUIRE(test::runRefrast("render " + kFrames + " --frame 150 -o " + p150).status == 0);
    const Image img = readPng(p150);
    CHECK(img.pixel(70, 70)[0] == 0x1a);
    CHECK(img.pixel(70, 70)[2] == 0x96);
    CHECK(img.pixel(60, 70)[0] == 0);  // left of the quad: the clear (green 150)
    CHECK(img.pixel(60, 70)[1] == 150);
}

TEST_CASE("apitrace/streaming: bad files give the whole-file reader's errors") {
    test::TempDir dir;
    const std::string path = dir.file("t.trace");
    // Every prefix of a one-chunk trace.
    const std::vector<uint8_t> tri = readFileBytes(test::sharedTrace("d3d9_tri"));
    for (size_t n = 0; n < tri.size(); n += 7) {
        const std::vector<uint8_t> cut(tri.begin(), tri.begin() + std::ptrdiff_t(n));
        writeBytes(path, cut);
        CAPTURE(n);
        const std::string e = streamedError(path, path);
        CHECK(e.rfind(path + ": byte offset ", 0) == 0);
        CHECK(e == wholeError(cut, path));
    }
    // The 19-chunk fixture, corrupted inside chunk 5 and cut in chunk 12.
    const std::vector<uint8_t> frames = readFileBytes(kFrames);
    std::vector<uint64_t> chunkAt;  // file offsets of the length fields
    for (uint64_t o = 2; o + 4 <= frames.size();) {
        chunkAt.push_back(o);
        o += 4 + (uint64_t(frames[o]) | uint64_t(frames[o + 1]) << 8 | uint64_t(frames[o + 2]) << 16 |
                  uint64_t(frames[o + 3]) << 24);
    }
    REQUIRE(chunkAt.size() == 19);
    std::vector<uint8_t> bad = frames;
    bad[chunkAt[5] + 4] ^= 0xff;  // the chunk's decompressed size varint
    writeBytes(path, bad);
    CHECK(streamedError(path, path) == wholeError(bad, path));
    CHECK(streamedError(path, path).find("byte offset " + std::to_string(chunkAt[5]) + ": corrupt snappy chunk") !=
          std::string::npos);
    const std::vector<uint8_t> cut(frames.begin(), frames.begin() + std::ptrdiff_t(chunkAt[12] + 100));
    writeBytes(path, cut);
    CHECK(streamedError(path, path) == wholeError(cut, path));
    CHECK(streamedError(path, path).find("byte offset " + std::to_string(chunkAt[12]) + ": truncated snappy chunk") !=
          std::string::npos);
    // Through the command: exit 2, one line, no output folder.
    const test::CliResult r = test::runRefrast("import apitrace " + path + " -o " + dir.file("out"));
    CHECK(r.status == 2);
    CHECK(r.output.find("truncated snappy chunk") != std::string::npos);
    CHECK(!std::filesystem::exists(dir.file("out")));
    CHECK(test::runRefrast("import apitrace " + dir.file("missing.trace") + " --list").status == 2);
}
