// SPDX-License-Identifier: MIT
// The scene's "target" (render target, clears, pixel centres, viewport) and "gate".
#include "formats/scene/scene_parse.h"

#include <filesystem>

namespace refrast::scene_json {

Viewport parseViewport(const json::Node& node) {
    json::Object o(node);
    Viewport vp;
    vp.x = int(o.required("x").asInt(0, kMaxTargetSide));
    vp.y = int(o.required("y").asInt(0, kMaxTargetSide));
    vp.width = int(o.required("width").asInt(1, kMaxTargetSide));
    vp.height = int(o.required("height").asInt(1, kMaxTargetSide));
    if (auto n = o.optional("min_z")) vp.minZ = n->asFloat(0.0, 1.0);
    if (auto n = o.optional("max_z")) vp.maxZ = n->asFloat(0.0, 1.0);
    o.finish();
    return vp;
}

namespace {

void parseClear(const json::Node& node, RenderTargetDesc& t) {
    json::Object o(node);
    if (auto n = o.optional("color")) t.clearColor = n->asColor32();
    if (auto n = o.optional("depth")) t.clearDepth = n->asFloat(0.0, 1.0);
    if (auto n = o.optional("stencil")) t.clearStencil = uint8_t(n->asInt(0, 255));
    o.finish();
}

}  // namespace

RenderTargetDesc parseTarget(const json::Node& node) {
    json::Object o(node);
    RenderTargetDesc t;
    t.width = int(o.required("width").asInt(1, kMaxTargetSide));
    t.height = int(o.required("height").asInt(1, kMaxTargetSide));
    if (auto n = o.optional("color_format"))
        t.colorFormat = n->kind("colour format", "D3DFORMAT").asEnum<ColorFormat>(
            {{"A8R8G8B8", ColorFormat::A8R8G8B8}, {"X8R8G8B8", ColorFormat::X8R8G8B8}});
    if (auto n = o.optional("depth_format"))
        t.depthFormat = n->kind("depth format", "D3DFORMAT").asEnum<DepthFormat>({{"D24S8", DepthFormat::D24S8}, {"D32F", DepthFormat::D32F}});
    if (auto n = o.optional("clear")) parseClear(*n, t);
    if (auto n = o.optional("pixel_center"))
        t.pixelCenter = n->kind("pixel-centre convention").asEnum<PixelCenter>(
            {{"d3d9", PixelCenter::Integer}, {"d3d10", PixelCenter::Half}});
    t.viewport = Viewport{0, 0, t.width, t.height, 0.0f, 1.0f};
    if (auto n = o.optional("viewport")) t.viewport = parseViewport(*n);
    o.finish();
    return t;
}

namespace {

// The thresholds shared by the whole-image gate and a region's.
template <class Gate>
void parseThresholds(json::Object& o, Gate& g) {
    if (auto n = o.optional("max_fraction")) g.maxFraction = n->asDouble(0.0, 1.0);
    if (auto n = o.optional("max_pixels")) g.maxPixels = n->asInt(0, int64_t(1) << 40);
    if (auto n = o.optional("max_delta")) g.maxDelta = int(n->asInt(0, 255));
    if (auto n = o.optional("max_mean_error")) g.maxMeanError = n->asDouble(0.0, 255.0);
}

GateRegion parseGateRegion(const json::Node& node, const RenderTargetDesc& target) {
    json::Object o(node);
    GateRegion r;
    r.name = o.required("name").asString();
    const json::Node rect = o.required("rect");
    const std::vector<json::Node> v = rect.asArray(4, 4);
    r.left = int(v[0].asInt(0, kMaxTargetSide)), r.top = int(v[1].asInt(0, kMaxTargetSide));
    r.right = int(v[2].asInt(0, kMaxTargetSide)), r.bottom = int(v[3].asInt(0, kMaxTargetSide));
    if (r.right <= r.left || r.bottom <= r.top) rect.fail("empty rectangle (right and bottom are exclusive)");
    if (r.right > target.width || r.bottom > target.height)
        rect.fail("does not fit the " + std::to_string(target.width) + "x" + std::to_string(target.height) + " target");
    parseThresholds(o, r);
    o.finish();
    return r;
}

}  // namespace

GateSpec parseGate(const json::Node& node, const std::string& directory, const RenderTargetDesc& target) {
    json::Object o(node);
    GateSpec g;
    if (auto n = o.optional("tolerance")) g.tolerance = int(n->asInt(0, 255));
    parseThresholds(o, g);
    if (auto n = o.optional("position_deviation")) g.positionDeviation = int(n->asInt(0, 16));
    if (auto n = o.optional("ignore_alpha")) g.ignoreAlpha = n->asBool();
    if (auto n = o.optional("mask")) g.mask = (std::filesystem::path(directory) / n->asString()).string();
    if (auto n = o.optional("regions"))
        for (const json::Node& r : n->asArray(0, 256)) g.regions.push_back(parseGateRegion(r, target));
    if (auto n = o.optional("ambiguous")) {
        json::Object a(*n);
        if (auto t = a.optional("tolerance")) g.ambiguousTolerance = int(t->asInt(0, 255));
        if (auto i = a.optional("ignore")) g.ambiguousIgnore = i->asBool();
        a.finish();
    }
    if (auto n = o.optional("reason")) g.reason = n->asString();
    o.finish();
    return g;
}

}  // namespace refrast::scene_json
