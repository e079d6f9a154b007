// SPDX-License-Identifier: MIT
// Strict, pointer-tracking reading of JSON documents (scene files and every
// other JSON input). Every failure is an InputError "FILE: /json/pointer: what";
// objects reject unknown keys (a typo must never pass silently).
#pragma once

#include "refrast/error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace refrast::json {

// One name <-> value pair of an enum as spelled in JSON (D3D9's own suffixes).
template <class T>
struct EnumName {
    const char* name;
    T value;
};

class Node {
public:
    Node(const nlohmann::json& value, std::string pointer, const std::string& file)
        : value_(&value), pointer_(std::move(pointer)), file_(&file) {}

    [[noreturn]] void fail(const std::string& what) const;

    const nlohmann::json& raw() const { return *value_; }
    const std::string& pointer() const { return pointer_; }
    const std::string& file() const { return *file_; }
    Node child(const std::string& key) const;
    Node element(size_t index) const;

    bool isObject() const { return value_->is_object(); }
    bool isArray() const { return value_->is_array(); }
    bool isString() const { return value_->is_string(); }
    bool isNumber() const { return value_->is_number(); }

    // Scalars; numbers must be finite and lie in [lo, hi].
    bool asBool() const;
    double asDouble(double lo, double hi) const;
    float asFloat(double lo = -3.4e38, double hi = 3.4e38) const;
    int64_t asInt(int64_t lo, int64_t hi) const;
    std::string asString() const;
    // A D3DCOLOR given as a number or a "0xAARRGGBB" string.
    uint32_t asColor32() const;

    // Arrays.
    std::vector<Node> asArray(size_t minSize = 0, size_t maxSize = SIZE_MAX) const;
    std::vector<float> asFloatArray(size_t minSize, size_t maxSize) const;

    // One of `names` (D3D9's suffixes). With a D3D group (kind's second
    // argument) the value may also be the full constant name or its number
    // ("LESSEQUAL", "D3DCMP_LESSEQUAL" or 4 for a D3DCMPFUNC); a constant of
    // the group that is not among `names` is reported as unsupported.
    template <class T>
    T asEnum(std::initializer_list<EnumName<T>> names) const {
        const std::string s = stringForEnum();
        for (const auto& n : names)
            if (s == n.name) return n.value;
        std::string expected;
        for (const auto& n : names) expected += (expected.empty() ? "" : ", ") + std::string(n.name);
        failEnum(s, expected);
    }
    // Names what asEnum reports as unknown, e.g. "compare function", and the
    // D3D enum type whose constant names and numbers it also accepts.
    Node& kind(std::string enumKind, std::string d3dGroup = "") {
        enumKind_ = std::move(enumKind);
        d3dGroup_ = std::move(d3dGroup);
        return *this;
    }

private:
    std::string stringForEnum() const;
    [[noreturn]] void failEnum(const std::string& suffix, const std::string& expected) const;

    const nlohmann::json* value_;
    std::string pointer_;
    const std::string* file_;
    std::string enumKind_ = "value";
    std::string d3dGroup_;
};

// The D3D state family an object's keys belong to: its keys may then be the
// lower-case name, the full constant name or the number of a state of
// `group` (or, for states D3D9 lacks, of `d3d7Group`), and finish() tells
// an unsupported state from a typo (formats/scene/state_vocabulary.h).
struct StateVocabulary {
    const char* group;      // "D3DRENDERSTATETYPE", "D3DTEXTURESTAGESTATETYPE", "D3DSAMPLERSTATETYPE"
    const char* d3d7Group;  // "D3D7:D3DRENDERSTATETYPE", ... or nullptr
};

// Reads an object's members; finish() rejects any key that was never asked for.
class Object {
public:
    explicit Object(const Node& node, const StateVocabulary* vocabulary = nullptr);
    ~Object() = default;

    std::optional<Node> optional(const char* key);
    Node required(const char* key);
    bool has(const char* key) const;
    const Node& node() const { return node_; }
    void finish() const;

private:
    // The member spelling `key` (canonical) in this object, if any.
    const std::string* memberFor(const std::string& key) const;

    Node node_;
    const StateVocabulary* vocabulary_;
    std::vector<std::pair<std::string, std::string>> members_;  // (member as written, canonical key)
    std::vector<std::string> known_;
};

// The closest of `candidates` to `word` by edit distance, or "" when none is close.
std::string closestName(const std::string& word, const std::vector<std::string>& candidates);

// Parses a whole JSON document; syntax errors name the byte offset.
nlohmann::json parseDocument(const std::vector<uint8_t>& bytes, const std::string& file);

// JSON pointer escaping of one reference token (RFC 6901).
std::string escapePointerToken(const std::string& token);

}  // namespace refrast::json
