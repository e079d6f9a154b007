// SPDX-License-Identifier: MIT
// Attributing differing pixels to the draws that wrote them.
#include "src/diff/draw_attribution.h"

#include "src/diff/port_hints.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstdio>
#include <map>

namespace refrast::diff {

namespace {

struct Accumulator {
    int64_t pixels = 0, sumDelta = 0;
    int maxDelta = 0;
    int minX = INT_MAX, minY = INT_MAX, maxX = -1, maxY = -1;
};

int largestDelta(const uint8_t* pa, const uint8_t* pb, int channels) {
    int m = 0;
    for (int c = 0; c < channels; ++c) m = std::max(m, std::abs(int(pa[c]) - int(pb[c])));
    return m;
}

bool matches(const uint8_t* pa, const uint8_t* pb, int tolerance, int channels) {
    return largestDelta(pa, pb, channels) <= tolerance;
}

}  // namespace

std::optional<std::array<int, 2>> drawShift(const Image& a, const Image& b, const std::vector<uint32_t>& drawId,
                                            uint32_t id, int tolerance, bool ignoreAlpha) {
    const int channels = ignoreAlpha ? 3 : 4;
    std::vector<std::array<int, 2>> owned;  // the draw's pixels in A
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x)
            if (drawId[size_t(y) * size_t(a.width) + size_t(x)] == id) owned.push_back({x, y});
    // Every owned pixel must match after the shift (outside B counts as a mismatch).
    const auto allMatch = [&](int dx, int dy) {
        for (const auto& [x, y] : owned) {
            const int bx = x + dx, by = y + dy;
            if (bx < 0 || by < 0 || bx >= b.width || by >= b.height) return false;
            if (!matches(a.pixel(x, y), b.pixel(bx, by), tolerance, channels)) return false;
        }
        return true;
    };
    if (owned.empty() || allMatch(0, 0)) return std::nullopt;
    for (int ring = 1; ring <= kMaxDrawShift; ++ring)
        for (int dy = -ring; dy <= ring; ++dy)
            for (int dx = -ring; dx <= ring; ++dx)
                if (std::max(std::abs(dx), std::abs(dy)) == ring && allMatch(dx, dy)) return std::array<int, 2>{dx, dy};
    return std::nullopt;
}

std::vector<DrawBlame> attributeToDraws(const Image& a, const Image& b, const DiffResult& r,
                                        const std::vector<uint32_t>& drawId, const std::vector<std::string>& names) {
    const size_t n = size_t(a.width) * size_t(a.height);
    if (r.pixelClasses.size() != n || drawId.size() != n) return {};
    const int channels = r.ignoreAlpha ? 3 : 4;
    std::map<uint32_t, Accumulator> byId;
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            const size_t i = size_t(y) * size_t(a.width) + size_t(x);
            if (r.pixelClasses[i] != PixelClass::Differing) continue;
            Accumulator& acc = byId[drawId[i]];
            const int d = largestDelta(a.pixel(x, y), b.pixel(x, y), channels);
            ++acc.pixels, acc.sumDelta += d, acc.maxDelta = std::max(acc.maxDelta, d);
            acc.minX = std::min(acc.minX, x), acc.maxX = std::max(acc.maxX, x);
            acc.minY = std::min(acc.minY, y), acc.maxY = std::max(acc.maxY, y);
        }
    std::vector<DrawBlame> out;
    for (const auto& [id, acc] : byId) {
        DrawBlame blame;
        blame.draw = int(id) - 1;
        if (id > 0 && id - 1 < names.size()) blame.name = names[id - 1];
        blame.pixels = acc.pixels, blame.maxDelta = acc.maxDelta;
        blame.meanDelta = double(acc.sumDelta) / double(acc.pixels);
        blame.bbox = {acc.minX, acc.minY, acc.maxX + 1, acc.maxY + 1};
        out.push_back(std::move(blame));
    }
    std::stable_sort(out.begin(), out.end(), [](const DrawBlame& p, const DrawBlame& q) {
        if (p.pixels != q.pixels) return p.pixels > q.pixels;
        return p.maxDelta > q.maxDelta;  // equal: map order, i.e. draw index
    });
    // With the noise allowance of the port-bug hints (docs/diff.md).
    const int tolerance = std::min(255, r.tolerance + kHintNoise);
    for (size_t i = 0; i < out.size() && i < kDrawsShiftSearched; ++i)
        if (out[i].draw >= 0) out[i].moved = drawShift(a, b, drawId, uint32_t(out[i].draw + 1), tolerance, r.ignoreAlpha);
    return out;
}

std::string drawBlameLine(const DrawBlame& d) {
    std::string who = d.draw < 0 ? "clear" : "draw " + std::to_string(d.draw);
    if (!d.name.empty()) who += " \"" + d.name + "\"";
    char text[200];
    std::snprintf(text, sizeof text, ": %lld px, max delta %d, mean delta %.1f, bbox [%d,%d,%d,%d]",
                  static_cast<long long>(d.pixels), d.maxDelta, d.meanDelta, d.bbox.left, d.bbox.top, d.bbox.right,
                  d.bbox.bottom);
    std::string line = who + text;
    if (d.moved) {
        std::snprintf(text, sizeof text, "; moved by (%+d, %+d) in B", (*d.moved)[0], (*d.moved)[1]);
        line += text;
    }
    return line;
}

nlohmann::ordered_json drawBlameJson(const std::vector<DrawBlame>& blames) {
    using Json = nlohmann::ordered_json;
    Json list = Json::array();
    for (const DrawBlame& d : blames)
        list.push_back(Json{{"draw", d.draw < 0 ? Json(nullptr) : Json(d.draw)},
                            {"name", d.name.empty() ? Json(nullptr) : Json(d.name)},
                            {"pixels", d.pixels},
                            {"max_delta", d.maxDelta},
                            {"mean_delta", d.meanDelta},
                            {"bbox", Json::array({d.bbox.left, d.bbox.top, d.bbox.right, d.bbox.bottom})},
                            {"moved", d.moved ? Json::array({(*d.moved)[0], (*d.moved)[1]}) : Json(nullptr)}});
    return list;
}

}  // namespace refrast::diff
