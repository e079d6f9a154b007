// SPDX-License-Identifier: MIT
// Attributing differing pixels to the draws that wrote them.
#include "src/diff/draw_attribution.h"

#include <algorithm>
#include <climits>
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

}  // namespace

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
    return out;
}

std::string drawBlameLine(const DrawBlame& d) {
    std::string who = d.draw < 0 ? "clear" : "draw " + std::to_string(d.draw);
    if (!d.name.empty()) who += " \"" + d.name + "\"";
    char text[200];
    std::snprintf(text, sizeof text, ": %lld px, max delta %d, mean delta %.1f, bbox [%d,%d,%d,%d]",
                  static_cast<long long>(d.pixels), d.maxDelta, d.meanDelta, d.bbox.left, d.bbox.top, d.bbox.right,
                  d.bbox.bottom);
    return who + text;
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
                            {"bbox", Json::array({d.bbox.left, d.bbox.top, d.bbox.right, d.bbox.bottom})}});
    return list;
}

}  // namespace refrast::diff
