// SPDX-License-Identifier: MIT
#include "formats/apitrace/d3d9_decl_vertices.h"

#include "formats/scene/vertex_element_type.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace refrast::apitrace {

namespace {

// The element type a declaration names (formats/scene/vertex_element_type.h:
// every D3DDECLTYPE but UNUSED).
const scene_json::ElementTypeInfo& typeOf(const std::string& type) {
    if (const auto t = scene_json::elementTypeNamed(type)) return scene_json::elementTypeInfo(*t);
    throw std::runtime_error("the vertex declaration's " + (type.empty() ? std::string("unnamed") : type) +
                             " element is not read for inline vertices (every D3DDECLTYPE but UNUSED is)");
}

}  // namespace

nlohmann::ordered_json declVertices(const nlohmann::ordered_json& elements, const std::string& blob, uint64_t stride,
                                    uint64_t count) {
    using scene_json::InlineValue;
    uint64_t end = 0;  // bytes of a vertex the elements read
    for (const auto& e : elements) {
        if (e.value("stream", 0) != 0)
            throw std::runtime_error("an inline (…UP) draw reads stream 0 only; the vertex declaration uses stream " +
                                     std::to_string(e.value("stream", 0)));
        end = std::max(end, uint64_t(e.value("offset", 0)) + typeOf(e.value("type", "")).bytes);
    }
    if (stride < end)
        throw std::runtime_error("stride " + std::to_string(stride) + " is less than the " + std::to_string(end) +
                                 " bytes the vertex declaration reads");
    if (count > 0 && (count - 1 > blob.size() / stride || (count - 1) * stride + end > blob.size()))
        throw std::runtime_error("the vertex data holds " + std::to_string(blob.size()) + " bytes, fewer than " +
                                 std::to_string(count) + " vertices of stride " + std::to_string(stride));
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (uint64_t v = 0; v < count; ++v) {
        nlohmann::ordered_json vertex = nlohmann::ordered_json::array();
        for (const auto& e : elements) {
            const uint8_t* p = reinterpret_cast<const uint8_t*>(blob.data()) + v * stride + e.value("offset", 0);
            const scene_json::ElementTypeInfo& type = typeOf(e.value("type", ""));
            // Each stored value as it is (docs/scene-format.md: an inline
            // vertex spells an element as its stored values; the loader
            // expands them as it expands a buffer's bytes).
            for (int k = 0; k < type.values; ++k) {
                switch (type.value) {
                    case InlineValue::Float: {
                        float f;
                        std::memcpy(&f, p + 4 * k, 4);
                        if (!std::isfinite(f))
                            throw std::runtime_error("vertex " + std::to_string(v) + " has a non-finite float");
                        vertex.push_back(double(f));  // exact: the loader reads back the same float
                        break;
                    }
                    case InlineValue::Dword: {
                        uint32_t d;
                        std::memcpy(&d, p, 4);
                        vertex.push_back(d);
                        break;
                    }
                    case InlineValue::Byte: vertex.push_back(p[k]); break;
                    case InlineValue::Int16: vertex.push_back(int16_t(uint16_t(p[2 * k] | p[2 * k + 1] << 8))); break;
                    case InlineValue::UInt16:
                    case InlineValue::HalfBits: vertex.push_back(uint16_t(p[2 * k] | p[2 * k + 1] << 8)); break;
                }
            }
        }
        out.push_back(std::move(vertex));
    }
    return out;
}

}  // namespace refrast::apitrace
