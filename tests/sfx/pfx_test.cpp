// SPDX-License-Identifier: MIT
// .PFX emitters: the file format, the maxIssue / releasePeriod rate rule
// (the authored rate is not trusted), and emitter simulation.
#include "formats/pfx.h"
#include "formats/sfx/pfx_schedule.h"
#include "formats/sfx/sfx_simulation.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

using namespace refrast;
using namespace refrast::sfx;

namespace {
// §3.1's example: maxIssue 5, releasePeriod 0.2, rate 1.
const char* kFivePerFifth = R"(; five particles every 0.2 s, whatever rate says
[emitter]
version=1
maxIssue=5
releasePeriod=0.2
rate=1
duration=1.0
[particle]
texture=btfx:firesmoke1_scr_tex
type=0
size=2.0
velocity=3
v_bias=0.5
y_off=-1000
cook=1.0 0.6 0.3
varience=0.2
gravity=0
cool=0.99 0.1
)";
}  // namespace

TEST_CASE("sfx/pfx: the file parses into the emitter and its particle descriptor") {
    const PfxEmitter e = parsePfx(kFivePerFifth, "five.pfx");
    CHECK(e.maxIssue == 5);
    CHECK(e.releasePeriod == 0.2f);
    CHECK(e.authoredRate == 1.0f);
    CHECK(e.duration == 1.0f);
    CHECK(e.particle.name == "particle");
    CHECK(e.particle.count == 1);
    CHECK(e.particle.coolA == 0.99f);
}

TEST_CASE("sfx/pfx: maxIssue 5, releasePeriod 0.2, rate 1 issues five particles within 0.2 s") {
    const PfxEmitter e = parsePfx(kFivePerFifth, "five.pfx");
    // 5 / 0.2f in double (0.2f = 0.200000003): 24.999999627470977, not the authored rate 1.
    CHECK(pfxEffectiveRate(e) == 0x1.8fffff9c00002p+4);
    // Issues at t_j = j × 0.04 s: 0, 0.04, 0.08, 0.12, 0.16 → frames 0, 2, 3, 4, 5 (frame k at k / 30 s).
    CHECK(pfxIssuedByFrame(e, 0) == 1);
    CHECK(pfxIssuedByFrame(e, 1) == 1);  // 1/30 = 0.033 < 0.04
    CHECK(pfxIssuedByFrame(e, 2) == 2);
    CHECK(pfxIssuedByFrame(e, 5) == 5);  // 0.1667 s < 0.2 s: all five (rate 1 would give one)
    // j = 5 at 5 × 0.2f / 5 = 0.200000003 s > 6/30: not yet at frame 6, issued at frame 7.
    CHECK(pfxIssuedByFrame(e, 6) == 5);
    CHECK(pfxIssuedByFrame(e, 7) == 6);
    // duration 1.0: j < 1.0 × 24.9999996 → 25 issues in all.
    CHECK(pfxTotalIssues(e) == 25);
    CHECK(pfxIssuedByFrame(e, 300) == 25);

    const std::vector<SimulatedFrame> frames = simulateEmitter(e, 3u, 7);
    CHECK(frames[5].particles.size() == 5);
    CHECK(frames[5].particles[4].id == 4u);
    CHECK(frames[5].particles[4].steps == 0);  // issued at frame 5
    CHECK(frames[7].particles.size() == 6);
}

TEST_CASE("sfx/pfx: a missing section, key, or bad value names the file, section and key") {
    CHECK_THROWS_WITH_AS(parsePfx("[emitter]\nversion=1\n", "e.pfx"), "e.pfx: [emitter] maxIssue: missing key",
                         InputError);
    const std::string noParticle = "[emitter]\nversion=1\nmaxIssue=5\nreleasePeriod=0.2\nrate=1\nduration=1\n";
    CHECK_THROWS_WITH_AS(parsePfx(noParticle, "e.pfx"), "e.pfx: [particle]: missing section", InputError);
    const std::string zeroPeriod = "[emitter]\nversion=1\nmaxIssue=5\nreleasePeriod=0\nrate=1\nduration=1\n";
    CHECK_THROWS_WITH_AS(parsePfx(zeroPeriod, "e.pfx"),
                         "e.pfx: line 4: [emitter] releasePeriod: 0 is outside [0.001, 3600]", InputError);
}
