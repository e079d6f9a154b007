// SPDX-License-Identifier: MIT
// SHA-256 against the FIPS 180-4 example vectors (NIST CSRC "SHA256.pdf").
#include "formats/sha256.h"

#include <doctest/doctest.h>

#include <string>

using namespace refrast;

namespace {
std::string sha(const std::string& text) {
    Sha256 h;
    h.update(text);
    return h.hex();
}
}  // namespace

TEST_CASE("formats/sha256: the FIPS 180-4 examples") {
    CHECK(sha("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    // 448 bits: the padding spills into a second block.
    CHECK(sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("formats/sha256: feeding in pieces gives the hash of the whole") {
    const std::string text(1000, 'a');
    Sha256 pieces;
    for (size_t i = 0; i < text.size(); i += 7) pieces.update(text.substr(i, 7));
    CHECK(pieces.hex() == sha(text));
}
