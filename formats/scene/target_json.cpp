// SPDX-License-Identifier: MIT
// The scene's "target" (render target, clears, pixel centres, viewport) and "gate".
#include "formats/scene/scene_parse.h"

namespace refrast::scene_json {

namespace {

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

GateSpec parseGate(const json::Node& node) {
    json::Object o(node);
    GateSpec g;
    if (auto n = o.optional("tolerance")) g.tolerance = int(n->asInt(0, 255));
    if (auto n = o.optional("max_fraction")) g.maxFraction = n->asDouble(0.0, 1.0);
    if (auto n = o.optional("max_pixels")) g.maxPixels = n->asInt(0, int64_t(1) << 40);
    if (auto n = o.optional("position_deviation")) g.positionDeviation = int(n->asInt(0, 16));
    if (auto n = o.optional("reason")) n->asString();
    o.finish();
    return g;
}

}  // namespace refrast::scene_json
