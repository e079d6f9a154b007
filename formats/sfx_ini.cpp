// SPDX-License-Identifier: MIT
// INI syntax, typed key reading and the special-effect descriptor parser.
// Spec: shared/spec/legacy-behaviours.md §3.1; docs/sfx.md "Descriptor files".
#include "formats/sfx_ini.h"

#include "refrast/error.h"
#include "refrast/image.h"

#include <charconv>
#include <cstdio>
#include <cmath>
#include <set>

namespace refrast {

namespace {

std::string trim(const std::string& s) {
    const char* ws = " \t\r";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::string lineWhere(int line) { return "line " + std::to_string(line); }

std::vector<std::string> splitWhitespace(const std::string& s) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

void addEntry(IniDocument& doc, const std::string& key, const std::string& value, int line) {
    if (doc.sections.empty()) throw InputError(doc.file, lineWhere(line), "key '" + key + "' before any [section]");
    IniSection& section = doc.sections.back();
    const auto [it, added] = section.index.emplace(key, section.entries.size());
    if (!added)
        throw InputError(doc.file, lineWhere(line) + ": [" + section.name + "] " + key,
                         "duplicate key (first on line " + std::to_string(section.entries[it->second].line) + ")");
    section.entries.push_back({key, value, line});
}

void addSection(IniDocument& doc, const std::string& name, int line) {
    if (name.empty()) throw InputError(doc.file, lineWhere(line), "empty section name");
    if (const IniSection* prior = doc.find(name))
        throw InputError(doc.file, lineWhere(line),
                         "duplicate section [" + name + "] (first on line " + std::to_string(prior->line) + ")");
    doc.index.emplace(name, doc.sections.size());
    doc.sections.push_back({name, line, {}, {}});
}

void parseLine(IniDocument& doc, const std::string& raw, int line) {
    const std::string s = trim(raw);
    if (s.empty() || s[0] == ';' || s[0] == '#') return;
    if (s.front() == '[') {
        if (s.back() != ']') throw InputError(doc.file, lineWhere(line), "expected ']' closing the section name");
        addSection(doc, trim(s.substr(1, s.size() - 2)), line);
        return;
    }
    const size_t eq = s.find('=');
    if (eq == std::string::npos) throw InputError(doc.file, lineWhere(line), "expected 'key=value' or '[section]'");
    const std::string key = trim(s.substr(0, eq));
    if (key.empty()) throw InputError(doc.file, lineWhere(line), "empty key before '='");
    addEntry(doc, key, trim(s.substr(eq + 1)), line);
}

}  // namespace

const IniSection* IniDocument::find(const std::string& name) const {
    const auto it = index.find(name);
    return it == index.end() ? nullptr : &sections[it->second];
}

IniDocument parseIni(const std::string& text, const std::string& file) {
    IniDocument doc;
    doc.file = file;
    // A UTF-8 byte-order mark (Windows editors write one) is not part of line 1.
    size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    int line = 1;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        parseLine(doc, text.substr(start, end - start), line);
        start = end + 1;
        ++line;
    }
    return doc;
}

IniSectionReader::IniSectionReader(const IniDocument& doc, const IniSection& section)
    : doc_(doc), section_(section), used_(section.entries.size(), false) {}

const IniEntry& IniSectionReader::entry(const std::string& key) {
    const auto it = section_.index.find(key);
    if (it != section_.index.end()) {
        used_[it->second] = true;
        return section_.entries[it->second];
    }
    throw InputError(doc_.file, "[" + section_.name + "] " + key, "missing key");
}

void IniSectionReader::reject(const std::string& key, const std::string& what) {
    fail(entry(key), what);
}

void IniSectionReader::fail(const IniEntry& e, const std::string& what) const {
    throw InputError(doc_.file, lineWhere(e.line) + ": [" + section_.name + "] " + e.key, what);
}

std::string IniSectionReader::readString(const std::string& key) {
    const IniEntry& e = entry(key);
    if (e.value.empty()) fail(e, "expected a value, got nothing");
    return e.value;
}

int IniSectionReader::readInt(const std::string& key, int lo, int hi) {
    const IniEntry& e = entry(key);
    int v = 0;
    const char* end = e.value.data() + e.value.size();
    const auto [ptr, ec] = std::from_chars(e.value.data(), end, v);
    if (e.value.empty() || ec != std::errc() || ptr != end) fail(e, "expected an integer, got '" + e.value + "'");
    if (v < lo || v > hi)
        fail(e, std::to_string(v) + " is outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return v;
}

float IniSectionReader::parseFloatToken(const IniEntry& e, const std::string& token, float lo, float hi) const {
    float v = 0.0f;
    const char* end = token.data() + token.size();
    const auto [ptr, ec] = std::from_chars(token.data(), end, v);
    if (token.empty() || ec != std::errc() || ptr != end || !std::isfinite(v))
        fail(e, "expected a number, got '" + token + "'");
    if (v < lo || v > hi) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "%g is outside [%g, %g]", double(v), double(lo), double(hi));
        fail(e, buf);
    }
    return v;
}

float IniSectionReader::readFloat(const std::string& key, float lo, float hi) {
    const IniEntry& e = entry(key);
    return parseFloatToken(e, e.value, lo, hi);
}

std::vector<float> IniSectionReader::readFloats(const std::string& key, size_t count, float lo, float hi) {
    const IniEntry& e = entry(key);
    const std::vector<std::string> tokens = splitWhitespace(e.value);
    if (tokens.size() != count)
        fail(e, "expected " + std::to_string(count) + " numbers, got " + std::to_string(tokens.size()));
    std::vector<float> out;
    for (const std::string& t : tokens) out.push_back(parseFloatToken(e, t, lo, hi));
    return out;
}

void IniSectionReader::finish() const {
    for (size_t i = 0; i < used_.size(); ++i)
        if (!used_[i]) fail(section_.entries[i], "unknown key");
}

// The plausible ranges (docs/sfx.md "Descriptor keys"): wide enough for every
// shipped figure of §3.1, narrow enough to catch a swapped or mistyped field.
SfxDescriptor readSfxDescriptor(const IniDocument& doc, const IniSection& section, SfxDescriptorKind kind) {
    IniSectionReader r(doc, section);
    SfxDescriptor d;
    d.name = section.name;
    const bool effect = kind == SfxDescriptorKind::Effect;
    if (effect) d.version = r.readInt("version", 1, 1);
    d.texture = r.readString("texture");
    if (d.texture == "NOTEX") d.texture.clear();
    d.type = r.readInt("type", 0, 15);
    d.size = r.readFloat("size", 0.001f, 1000.0f);
    d.velocity = r.readFloat("velocity", 0.0f, 1000.0f);
    d.vBias = r.readFloat("v_bias", -10.0f, 10.0f);
    d.yOff = r.readFloat("y_off", -1000.0f, 1000.0f);
    const std::vector<float> cook = r.readFloats("cook", 3, 0.0f, 4.0f);
    d.cook = {cook[0], cook[1], cook[2]};
    d.varience = r.readFloat("varience", 0.0f, 1.0f);
    d.gravity = r.readFloat("gravity", -1000.0f, 1000.0f);
    const std::vector<float> cool = r.readFloats("cool", 2, 0.0f, 30.0f);
    // cool_a multiplies heat each frame: 0 would kill at once, above 1 heat grows.
    if (cool[0] <= 0.0f || cool[0] > 1.0f) r.reject("cool", "cool_a (first value) must lie in (0, 1]");
    d.coolA = cool[0];
    d.coolB = cool[1];
    if (effect) {
        // Bounded so that a simulation stays small: at most 256 × 16 live particles.
        d.count = r.readInt("count", 1, 256);
        d.repeats = r.readInt("repeats", 1, 16);
    }
    r.finish();
    return d;
}

const SfxDescriptor* SfxDescriptorSet::find(const std::string& name) const {
    for (const SfxDescriptor& d : effects)
        if (d.name == name) return &d;
    for (const auto& [slot, section] : effectsToLoad)
        if (slot == name) return find(section);
    return nullptr;
}

SfxDescriptorSet parseSfxIni(const std::string& text, const std::string& file) {
    const IniDocument doc = parseIni(text, file);
    const IniSection* list = doc.find("effects_to_load");
    if (!list) throw InputError(file, "[effects_to_load]", "missing section");
    SfxDescriptorSet set;
    set.file = file;
    std::set<std::string> listed;
    for (const IniEntry& e : list->entries) {
        const IniSection* section = doc.find(e.value);
        if (!section)
            throw InputError(file, lineWhere(e.line) + ": [effects_to_load] " + e.key,
                             "no section [" + e.value + "]");
        set.effectsToLoad.emplace_back(e.key, e.value);
        if (listed.insert(e.value).second)
            set.effects.push_back(readSfxDescriptor(doc, *section, SfxDescriptorKind::Effect));
    }
    for (const IniSection& s : doc.sections)
        if (s.name != "effects_to_load" && !listed.count(s.name))
            throw InputError(file, lineWhere(s.line), "section [" + s.name + "] is not listed in [effects_to_load]");
    return set;
}

SfxDescriptorSet loadSfxIni(const std::string& path) {
    const std::vector<uint8_t> bytes = readFileBytes(path);
    return parseSfxIni(std::string(bytes.begin(), bytes.end()), path);
}

}  // namespace refrast
