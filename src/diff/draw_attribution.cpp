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

DrawPlanes DrawPlanes::cropped(int fullWidth, const PixelRect& crop) const {
    DrawPlanes out;
    out.names = names;
    const size_t w = size_t(crop.width()), h = size_t(crop.height());
    out.drawId.resize(w * h);
    if (!touches.empty()) out.touches.assign(w * h);
    for (size_t y = 0; y < h; ++y)
        for (size_t x = 0; x < w; ++x) {
            const size_t from = (size_t(crop.top) + y) * size_t(fullWidth) + size_t(crop.left) + x, to = y * w + x;
            out.drawId[to] = drawId[from];
            if (touches.empty()) continue;
            out.touches.count[to] = touches.count[from];
            std::copy_n(touches.of(from), kRecentTouches, &out.touches.recent[to * kRecentTouches]);
        }
    return out;
}

DrawAttribution attributeToDraws(const Image& a, const Image& b, const DiffResult& r, const DrawPlanes& planes) {
    const size_t n = size_t(a.width) * size_t(a.height);
    const std::vector<uint32_t>& drawId = planes.drawId;
    const bool touches = planes.touches.count.size() == n;
    if (r.pixelClasses.size() != n || drawId.size() != n) return {};
    const int channels = r.ignoreAlpha ? 3 : 4;
    DrawAttribution out;
    std::map<uint32_t, Accumulator> byId;
    std::map<uint32_t, Accumulator> touchedById;  // pixels and box only
    const auto grow = [](Accumulator& acc, int x, int y) {
        acc.minX = std::min(acc.minX, x), acc.maxX = std::max(acc.maxX, x);
        acc.minY = std::min(acc.minY, y), acc.maxY = std::max(acc.maxY, y);
    };
    for (int y = 0; y < a.height; ++y)
        for (int x = 0; x < a.width; ++x) {
            const size_t i = size_t(y) * size_t(a.width) + size_t(x);
            if (r.pixelClasses[i] != PixelClass::Differing) continue;
            Accumulator& acc = byId[drawId[i]];
            const int d = largestDelta(a.pixel(x, y), b.pixel(x, y), channels);
            ++acc.pixels, acc.sumDelta += d, acc.maxDelta = std::max(acc.maxDelta, d);
            grow(acc, x, y);
            if (!touches) continue;
            const int kept = std::min<int>(planes.touches.count[i], kRecentTouches);
            out.touchOverflow += planes.touches.count[i] > kRecentTouches;
            for (int k = 0; k < kept; ++k) {
                const uint32_t id = planes.touches.of(i)[k];
                if (id == drawId[i]) continue;  // the last writer: counted above
                Accumulator& t = touchedById[id];
                ++t.pixels;
                grow(t, x, y);
            }
        }
    const auto box = [](const Accumulator& acc) { return PixelRect{acc.minX, acc.minY, acc.maxX + 1, acc.maxY + 1}; };
    const auto blameOf = [&](uint32_t id) {
        DrawBlame blame;
        blame.draw = int(id) - 1;
        if (id > 0 && id - 1 < planes.names.size()) blame.name = planes.names[id - 1];
        return blame;
    };
    for (const auto& [id, acc] : byId) {
        DrawBlame blame = blameOf(id);
        blame.pixels = acc.pixels, blame.maxDelta = acc.maxDelta;
        blame.meanDelta = double(acc.sumDelta) / double(acc.pixels);
        blame.bbox = box(acc);
        if (const auto t = touchedById.find(id); t != touchedById.end())
            blame.touched = t->second.pixels, blame.touchedBox = box(t->second);
        out.draws.push_back(std::move(blame));
    }
    for (const auto& [id, acc] : touchedById)
        if (!byId.count(id)) {
            DrawBlame blame = blameOf(id);
            blame.touched = acc.pixels, blame.touchedBox = box(acc);
            out.draws.push_back(std::move(blame));
        }
    std::stable_sort(out.draws.begin(), out.draws.end(), [](const DrawBlame& p, const DrawBlame& q) {
        if (p.pixels != q.pixels) return p.pixels > q.pixels;
        if (p.maxDelta != q.maxDelta) return p.maxDelta > q.maxDelta;
        if (p.pixels == 0 && p.touched != q.touched) return p.touched > q.touched;  // touched only
        return p.draw < q.draw;
    });
    // With the noise allowance of the port-bug hints (docs/diff.md).
    const int tolerance = std::min(255, r.tolerance + kHintNoise);
    for (size_t i = 0; i < out.draws.size() && i < kDrawsShiftSearched; ++i)
        if (out.draws[i].draw >= 0 && out.draws[i].pixels > 0)
            out.draws[i].moved = drawShift(a, b, drawId, uint32_t(out.draws[i].draw + 1), tolerance, r.ignoreAlpha);
    return out;
}

namespace {

std::string rectText(const PixelRect& r) {
    return "[" + std::to_string(r.left) + "," + std::to_string(r.top) + "," + std::to_string(r.right) + "," +
           std::to_string(r.bottom) + "]";
}

}  // namespace

const PixelRect& drawBox(const DrawBlame& d) { return d.pixels > 0 ? d.bbox : d.touchedBox; }

std::string drawBlameLine(const DrawBlame& d) {
    std::string line = d.draw < 0 ? "clear" : "draw " + std::to_string(d.draw);
    if (!d.name.empty()) line += " \"" + d.name + "\"";
    const std::string touched = "touched " + std::to_string(d.touched) + " px it did not write last, bbox " + rectText(d.touchedBox);
    if (d.pixels == 0) return line + ": " + touched;
    char text[200];
    std::snprintf(text, sizeof text, ": %lld px, max delta %d, mean delta %.1f, bbox ", static_cast<long long>(d.pixels),
                  d.maxDelta, d.meanDelta);
    line += text + rectText(d.bbox);
    if (d.touched > 0) line += "; " + touched;
    if (d.moved) {
        std::snprintf(text, sizeof text, "; moved by (%+d, %+d) in B", (*d.moved)[0], (*d.moved)[1]);
        line += text;
    }
    return line;
}

std::string drawBlameHeading() {
    return "differing pixels by draw in A (px: it wrote them last; touched: its fragments reached them), worst first:";
}

std::string touchOverflowNote(int64_t touchOverflow) {
    if (touchOverflow == 0) return "";
    return std::to_string(touchOverflow) + " differing px were touched by more than " + std::to_string(kRecentTouches) +
           " draws: only their " + std::to_string(kRecentTouches) + " most recent are counted";
}

nlohmann::ordered_json drawBlameJson(const std::vector<DrawBlame>& blames) {
    using Json = nlohmann::ordered_json;
    const auto rectJson = [](const PixelRect& r) { return Json::array({r.left, r.top, r.right, r.bottom}); };
    Json list = Json::array();
    for (const DrawBlame& d : blames)
        list.push_back(Json{{"draw", d.draw < 0 ? Json(nullptr) : Json(d.draw)},
                            {"name", d.name.empty() ? Json(nullptr) : Json(d.name)},
                            {"pixels", d.pixels},
                            {"max_delta", d.maxDelta},
                            {"mean_delta", d.meanDelta},
                            {"bbox", d.pixels > 0 ? rectJson(d.bbox) : Json(nullptr)},
                            {"moved", d.moved ? Json::array({(*d.moved)[0], (*d.moved)[1]}) : Json(nullptr)},
                            {"touched_pixels", d.touched},
                            {"touched_bbox", d.touched > 0 ? rectJson(d.touchedBox) : Json(nullptr)}});
    return list;
}

}  // namespace refrast::diff
