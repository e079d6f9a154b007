// SPDX-License-Identifier: MIT
#include "formats/apitrace/d3d9_decl_vertices.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace refrast::apitrace {

namespace {

// The floats (FLOAT1..FLOAT4), or 0 for the four-byte D3DCOLOR and UBYTE4.
int floatsOf(const std::string& type) {
    if (type == "FLOAT1") return 1;
    if (type == "FLOAT2") return 2;
    if (type == "FLOAT3") return 3;
    if (type == "FLOAT4") return 4;
    if (type == "D3DCOLOR" || type == "UBYTE4") return 0;
    throw std::runtime_error("the vertex declaration's " + (type.empty() ? std::string("unnamed") : type) +
                             " element is not read for inline vertices (FLOAT1..FLOAT4, D3DCOLOR, UBYTE4 are)");
}

}  // namespace

nlohmann::ordered_json declVertices(const nlohmann::ordered_json& elements, const std::string& blob, uint64_t stride,
                                    uint64_t count) {
    uint64_t end = 0;  // bytes of a vertex the elements read
    for (const auto& e : elements) {
        if (e.value("stream", 0) != 0)
            throw std::runtime_error("an inline (…UP) draw reads stream 0 only; the vertex declaration uses stream " +
                                     std::to_string(e.value("stream", 0)));
        const int floats = floatsOf(e.value("type", ""));
        end = std::max(end, uint64_t(e.value("offset", 0)) + uint64_t(floats ? 4 * floats : 4));
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
            const char* p = blob.data() + v * stride + e.value("offset", 0);
            const std::string type = e.value("type", "");
            if (const int floats = floatsOf(type)) {
                for (int k = 0; k < floats; ++k) {
                    float f;
                    std::memcpy(&f, p + 4 * k, 4);
                    if (!std::isfinite(f)) throw std::runtime_error("vertex " + std::to_string(v) + " has a non-finite float");
                    vertex.push_back(double(f));  // exact: the loader reads back the same float
                }
            } else if (type == "D3DCOLOR") {
                uint32_t d;
                std::memcpy(&d, p, 4);
                vertex.push_back(d);
            } else {  // UBYTE4
                for (int k = 0; k < 4; ++k) vertex.push_back(uint8_t(p[k]));
            }
        }
        out.push_back(std::move(vertex));
    }
    return out;
}

}  // namespace refrast::apitrace
