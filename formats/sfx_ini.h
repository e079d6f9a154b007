// SPDX-License-Identifier: MIT
// INI files of the Pod port's effects: the line syntax, typed key reading, and
// the old-style special-effect descriptors ([effects_to_load] + one section per effect).
// Spec: shared/spec/legacy-behaviours.md §3.1; syntax and ranges in docs/sfx.md.
#pragma once

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace refrast {

struct IniEntry {
    std::string key;
    std::string value;  // trimmed
    int line = 0;
};

struct IniSection {
    std::string name;
    int line = 0;
    std::vector<IniEntry> entries;
    // Key -> index into entries: duplicate checks stay linear in the file size.
    std::unordered_map<std::string, size_t> index;
};

struct IniDocument {
    std::string file;  // for messages
    std::vector<IniSection> sections;
    std::unordered_map<std::string, size_t> index;  // section name -> index into sections
    const IniSection* find(const std::string& name) const;
};

// Splits text into sections and key=value lines. Throws InputError
// "FILE: line N: what" for a line that is neither, a key before any section,
// a duplicate section or a duplicate key in one section.
IniDocument parseIni(const std::string& text, const std::string& file);

// Reads the keys of one section with their types and plausible ranges. Every
// error is an InputError "FILE: line N: [Section] key: what" ("FILE: [Section]
// key: missing key" when absent). finish() rejects keys nobody read.
class IniSectionReader {
public:
    IniSectionReader(const IniDocument& doc, const IniSection& section);

    std::string readString(const std::string& key);
    int readInt(const std::string& key, int lo, int hi);
    float readFloat(const std::string& key, float lo, float hi);
    // Whitespace-separated floats, exactly `count` of them.
    std::vector<float> readFloats(const std::string& key, size_t count, float lo, float hi);
    // Fails on a key already read, for a rule across its values.
    [[noreturn]] void reject(const std::string& key, const std::string& what);
    void finish() const;

private:
    const IniEntry& entry(const std::string& key);
    [[noreturn]] void fail(const IniEntry& e, const std::string& what) const;
    float parseFloatToken(const IniEntry& e, const std::string& token, float lo, float hi) const;

    const IniDocument& doc_;
    const IniSection& section_;
    std::vector<bool> used_;
};

// One old-style effect descriptor (a section such as [Chunks1]). Field names
// follow the authored keys; `varience` keeps the authored spelling.
struct SfxDescriptor {
    std::string name;                    // the section name, e.g. "Fireball"
    int version = 1;
    std::string texture;                 // empty: NOTEX (untextured)
    int type = 0;                        // authored; its meaning is not recovered (docs/sfx.md)
    float size = 0.0f;                   // world units; particle radius = size × sizeScale
    float velocity = 0.0f;               // launch speed, world units per second
    float vBias = 0.0f;                  // v_bias: upward bias of the launch cone
    float yOff = 0.0f;                   // y_off: kill plane height relative to the effect origin
    std::array<float, 3> cook{};         // per-channel heat colour (r, g, b)
    float varience = 0.0f;               // relative launch-speed spread
    float gravity = 0.0f;                // downward acceleration, world units per second²
    float coolA = 0.0f;                  // cool first value: heat factor per board frame
    float coolB = 0.0f;                  // cool second value: alpha fade per second
    int count = 1;                       // particles per burst
    int repeats = 1;                     // bursts
    bool textured() const { return !texture.empty(); }
};

struct SfxDescriptorSet {
    std::string file;
    std::vector<std::pair<std::string, std::string>> effectsToLoad;  // (slot "specialfxN", section)
    std::vector<SfxDescriptor> effects;                              // in [effects_to_load] order

    // By section name ("Fireball") or slot name ("specialfx15"); nullptr if none.
    const SfxDescriptor* find(const std::string& name) const;
};

// Which keys a descriptor section holds: an effect section has all of them;
// a .PFX [particle] section has no version, count or repeats (the emitter
// issues particles one at a time; its file carries the version).
enum class SfxDescriptorKind { Effect, PfxParticle };

SfxDescriptor readSfxDescriptor(const IniDocument& doc, const IniSection& section, SfxDescriptorKind kind);

SfxDescriptorSet parseSfxIni(const std::string& text, const std::string& file);
SfxDescriptorSet loadSfxIni(const std::string& path);

}  // namespace refrast
