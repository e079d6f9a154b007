// SPDX-License-Identifier: MIT
// Strict JSON reading with JSON-pointer error locations.
#include "formats/json_reader.h"

#include "formats/d3d/d3d_constants.h"
#include "formats/d3d/state_vocabulary.h"

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
    // D3D's BOOL states arrive as true/false, TRUE/FALSE or 1/0 (exporters dump DWORDs).
    if (value_->is_boolean()) return value_->get<bool>();
    if (value_->is_number_integer() && (value_->get<int64_t>() == 0 || value_->get<int64_t>() == 1))
        return value_->get<int64_t>() == 1;
    if (value_->is_string() && (value_->get<std::string>() == "TRUE" || value_->get<std::string>() == "FALSE"))
        return value_->get<std::string>() == "TRUE";
    fail("expected true or false (or TRUE/FALSE, 1/0), got " + (value_->is_primitive() ? value_->dump() : typeName(*value_)));
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
    if (!d3dGroup_.empty() && value_->is_number()) {
        const int64_t v = asInt(-(int64_t(1) << 40), int64_t(1) << 40);
        const d3d::Constant* c = d3d::byValue(d3dGroup_, v);
        if (!c) fail(std::to_string(v) + " is not a " + d3dGroup_ + " value (a " + enumKind_ + ")");
        return std::string(d3d::suffixOf(c->name));
    }
    if (!value_->is_string()) fail("expected a " + enumKind_ + " name (a string), got " + typeName(*value_));
    const std::string s = value_->get<std::string>();
    if (!d3dGroup_.empty() && d3d::valueOf(d3dGroup_, s)) return std::string(d3d::suffixOf(s));  // "D3DCMP_LESS"
    return s;
}

void Node::failEnum(const std::string& suffix, const std::string& expected) const {
    if (!d3dGroup_.empty())
        if (const d3d::Constant* c = d3d::bySuffix(d3dGroup_, suffix))
            fail("unsupported " + enumKind_ + " \"" + std::string(c->name) + "\" (not implemented; expected one of " +
                 expected + ")");
    fail("unknown " + enumKind_ + " \"" + suffix + "\" (expected one of " + expected + ")");
}

Object::Object(const Node& node, const StateVocabulary* vocabulary) : node_(node), vocabulary_(vocabulary) {
    if (!node.raw().is_object()) node.fail("expected an object, got " + typeName(node.raw()));
    if (!vocabulary_) return;  // plain objects: members are looked up directly
    for (const auto& item : node.raw().items()) {
        std::string canonical = item.key();
        if (vocabulary_)
            if (auto c = d3d::canonicalStateKey(*vocabulary_, item.key())) canonical = *c;
        for (const auto& [written, other] : members_)
            if (other == canonical)
                node_.child(item.key()).fail("\"" + item.key() + "\" sets the same state as \"" + written + "\"");
        members_.emplace_back(item.key(), canonical);
    }
}

const std::string* Object::memberFor(const std::string& key) const {
    if (!vocabulary_) {
        const auto it = node_.raw().find(key);
        return it == node_.raw().end() ? nullptr : &it.key();
    }
    for (const auto& [written, canonical] : members_)
        if (canonical == key) return &written;
    return nullptr;
}

bool Object::has(const char* key) const { return memberFor(key) != nullptr; }

std::optional<Node> Object::optional(const char* key) {
    known_.emplace_back(key);
    const std::string* member = memberFor(key);
    if (!member) return std::nullopt;
    return node_.child(*member);
}

Node Object::required(const char* key) {
    known_.emplace_back(key);
    const std::string* member = memberFor(key);
    if (!member) node_.fail(std::string("missing required key \"") + key + "\"");
    return node_.child(*member);
}

void Object::finish() const {
    std::vector<std::pair<std::string, std::string>> plain;
    if (!vocabulary_)
        for (const auto& item : node_.raw().items()) plain.emplace_back(item.key(), item.key());
    for (const auto& [written, canonical] : vocabulary_ ? members_ : plain) {
        if (std::find(known_.begin(), known_.end(), canonical) != known_.end()) continue;
        const Node member = node_.child(written);
        // A D3D state no reader took: no effect, or unsupported unless at its default.
        if (vocabulary_ && d3d::checkUnreadState(*vocabulary_, canonical, member)) continue;
        const std::string guess = closestName(canonical, known_);
        if (!guess.empty()) member.fail("unknown key \"" + written + "\" (did you mean \"" + guess + "\"?)");
        std::string expected;
        for (const auto& k : known_) expected += (expected.empty() ? "" : ", ") + k;
        member.fail("unknown key \"" + written + "\" (expected one of " + expected + ")");
    }
}

std::string closestName(const std::string& word, const std::vector<std::string>& candidates) {
    // Levenshtein distance; a guess is offered within a third of the word's length (at least 1, at most 3).
    auto distance = [](const std::string& a, const std::string& b) {
        std::vector<size_t> row(b.size() + 1);
        for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
        for (size_t i = 1; i <= a.size(); ++i) {
            size_t diagonal = row[0];
            row[0] = i;
            for (size_t j = 1; j <= b.size(); ++j) {
                const size_t up = row[j];
                row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
                diagonal = up;
            }
        }
        return row[b.size()];
    };
    const size_t limit = std::clamp<size_t>(word.size() / 3, 1, 3);
    std::string best;
    size_t bestDistance = limit + 1;
    for (const std::string& c : candidates) {
        const size_t d = distance(word, c);
        if (d < bestDistance) {
            bestDistance = d;
            best = c;
        }
    }
    return best;
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
