// SPDX-License-Identifier: MIT
// Strict JSON reading with JSON-pointer error locations.
#include "formats/json_reader.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace refrast::json {

namespace {
std::string typeName(const nlohmann::json& v) {
    if (v.is_number()) return "a number";
    if (v.is_string()) return "a string";
    if (v.is_boolean()) return "a boolean";
    if (v.is_array()) return "an array";
    if (v.is_object()) return "an object";
    return "null";
}
}  // namespace

std::string escapePointerToken(const std::string& token) {
    std::string out;
    for (char c : token) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

void Node::fail(const std::string& what) const { throw InputError(*file_, pointer_.empty() ? "/" : pointer_, what); }

Node Node::child(const std::string& key) const {
    return Node(value_->at(key), pointer_ + "/" + escapePointerToken(key), *file_);
}

Node Node::element(size_t index) const {
    return Node(value_->at(index), pointer_ + "/" + std::to_string(index), *file_);
}

bool Node::asBool() const {
    if (!value_->is_boolean()) fail("expected true or false, got " + typeName(*value_));
    return value_->get<bool>();
}

double Node::asDouble(double lo, double hi) const {
    if (!value_->is_number()) fail("expected a number, got " + typeName(*value_));
    const double v = value_->get<double>();
    if (!std::isfinite(v)) fail("expected a finite number");
    if (v < lo || v > hi) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%.9g is out of range (expected %.9g..%.9g)", v, lo, hi);
        fail(buf);
    }
    return v;
}

float Node::asFloat(double lo, double hi) const { return static_cast<float>(asDouble(lo, hi)); }

int64_t Node::asInt(int64_t lo, int64_t hi) const {
    if (!value_->is_number()) fail("expected an integer, got " + typeName(*value_));
    if (value_->is_number_float()) {
        const double d = value_->get<double>();
        if (!std::isfinite(d) || d != std::floor(d)) fail("expected an integer, got " + value_->dump());
        if (d < double(lo) || d > double(hi))
            fail(value_->dump() + " is out of range (expected " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
        return static_cast<int64_t>(d);
    }
    if (value_->is_number_unsigned()) {
        const uint64_t u = value_->get<uint64_t>();
        if (u > uint64_t(std::numeric_limits<int64_t>::max()) || int64_t(u) > hi || int64_t(u) < lo)
            fail(value_->dump() + " is out of range (expected " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
        return int64_t(u);
    }
    const int64_t v = value_->get<int64_t>();
    if (v < lo || v > hi)
        fail(std::to_string(v) + " is out of range (expected " + std::to_string(lo) + ".." + std::to_string(hi) + ")");
    return v;
}

std::string Node::asString() const {
    if (!value_->is_string()) fail("expected a string, got " + typeName(*value_));
    return value_->get<std::string>();
}

uint32_t Node::asColor32() const {
    if (value_->is_number()) return uint32_t(asInt(0, 0xFFFFFFFFll));
    if (!value_->is_string()) fail("expected a D3DCOLOR (a number or \"0xAARRGGBB\"), got " + typeName(*value_));
    const std::string s = value_->get<std::string>();
    if (s.size() != 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') ||
        !std::all_of(s.begin() + 2, s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
        fail("expected a D3DCOLOR string \"0xAARRGGBB\" (8 hex digits), got \"" + s + "\"");
    return uint32_t(std::stoul(s.substr(2), nullptr, 16));
}

std::vector<Node> Node::asArray(size_t minSize, size_t maxSize) const {
    if (!value_->is_array()) fail("expected an array, got " + typeName(*value_));
    const size_t n = value_->size();
    if (n < minSize || n > maxSize) {
        if (minSize == maxSize) fail("expected an array of " + std::to_string(minSize) + " elements, got " + std::to_string(n));
        fail("expected an array of " + std::to_string(minSize) + ".." + std::to_string(maxSize) + " elements, got " +
             std::to_string(n));
    }
    std::vector<Node> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) out.push_back(element(i));
    return out;
}

std::vector<float> Node::asFloatArray(size_t minSize, size_t maxSize) const {
    std::vector<float> out;
    for (const Node& e : asArray(minSize, maxSize)) out.push_back(e.asFloat());
    return out;
}

std::string Node::stringForEnum() const {
    if (!value_->is_string()) fail("expected a " + enumKind_ + " name (a string), got " + typeName(*value_));
    return value_->get<std::string>();
}

Object::Object(const Node& node) : node_(node) {
    if (!node.raw().is_object()) node.fail("expected an object, got " + typeName(node.raw()));
}

std::optional<Node> Object::optional(const char* key) {
    known_.emplace_back(key);
    if (!node_.raw().contains(key)) return std::nullopt;
    return node_.child(key);
}

Node Object::required(const char* key) {
    known_.emplace_back(key);
    if (!node_.raw().contains(key)) node_.fail(std::string("missing required key \"") + key + "\"");
    return node_.child(key);
}

void Object::finish() const {
    for (const auto& item : node_.raw().items()) {
        if (std::find(known_.begin(), known_.end(), item.key()) != known_.end()) continue;
        std::string expected;
        for (const auto& k : known_) expected += (expected.empty() ? "" : ", ") + k;
        node_.child(item.key()).fail("unknown key \"" + item.key() + "\" (expected one of " + expected + ")");
    }
}

nlohmann::json parseDocument(const std::vector<uint8_t>& bytes, const std::string& file) {
    try {
        return nlohmann::json::parse(bytes.begin(), bytes.end());
    } catch (const nlohmann::json::parse_error& e) {
        std::string what = e.what();
        const auto pos = what.find("] ");
        if (pos != std::string::npos) what = what.substr(pos + 2);
        throw InputError::atOffset(file, e.byte, "malformed JSON: " + what);
    }
}

}  // namespace refrast::json
