// SPDX-License-Identifier: MIT
// The scene's "sfx" array: each entry places an i860 special effect, which
// expands here, at load time, into one ordinary Draw (docs/sfx.md "Drawing
// effects in scenes"; docs/scene-format.md "sfx").
// Spec: shared/spec/legacy-behaviours.md §3.1; issue 7 item 4.
#include "formats/scene/scene_parse.h"

#include "formats/scene/texture_json.h"
#include "formats/sfx/sfx_draw.h"
#include "formats/sfx/sfx_placement.h"

#include <cstdio>
#include <filesystem>
#include <optional>

namespace refrast::scene_json {

namespace {

// Seeds stay within 2^53 − 1 so every JSON reader holds them exactly.
constexpr int64_t kMaxSfxSeed = (int64_t(1) << 53) - 1;
constexpr double kMaxSfxTime = 3600.0;  // seconds; effects end within the 7 s lifetime cap

// An entry's keys as read, before the descriptor is known.
struct SfxEntry {
    std::string name;
    sfx::SfxPlacement placement;
    DrawTransform camera;
    std::optional<json::Node> texture, sampler, ramp;
};

std::string resolveDescriptors(const json::Node& node, const std::string& sceneDir) {
    const std::filesystem::path file(node.asString());
    const std::filesystem::path path = file.is_absolute() ? file : std::filesystem::path(sceneDir) / file;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) node.fail("descriptors file \"" + path.string() + "\" not found");
    return path.string();
}

DrawTransform parseCamera(const json::Node& node) {
    if (node.isObject() && node.raw().contains("world"))
        node.child("world").fail("an effect is placed in world space by \"position\": remove \"world\"");
    const DrawTransform t = parseTransform(node);
    // The quads face the camera along the view matrix's first two columns
    // (formats/sfx/sfx_quads.cpp): they must have a direction.
    for (int c = 0; c < 2; ++c)
        if (t.view(0, c) == 0.0f && t.view(1, c) == 0.0f && t.view(2, c) == 0.0f)
            node.child("view").fail("column " + std::to_string(c + 1) +
                                    " (_1" + std::to_string(c + 1) + " _2" + std::to_string(c + 1) + " _3" +
                                    std::to_string(c + 1) + ") is zero: the camera has no " +
                                    (c == 0 ? "right" : "up") + " direction to face effect cards along");
    return t;
}

SfxEntry readEntry(const json::Node& node, const Context& ctx, float sceneTime) {
    json::Object o(node);
    SfxEntry e;
    if (auto n = o.optional("name")) e.name = n->asString();
    e.placement.descriptors = resolveDescriptors(o.required("descriptors"), ctx.directory);
    e.placement.effect = o.required("effect").asString();
    e.placement.seed = uint64_t(o.required("seed").asInt(0, kMaxSfxSeed));
    e.placement.time = sceneTime;
    if (auto n = o.optional("time")) e.placement.time = n->asFloat(0.0, kMaxSfxTime);
    else if (double(sceneTime) > kMaxSfxTime) {
        char text[160];
        std::snprintf(text, sizeof text, "inherits the scene's time %.9g s, beyond the effect clock's %.9g s: give the "
                      "entry its own \"time\"", double(sceneTime), kMaxSfxTime);
        node.fail(text);
    }
    const std::vector<float> p = o.required("position").asFloatArray(3, 3);
    e.placement.positionWorld = Vec3(p[0], p[1], p[2]);
    e.camera = parseCamera(o.required("camera"));
    e.texture = o.optional("texture");
    e.sampler = o.optional("sampler");
    e.ramp = o.optional("ramp");
    o.finish();
    return e;
}

int findTextureNamed(const std::string& name, const std::vector<Texture>& textures) {
    for (size_t i = 0; i < textures.size(); ++i)
        if (textures[i].name == name) return int(i);
    return -1;
}

// The descriptor's texture name, or the entry's "texture", as a scene texture.
int resolveTexture(const SfxEntry& e, const json::Node& node, const SfxDescriptor& d, const std::vector<Texture>& textures) {
    if (e.texture) {
        const int i = findTextureNamed(e.texture->asString(), textures);
        if (i < 0) e.texture->fail("unknown texture \"" + e.texture->asString() + "\" (not in /textures)");
        return i;
    }
    const int i = findTextureNamed(d.texture, textures);
    if (i < 0)
        node.fail("effect \"" + d.name + "\" draws texture \"" + d.texture +
                  "\", which is not in /textures (add a texture of that name, or name one with \"texture\")");
    return i;
}

MaterialRampState parseRamp(const json::Node& node) {
    json::Object o(node);
    MaterialRampState ramp{true, sfx::kSfxRampLow, sfx::kSfxRampHigh};
    if (auto n = o.optional("low")) ramp.low = n->asColor32();
    if (auto n = o.optional("high")) ramp.high = n->asColor32();
    o.finish();
    return ramp;
}

sfx::SfxDrawStyle drawStyle(const SfxEntry& e, const json::Node& node, const SfxDescriptor& d,
                            const std::vector<Texture>& textures) {
    sfx::SfxDrawStyle style;
    if (!d.textured()) {
        for (const std::optional<json::Node>* key : {&e.texture, &e.sampler, &e.ramp})
            if (*key) (*key)->fail("effect \"" + d.name + "\" is untextured (texture=NOTEX): remove this key");
        return style;
    }
    style.texture = resolveTexture(e, node, d, textures);
    if (textures[size_t(style.texture)].type == TextureType::Cube)  // the cards carry 2-D (u, v)
        (e.texture ? *e.texture : node).fail("effect \"" + d.name + "\" draws the cube texture \"" +
                                             textures[size_t(style.texture)].name + "\" (effect cards take a 2-D texture)");
    if (e.sampler) style.sampler = parseSamplerState(*e.sampler);
    if (e.ramp) style.ramp = parseRamp(*e.ramp);
    return style;
}

Draw expandEntry(const json::Node& node, const Context& ctx, const std::vector<Texture>& textures, float sceneTime) {
    const SfxEntry e = readEntry(node, ctx, sceneTime);
    const sfx::PlacedEffect placed =
        sfx::placeEffect(e.placement, e.camera.view, ctx.file, node.pointer() + "/effect");
    const sfx::SfxDrawStyle style = drawStyle(e, node, placed.descriptor, textures);
    const std::string name = e.name.empty() ? "sfx " + placed.descriptor.name : e.name;
    return sfx::sfxDraw(placed.quads, e.camera.view, e.camera.projection, style, name);
}

}  // namespace

std::vector<Draw> parseSfxEntries(const json::Node& node, const Context& ctx, const std::vector<Texture>& textures,
                                  float sceneTime) {
    std::vector<Draw> draws;
    for (const json::Node& entry : node.asArray(0, 1024)) draws.push_back(expandEntry(entry, ctx, textures, sceneTime));
    return draws;
}

}  // namespace refrast::scene_json
