// SPDX-License-Identifier: MIT
// Descriptor INI files: syntax, the shipped specialfx3..15, and errors naming
// file, line, section and key.
#include "formats/sfx_ini.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

using namespace refrast;

namespace {

// The descriptor quoted in issue 7; `replace` swaps one line (by key) or drops it.
std::string chunks1(const std::string& key = "", const std::string& line = "") {
    const char* lines[] = {"[effects_to_load]", "specialfx3=Chunks1", "[Chunks1]", "version=1",
                           "texture=btfx:firesmoke1_scr_tex", "type=0", "size=2.0", "velocity=45", "v_bias=0.5",
                           "y_off=-1", "cook=1.0 0.6 0.3", "varience=0.2", "gravity=34", "cool=0.9 1.5",
                           "count=12", "repeats=1"};
    std::string text;
    for (const std::string l : lines) {
        if (!key.empty() && l.rfind(key + "=", 0) == 0) {
            if (!line.empty()) text += line + "\n";
            continue;
        }
        text += l + "\n";
    }
    return text;
}

}  // namespace

TEST_CASE("sfx/ini: the issue's Chunks1 descriptor parses field by field") {
    const SfxDescriptorSet set = parseSfxIni(chunks1(), "fx.ini");
    REQUIRE(set.effects.size() == 1);
    const SfxDescriptor& d = *set.find("specialfx3");
    CHECK(d.name == "Chunks1");
    CHECK(d.texture == "btfx:firesmoke1_scr_tex");
    CHECK(d.size == 2.0f);
    CHECK(d.velocity == 45.0f);
    CHECK(d.vBias == 0.5f);
    CHECK(d.yOff == -1.0f);
    CHECK(d.cook == std::array<float, 3>{1.0f, 0.6f, 0.3f});
    CHECK(d.varience == 0.2f);
    CHECK(d.gravity == 34.0f);
    CHECK(d.coolA == 0.9f);
    CHECK(d.coolB == 1.5f);
    CHECK(d.count == 12);
    CHECK(d.repeats == 1);
    CHECK(set.find("specialfx4") == nullptr);
}

TEST_CASE("sfx/ini: texture=NOTEX is untextured; comments and blank lines are skipped") {
    const std::string text = "; a comment\n# another\n\n" + chunks1("texture", "texture = NOTEX");
    CHECK_FALSE(parseSfxIni(text, "fx.ini").effects[0].textured());
    // A UTF-8 byte-order mark and CRLF line ends are accepted.
    CHECK(parseSfxIni("\xEF\xBB\xBF[effects_to_load]\r\n" + chunks1().substr(18), "fx.ini").effects.size() == 1);
}

TEST_CASE("sfx/ini: the shipped specialfx3..15 carry §3.1's figures") {
    const SfxDescriptorSet set = loadSfxIni(REFRAST_SOURCE_DIR "/scenes/sfx/specialfx.ini");
    const char* names[] = {"Chunks1",  "Chunks2",    "Sparks",    "Explosion3", "MachineGun", "PPCHit",   "LaserHit",
                           "MissileHit", "CannonHit", "GroundHit", "MinorHit",   "MajordHit",  "Fireball"};
    REQUIRE(set.effects.size() == 13);
    for (int i = 0; i < 13; ++i) CHECK(set.find("specialfx" + std::to_string(i + 3))->name == names[i]);
    CHECK(set.find("MissileHit")->size == 12.0f);
    CHECK(set.find("MissileHit")->count == 7);
    CHECK(set.find("Fireball")->size == 14.0f);
    CHECK(set.find("Fireball")->gravity == -1.5f);
    CHECK_FALSE(set.find("Sparks")->textured());
    for (const char* chunks : {"Chunks1", "Chunks2"}) {
        CHECK(set.find(chunks)->velocity >= 40.0f);
        CHECK(set.find(chunks)->velocity <= 55.0f);
        CHECK(set.find(chunks)->gravity >= 34.0f);
        CHECK(set.find(chunks)->gravity <= 35.0f);
    }
}

TEST_CASE("sfx/ini: a missing key names file, section and key") {
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("gravity"), "fx.ini"), "fx.ini: [Chunks1] gravity: missing key",
                         InputError);
}

TEST_CASE("sfx/ini: an unparsable number names the line, section and key") {
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("size", "size=big"), "fx.ini"),
                         "fx.ini: line 7: [Chunks1] size: expected a number, got 'big'", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("count", "count=12.5"), "fx.ini"),
                         "fx.ini: line 15: [Chunks1] count: expected an integer, got '12.5'", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("cook", "cook=1 0.6"), "fx.ini"),
                         "fx.ini: line 11: [Chunks1] cook: expected 3 numbers, got 2", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("gravity", "gravity=nan"), "fx.ini"),
                         "fx.ini: line 13: [Chunks1] gravity: expected a number, got 'nan'", InputError);
}

TEST_CASE("sfx/ini: a value outside its plausible range names the line, section and key") {
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("velocity", "velocity=5000"), "fx.ini"),
                         "fx.ini: line 8: [Chunks1] velocity: 5000 is outside [0, 1000]", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("count", "count=0"), "fx.ini"),
                         "fx.ini: line 15: [Chunks1] count: 0 is outside [1, 256]", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1("cool", "cool=1.5 1.5"), "fx.ini"),
                         "fx.ini: line 14: [Chunks1] cool: cool_a (first value) must lie in (0, 1]", InputError);
}

TEST_CASE("sfx/ini: structural errors - unknown key, duplicate key, unlisted or missing section") {
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1() + "colour=1\n", "fx.ini"), "fx.ini: line 17: [Chunks1] colour: unknown key",
                         InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1() + "size=3\n", "fx.ini"),
                         "fx.ini: line 17: [Chunks1] size: duplicate key (first on line 7)", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni(chunks1() + "[Chunks9]\n", "fx.ini"),
                         "fx.ini: line 17: section [Chunks9] is not listed in [effects_to_load]", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni("[effects_to_load]\nspecialfx3=Nope\n", "fx.ini"),
                         "fx.ini: line 2: [effects_to_load] specialfx3: no section [Nope]", InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni("size=2\n", "fx.ini"), "fx.ini: line 1: key 'size' before any [section]",
                         InputError);
    CHECK_THROWS_WITH_AS(parseSfxIni("[Chunks1\n", "fx.ini"), "fx.ini: line 1: expected ']' closing the section name",
                         InputError);
}
