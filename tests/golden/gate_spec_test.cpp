// SPDX-License-Identifier: MIT
// Reading a scene's "gate" object.
#include "refrast/error.h"
#include "src/golden/gate_spec.h"
#include "tests/diff/diff_test_util.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::test;

namespace {
std::string writeScene(const TempDir& dir, const std::string& json) {
    writeFileAtomic(dir.file("s.json"), std::vector<uint8_t>(json.begin(), json.end()));
    return dir.file("s.json");
}
}  // namespace

TEST_CASE("golden/gate_spec: no gate means an exact match") {
    const TempDir dir("gate-spec");
    const golden::GateSpec g = golden::readGate(writeScene(dir, R"({"target": {"width": 4}})"));
    CHECK(g.tolerance == 0);
    CHECK(g.positionDeviation == 0);
    CHECK(g.gate.exact());
}

TEST_CASE("golden/gate_spec: every key is read") {
    const TempDir dir("gate-spec");
    const golden::GateSpec g = golden::readGate(writeScene(
        dir, R"({"gate": {"tolerance": 2, "max_fraction": 0.001, "max_pixels": 5, "position_deviation": 1,
                 "reason": "issue 12: bilinear LSB differs"}})"));
    CHECK(g.tolerance == 2);
    CHECK(g.positionDeviation == 1);
    CHECK(g.gate.maxFraction == 0.001);
    CHECK(g.gate.maxPixels == 5);
    CHECK(g.reason == "issue 12: bilinear LSB differs");
    const DiffOptions o = g.diffOptions();
    CHECK(o.tolerance == 2);
    CHECK(o.positionDeviation == 1);
}

TEST_CASE("golden/gate_spec: unknown keys and bad values name the JSON pointer") {
    const TempDir dir("gate-spec");
    const std::string a = writeScene(dir, R"({"gate": {"tolerence": 2}})");
    CHECK_THROWS_WITH_AS(golden::readGate(a),
                         (a + ": /gate/tolerence: unknown key \"tolerence\" (expected one of tolerance, "
                              "position_deviation, max_fraction, max_pixels, reason)").c_str(),
                         InputError);
    const std::string b = writeScene(dir, R"({"gate": {"tolerance": 300}})");
    CHECK_THROWS_WITH_AS(golden::readGate(b), (b + ": /gate/tolerance: 300 is out of range (expected 0..255)").c_str(),
                         InputError);
}
