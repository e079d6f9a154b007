// SPDX-License-Identifier: MIT
// Builds small apitrace streams by hand for the bad-input tests: the
// grammar of formats/apitrace/trace_parser.h, byte by byte.
#pragma once

#include <snappy.h>

#include <cstdint>
#include <string>
#include <vector>

namespace refrast::test {

struct StreamWriter {
    std::string s;
    StreamWriter& byte(uint8_t b) { s.push_back(char(b)); return *this; }
    StreamWriter& uint(uint64_t v) {
        do {
            uint8_t b = v & 0x7f;
            v >>= 7;
            if (v) b |= 0x80;
            s.push_back(char(b));
        } while (v);
        return *this;
    }
    StreamWriter& str(const std::string& t) { uint(t.size()); s += t; return *this; }
    // version 6, semantic version 2, no properties
    StreamWriter& header() { return uint(6).uint(2).str(""); }
    // ENTER thread 0, a new function signature `id` named `name` with `args`.
    StreamWriter& enterNew(uint64_t id, const std::string& name, const std::vector<std::string>& args) {
        byte(0).uint(0).uint(id).str(name).uint(args.size());
        for (const auto& a : args) str(a);
        return *this;
    }
    StreamWriter& enterKnown(uint64_t id) { return byte(0).uint(0).uint(id); }
    StreamWriter& argUInt(uint64_t index, uint64_t v) { return byte(1).uint(index).byte(4).uint(v); }
    StreamWriter& argOpaque(uint64_t index, uint64_t v) { return byte(1).uint(index).byte(13).uint(v); }
    StreamWriter& end() { return byte(0); }
    // Value encodings (apitrace trace_format.hpp): UINT 4, OPAQUE 13, ARRAY 11, STRUCT 12.
    StreamWriter& vUInt(uint64_t v) { return byte(4).uint(v); }
    StreamWriter& vOpaque(uint64_t v) { return byte(13).uint(v); }
    StreamWriter& vArray(uint64_t n) { return byte(11).uint(n); }
    // A new struct signature; its member values follow.
    StreamWriter& vStructNew(uint64_t id, const std::string& name, const std::vector<std::string>& members) {
        byte(12).uint(id).str(name).uint(members.size());
        for (const auto& m : members) str(m);
        return *this;
    }
    StreamWriter& arg(uint64_t index) { return byte(1).uint(index); }
    StreamWriter& leave(uint64_t callNo) { return byte(1).uint(callNo); }
};

// The container: "at", then one chunk of the compressed stream.
inline std::vector<uint8_t> containerOf(const std::string& stream) {
    std::string packed;
    snappy::Compress(stream.data(), stream.size(), &packed);
    std::vector<uint8_t> out = {'a', 't'};
    const uint32_t n = uint32_t(packed.size());
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(n >> (8 * i)));
    out.insert(out.end(), packed.begin(), packed.end());
    return out;
}

}  // namespace refrast::test
