// SPDX-License-Identifier: MIT
// An INI of 300k keys (2.9 MB) took 82 s with quadratic duplicate checks;
// the indexed checks make it linear (issue 14).
#include "formats/sfx_ini.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

#include <chrono>

using namespace refrast;

TEST_CASE("hardening/ini: 300000 keys parse in linear time and a duplicate is still found") {
    std::string text = "[s]\n";
    for (int i = 0; i < 300000; ++i) text += "key" + std::to_string(i) + "=1\n";
    const auto start = std::chrono::steady_clock::now();
    const IniDocument doc = parseIni(text, "big.ini");
    // Generous for a slow, shared machine; the quadratic version needed over a minute.
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    CHECK(doc.sections.at(0).entries.size() == 300000);
    CHECK(doc.find("s") == &doc.sections[0]);
    text += "key123=2\n";  // line 300002
    CHECK_THROWS_WITH_AS(parseIni(text, "big.ini"), "big.ini: line 300002: [s] key123: duplicate key (first on line 125)",
                         InputError);
}
