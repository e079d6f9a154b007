// SPDX-License-Identifier: MIT
// The output writer (formats/output_file.h): atomic replace, transactions
// that leave nothing on failure, links written through, permissions kept.
#include "formats/output_file.h"
#include "refrast/image.h"
#include "tests/hardening/error_of.h"
#include "tests/support/cli.h"

#include <doctest/doctest.h>

#include <sys/stat.h>

using namespace refrast;
using namespace refrast::test;
namespace fs = std::filesystem;

namespace {
std::vector<uint8_t> text(const std::string& s) { return std::vector<uint8_t>(s.begin(), s.end()); }

size_t temporariesIn(const fs::path& dir) {
    size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().find(".refrast-tmp.") != std::string::npos;
    return n;
}
}  // namespace

TEST_CASE("hardening/output: a transaction without commit leaves no output and no temporary") {
    TempDir dir;
    {
        OutputTransaction t;
        writeFileAtomic(dir.file("a.txt"), text("a"));
        writeFileAtomic(dir.file("b.txt"), text("b"));
        CHECK(!fs::exists(dir.file("a.txt")));
        CHECK(temporariesIn(dir.path) == 2);
    }
    CHECK(!fs::exists(dir.file("a.txt")));
    CHECK(!fs::exists(dir.file("b.txt")));
    CHECK(temporariesIn(dir.path) == 0);
}

TEST_CASE("hardening/output: commit renames every staged write; a second write to one target replaces the first") {
    TempDir dir;
    {
        OutputTransaction t;
        writeFileAtomic(dir.file("a.txt"), text("first"));
        writeFileAtomic(dir.file("a.txt"), text("second"));
        writeFileAtomic(dir.file("b.txt"), text("b"));
        t.commit();
    }
    CHECK(readFileBytes(dir.file("a.txt")) == text("second"));
    CHECK(readFileBytes(dir.file("b.txt")) == text("b"));
    CHECK(temporariesIn(dir.path) == 0);
}

TEST_CASE("hardening/output: replacing keeps the permission bits; a link stays a link; a directory is an error") {
    TempDir dir;
    writeFileAtomic(dir.file("p.txt"), text("old"));
    REQUIRE(::chmod(dir.file("p.txt").c_str(), 0640) == 0);
    writeFileAtomic(dir.file("p.txt"), text("new"));
    struct stat st {};
    REQUIRE(::stat(dir.file("p.txt").c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0640);
    fs::create_symlink("p.txt", dir.path / "l.txt");  // relative link
    writeFileAtomic(dir.file("l.txt"), text("through"));
    CHECK(fs::is_symlink(dir.path / "l.txt"));
    CHECK(readFileBytes(dir.file("p.txt")) == text("through"));
    CHECK(inputErrorOf([&] { writeFileAtomic(dir.path.string(), text("x")); }) ==
          dir.path.string() + ": is a directory, expected a file");
    CHECK(temporaryName("out.png", 42) == ".out.png.refrast-tmp.42");
}
