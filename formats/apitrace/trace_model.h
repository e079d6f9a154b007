// SPDX-License-Identifier: MIT
// The decoded apitrace stream: self-describing signatures, values and calls,
// as apitrace's own trace_model.hpp shapes them (so a call prints exactly as
// `apitrace dump` prints it, trace_dump.h).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace refrast::apitrace {

struct FunctionSig {
    uint64_t id = 0;
    std::string name;
    std::vector<std::string> argNames;
};
struct EnumSig {
    uint64_t id = 0;
    std::vector<std::pair<std::string, int64_t>> values;
    const std::string* nameOf(int64_t v) const {
        for (const auto& [n, x] : values)
            if (x == v) return &n;
        return nullptr;
    }
};
struct BitmaskSig {
    uint64_t id = 0;
    std::vector<std::pair<std::string, uint64_t>> flags;
};
struct StructSig {
    uint64_t id = 0;
    std::string name;
    std::vector<std::string> memberNames;
};

struct Value {
    // The value types of the stream (apitrace trace_format.hpp, enum Type).
    enum class Type : uint8_t { Null, False, True, SInt, UInt, Float, Double, String, Blob, Enum, Bitmask, Array, Struct, Opaque, Repr, WString };
    Type type = Type::Null;
    int64_t sint = 0;      // SInt, Enum
    uint64_t uint = 0;     // UInt, Bitmask, Opaque (a pointer)
    float f = 0;           // Float
    double d = 0;          // Double
    std::string bytes;     // String, Blob
    std::vector<uint32_t> wide;  // WString code units
    const EnumSig* enumSig = nullptr;
    const BitmaskSig* bitmaskSig = nullptr;
    const StructSig* structSig = nullptr;
    std::vector<Value> items;  // Array elements, Struct members, Repr (human, machine)

    bool isNull() const { return type == Type::Null; }
    // The integer an argument carries (booleans, integers, enums, bitmasks,
    // pointers), or nullopt for anything else.
    std::optional<int64_t> integer() const;
    // A pointer-like value: Opaque, UInt, Null (0); nullopt otherwise.
    std::optional<uint64_t> pointer() const;
    // A struct member by name, or nullptr.
    const Value* member(const std::string& name) const;
    // `&x` in a dump: a one-element array standing for a pointer to x.
    const Value* pointee() const { return type == Type::Array && items.size() == 1 ? &items[0] : nullptr; }
};

// Call flags (apitrace trace_model.hpp) that the stream itself carries.
inline constexpr uint32_t kCallFlagFake = 1u << 0;
inline constexpr uint32_t kCallFlagIncomplete = 1u << 6;

struct Call {
    uint64_t no = 0;          // apitrace's call number (assigned at enter, in order)
    uint64_t thread = 0;
    const FunctionSig* sig = nullptr;
    std::vector<Value> args;  // by position; arguments never written stay Null
    std::optional<Value> ret;
    uint32_t flags = 0;
    uint64_t streamOffset = 0;  // where its enter event starts in the decompressed stream

    const std::string& name() const { return sig->name; }
    // The argument by name, or nullptr.
    const Value* arg(const std::string& argName) const;
};

// How much resource memory (buffers, texture levels, capture snapshots) an
// import may hold: every byte a program uploads arrives in the stream, so
// the stream's size justifies memory, with room for buffers and textures a
// program creates larger than it fills.
inline uint64_t resourceBudget(uint64_t streamBytes) { return (uint64_t(256) << 20) + 4 * streamBytes; }

struct Trace {
    uint64_t version = 0;
    uint64_t semanticVersion = 0;
    uint64_t streamBytes = 0;  // the decompressed stream's size: what resource memory is measured against
    std::vector<std::pair<std::string, std::string>> properties;
    std::vector<Call> calls;  // in the order they completed (the order `apitrace dump` prints)
    // Signature storage: deques keep the pointers in Values and Calls stable.
    std::deque<FunctionSig> functionSigs;
    std::deque<EnumSig> enumSigs;
    std::deque<BitmaskSig> bitmaskSigs;
    std::deque<StructSig> structSigs;
};

}  // namespace refrast::apitrace
