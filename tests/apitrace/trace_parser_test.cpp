// SPDX-License-Identifier: MIT
// The decoder against apitrace's own `apitrace dump` of every shared trace:
// each call line (number, name, every argument and the return value) must
// print identically, in the same order.
#include "formats/apitrace/trace_dump.h"
#include "formats/apitrace/trace_parser.h"
#include "tests/apitrace/trace_fixtures.h"

#include <doctest/doctest.h>

#include <fstream>

using namespace refrast;
using namespace refrast::apitrace;

namespace {

// The dump's calls, one string each (a string argument with newlines, a
// shader's text, continues on the following lines), without the trailing
// "// fake"-style comment.
std::vector<std::string> dumpCalls(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> calls;
    std::string line;
    bool inCall = false;
    while (std::getline(in, line)) {
        const bool starts = !line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) &&
                            line.find(' ') != std::string::npos &&
                            line.find_first_not_of("0123456789") == line.find(' ');
        if (starts) {
            calls.push_back(line);
            inCall = true;
        } else if (line.empty() || line.rfind("//", 0) == 0) {
            inCall = false;
        } else if (inCall) {
            calls.back() += "\n" + line;
        }
    }
    for (std::string& c : calls)
        if (c.size() > 8 && c.compare(c.size() - 8, 8, " // fake") == 0) c.erase(c.size() - 8);
    return calls;
}

}  // namespace

TEST_CASE("apitrace/parser: every shared trace decodes to exactly its apitrace dump") {
    for (const std::string& name : test::sharedTraceNames()) {
        CAPTURE(name);
        const Trace trace = loadTrace(test::sharedTrace(name));
        CHECK(trace.version == 6);
        const std::vector<std::string> expected = dumpCalls(test::sharedTrace(name, ".dump.txt"));
        REQUIRE(expected.size() > 10);
        // apitrace dump hides calls flagged verbose; compare the ones it shows.
        size_t k = 0;
        for (const Call& c : trace.calls) {
            const std::string got = formatCall(c);
            if (k < expected.size() && got == expected[k]) ++k;
        }
        CHECK(k == expected.size());
        if (k < expected.size()) {
            // Show the first line the decoder did not reproduce.
            CAPTURE(expected[k]);
            for (const Call& c : trace.calls)
                if (expected[k].rfind(std::to_string(c.no) + " ", 0) == 0) CHECK(formatCall(c) == expected[k]);
        }
    }
}

TEST_CASE("apitrace/parser: properties, thread numbers, fake memcpy and blobs") {
    const Trace trace = loadTrace(test::sharedTrace("d3d9_ff_quad"));
    REQUIRE(trace.properties.size() >= 2);
    CHECK(trace.properties[0].first == "process.commandLine");
    CHECK(trace.properties[0].second == "\"Z:\\tmp\\apitrace\\run\\ff_quad\\ff_quad.exe\"");
    const Call* memcpy4 = nullptr;
    for (const Call& c : trace.calls)
        if (c.no == 4) memcpy4 = &c;
    REQUIRE(memcpy4);
    CHECK(memcpy4->name() == "memcpy");
    CHECK((memcpy4->flags & kCallFlagFake) != 0);
    REQUIRE(memcpy4->arg("src"));
    CHECK(memcpy4->arg("src")->type == Value::Type::Blob);
    CHECK(memcpy4->arg("src")->bytes.size() == 256);
    CHECK(memcpy4->arg("dest")->pointer() == 0x3b0540u);
    // D3DRS_FOGSTART's raw bits: 1077936128 = 0x40400000 = 3.0f.
    bool sawFogStart = false;
    for (const Call& c : trace.calls)
        if (c.no == 32) {
            CHECK(formatValue(*c.arg("State")) == "D3DRS_FOGSTART");
            CHECK(c.arg("Value")->integer() == 1077936128);
            sawFogStart = true;
        }
    CHECK(sawFogStart);
}
