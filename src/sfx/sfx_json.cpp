// SPDX-License-Identifier: MIT
// Writes the simulation report (docs/sfx.md "JSON output").
#include "src/sfx/sfx_json.h"

#include <cstdio>

namespace refrast::sfx {

namespace {

// float → double is exact and 9 significant digits identify every float32.
void appendFloat(std::string& out, float v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
    out += buf;
}

void appendVec3(std::string& out, float x, float y, float z) {
    out += '[';
    appendFloat(out, x);
    out += ", ";
    appendFloat(out, y);
    out += ", ";
    appendFloat(out, z);
    out += ']';
}

void appendString(std::string& out, const std::string& s) {
    out += '"';
    for (const unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    out += '"';
}

void appendParticle(std::string& out, const SfxParticle& p) {
    out += "{\"id\": " + std::to_string(p.id) + ", \"position\": ";
    appendVec3(out, p.position.x(), p.position.y(), p.position.z());
    out += ", \"velocity\": ";
    appendVec3(out, p.velocity.x(), p.velocity.y(), p.velocity.z());
    out += ", \"heat\": ";
    appendFloat(out, p.heat);
    out += ", \"rgb\": ";
    appendVec3(out, p.rgb[0], p.rgb[1], p.rgb[2]);
    out += ", \"alpha\": ";
    appendFloat(out, p.alpha);
    out += ", \"size\": ";
    appendFloat(out, p.size);
    out += '}';
}

void appendFrame(std::string& out, const SimulatedFrame& f) {
    out += "{\"frame\": " + std::to_string(f.frame) + ", \"time\": ";
    appendFloat(out, f.time);
    out += ", \"particles\": [";
    for (size_t i = 0; i < f.particles.size(); ++i) {
        out += i == 0 ? "\n    " : ",\n    ";
        appendParticle(out, f.particles[i]);
    }
    out += f.particles.empty() ? "]}" : "\n  ]}";
}

}  // namespace

std::string simulationJson(const std::string& effect, uint64_t seed, const std::vector<SimulatedFrame>& frames) {
    std::string out = "{\"effect\": ";
    appendString(out, effect);
    out += ", \"seed\": " + std::to_string(seed) + ", \"frames\": [";
    for (size_t i = 0; i < frames.size(); ++i) {
        out += i == 0 ? "\n  " : ",\n  ";
        appendFrame(out, frames[i]);
    }
    out += frames.empty() ? "]}\n" : "\n]}\n";
    return out;
}

}  // namespace refrast::sfx
