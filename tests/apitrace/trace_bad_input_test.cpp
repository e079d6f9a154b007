// SPDX-License-Identifier: MIT
// Bad traces are input errors naming the byte offset, never crashes: every
// truncation of real traces, a corrupt snappy chunk, unknown stream bytes.
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "tests/apitrace/trace_fixtures.h"
#include "tests/apitrace/trace_writer.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

using namespace refrast;
using namespace refrast::apitrace;
using refrast::test::writeBytes;

namespace {

std::string errorOf(const std::vector<uint8_t>& file) {
    try {
        const TraceStream s = decompressTrace(file, "t.trace");
        (void)parseTrace(s, "t.trace");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("apitrace/bad input: a trace cut at any byte is an error naming a byte offset") {
    // Each shared trace is one snappy chunk, so every proper prefix cuts it.
    for (const char* name : {"d3d9_tri", "d3d7_tri", "d3d9_ff_quad"}) {
        CAPTURE(name);
        const std::vector<uint8_t> full = readFileBytes(test::sharedTrace(name));
        CHECK(errorOf(full).empty());
        size_t failures = 0;
        for (size_t n = 0; n < full.size(); ++n) {
            const std::string e = errorOf(std::vector<uint8_t>(full.begin(), full.begin() + std::ptrdiff_t(n)));
            if (e.rfind("t.trace: byte offset ", 0) == 0) ++failures;
            else CHECK_MESSAGE(false, "prefix of " << n << " bytes: " << e);
        }
        CHECK(failures == full.size());
    }
    CHECK(errorOf({}) == "t.trace: byte offset 0: not an apitrace trace (expected the snappy container magic \"at\")");
    CHECK(errorOf({'a', 't', 9, 0}) == "t.trace: byte offset 2: truncated snappy chunk length (needs 4 bytes, 2 remain)");
    CHECK(errorOf({'a', 't', 9, 0, 0, 0, 1}) == "t.trace: byte offset 2: truncated snappy chunk (length 9, 1 bytes remain)");
}

TEST_CASE("apitrace/bad input: the decompressed stream cut at any byte") {
    // A stream cut between two events is a shorter trace (apitrace reads a
    // crashed program's trace so; entered calls become incomplete); cut
    // anywhere else it is an error at a stream offset. So the prefixes that
    // parse are exactly those ending after the header or after an event:
    // 2 events per call, less the full stream itself.
    const std::vector<uint8_t> file = readFileBytes(test::sharedTrace("d3d9_ff_quad"));
    const TraceStream full = decompressTrace(file, "t.trace");
    const size_t calls = parseTrace(full, "t.trace").calls.size();
    size_t parsed = 0;
    for (size_t n = 0; n < full.bytes.size(); ++n) {
        TraceStream cut;
        cut.bytes.assign(full.bytes.begin(), full.bytes.begin() + std::ptrdiff_t(n));
        cut.chunkStart = {0};
        cut.chunkFileOffset = {2};
        try {
            (void)parseTrace(cut, "t.trace");
            ++parsed;
        } catch (const InputError& e) {
            CHECK(std::string(e.what()).find("t.trace: byte offset ") == 0);
        }
    }
    CHECK(parsed == 2 * calls);
}

TEST_CASE("apitrace/bad input: a corrupt snappy chunk names the chunk's file offset") {
    std::vector<uint8_t> bytes = readFileBytes(test::sharedTrace("d3d9_tri"));
    // Bytes 6..8 hold the chunk's uncompressed length (3-byte varint 16643);
    // byte 9 is its first tag. A copy tag there refers back into an empty
    // output, which no snappy stream may do.
    REQUIRE(bytes[9] == 0xb8);
    bytes[9] = 0x01;
    CHECK(errorOf(bytes) == "t.trace: byte offset 2: corrupt snappy chunk");
}

TEST_CASE("apitrace/bad input: unknown events, value types and details name the stream offset") {
    test::StreamWriter w;
    w.header();  // 3 bytes
    w.byte(7);
    CHECK(errorOf(test::containerOf(w.s)) ==
          "t.trace: byte offset 3 of the decompressed stream (snappy chunk at file offset 2): unknown event 7 (expected enter 0 or leave 1)");

    test::StreamWriter v;
    v.header().enterNew(0, "f", {"x"});  // enter at 3: 00 00 00 01 'f' 01 01 'x' → arg at 11
    v.byte(1).uint(0).byte(99);
    CHECK(errorOf(test::containerOf(v.s)) ==
          "t.trace: byte offset 13 of the decompressed stream (snappy chunk at file offset 2): unknown value type 99");

    test::StreamWriter d;
    d.header().enterNew(0, "f", {}).byte(9);  // detail at 3 + 6
    CHECK(errorOf(test::containerOf(d.s)) ==
          "t.trace: byte offset 9 of the decompressed stream (snappy chunk at file offset 2): unknown call detail 9");

    test::StreamWriter a;
    a.header().enterNew(0, "f", {"x"}).argUInt(1, 5);
    CHECK(errorOf(test::containerOf(a.s)) ==
          "t.trace: byte offset 11 of the decompressed stream (snappy chunk at file offset 2): call 0 f: argument index 1 beyond its 1 arguments");

    test::StreamWriter l;
    l.header().enterNew(0, "f", {}).end().leave(4).end();
    CHECK(errorOf(test::containerOf(l.s)) ==
          "t.trace: byte offset 10 of the decompressed stream (snappy chunk at file offset 2): leave event for call 4, which is not pending");

    test::StreamWriter big;
    big.header().enterNew(0, "f", {"x"}).byte(1).uint(0).byte(8).uint(uint64_t(1) << 40);  // a blob longer than the stream
    CHECK(errorOf(test::containerOf(big.s)).find("truncated trace: blob of 1099511627776 bytes") != std::string::npos);
}

TEST_CASE("apitrace/bad input: the CLI exits 2 with one line and writes nothing") {
    test::TempDir dir;
    std::vector<uint8_t> bytes = readFileBytes(test::sharedTrace("d3d9_ff_quad"));
    bytes.resize(bytes.size() / 2);
    const std::string cut = dir.file("cut.trace");
    writeBytes(cut, bytes);
    const test::CliResult r = test::runRefrast("import apitrace " + cut + " --list");
    CHECK(r.status == 2);
    CHECK(r.output.rfind("refrast: " + cut + ": byte offset ", 0) == 0);
    CHECK(r.output.find("truncated snappy chunk") != std::string::npos);
    CHECK(std::count(r.output.begin(), r.output.end(), '\n') == 1);
}

TEST_CASE("apitrace/list: frames with call ranges and draw counts") {
    const test::CliResult r = test::runRefrast("import apitrace " + test::sharedTrace("d3d9_ff_quad") + " --list");
    CHECK(r.status == 0);
    // Present (69) and GetRenderTargetData (73) end frames, as apitrace counts them.
    CHECK(r.output ==
          "frame 0: calls 0-69, 2 draws (default)\n"
          "frame 1: calls 70-73, 0 draws\n"
          "frame 2: calls 74-83, 0 draws\n");
    const test::CliResult d7 = test::runRefrast("import apitrace " + test::sharedTrace("d3d7_tri") + " --list");
    CHECK(d7.status == 0);
    // The Blt to the primary surface (call 15) ends the DirectDraw frame.
    CHECK(d7.output == "frame 0: calls 0-15, 1 draw (default)\nframe 1: calls 16-21, 0 draws\n");
}

TEST_CASE("apitrace/bad input: a DirectDraw surface description without its pixel format") {
    // Found by the fuzzer (kept in the seed corpus): CreateSurface's
    // DDSURFACEDESC2 sets DDSD_PIXELFORMAT but the trace holds no
    // ddpfPixelFormat member; it was read through a null pointer.
    const std::string trace = std::string(REFRAST_SOURCE_DIR) +
                              "/tests/fuzz/corpus/apitrace/crash_d3d7_surface_without_pixel_format.trace";
    const test::CliResult r = test::runRefrast("render " + trace + " -o /dev/null");
    CHECK(r.status == 2);
    CHECK(r.output == "refrast: " + trace + ": call 4 IDirectDraw7::CreateSurface: lpDDSurfaceDesc lacks ddpfPixelFormat\n");
}
