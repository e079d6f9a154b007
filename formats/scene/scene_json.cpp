// SPDX-License-Identifier: MIT
// loadScene(): the top level of a scene file (docs/scene-format.md).
#include "formats/scene/pixel_state_json.h"
#include "formats/scene/scene_parse.h"
#include "formats/scene/texture_json.h"
#include "formats/input_path.h"
#include "formats/resource_budget.h"
#include "formats/scene/vertex_processing_json.h"
#include "raster/vertex/vertex_blend.h"
#include "refrast/image.h"

#include <filesystem>
#include <optional>

namespace refrast {

namespace {

using namespace scene_json;

constexpr int kSceneVersion = 1;
constexpr int64_t kMaxBufferBytes = int64_t(1) << 32;  // 4 GiB

// The render's memory per target pixel: colour 4, depth 4, stencil 1, draw id
// 4 and overdraw 2 bytes of the framebuffer, the RGBA8 result 4, and about 5
// for PNG encoding (filtered rows and the compressed stream).
constexpr uint64_t kRenderBytesPerPixel = 24;

void chargeRenderTarget(const RenderTargetDesc& t, const json::Node& node) {
    chargeMemory(uint64_t(t.width) * uint64_t(t.height) * kRenderBytesPerPixel,
                 "a " + std::to_string(t.width) + "x" + std::to_string(t.height) + " render target", node.file(),
                 node.pointer());
}

Draw parseDraw(const json::Node& node, const Context& ctx, const std::vector<Texture>& textures) {
    json::Object o(node);
    Draw draw;
    if (auto n = o.optional("name")) draw.name = n->asString();
    if (auto n = o.optional("primitive")) draw.primitive = parsePrimitiveType(*n);
    parseVertices(o.required("vertices"), ctx, draw.vertices);
    if (auto n = o.optional("indices")) parseIndices(*n, ctx, draw.vertices.count, draw);
    if (auto n = o.optional("transform")) {
        if (draw.vertices.pretransformed) n->fail("XYZRHW vertices are already transformed: remove \"transform\"");
        draw.transform = parseTransform(*n);
    }
    if (auto n = o.optional("state")) parseDrawState(*n, draw.state);
    if (auto n = o.optional("stages")) {
        parseTextureStages(*n, textures, draw.state.pixel);
        for (const TextureStageState& t : draw.state.pixel.stages)  // texgen reads camera space
            if (draw.vertices.pretransformed && t.texGen != TexGen::PassThru)
                n->fail("texcoordindex texgen flags need untransformed vertices (XYZRHW has no camera space)");
    }
    if (auto n = o.optional("lights")) parseLights(*n, draw.state.vertex);
    if (auto n = o.optional("material")) draw.state.vertex.material = parseMaterial(*n);
    if (auto n = o.optional("clipplanes")) parseClipPlanes(*n, draw.state.vertex);
    o.finish();
    if (const std::string e = vertexBlendError(draw.state.vertex, draw.vertices); !e.empty()) node.fail(e);
    const size_t n = draw.indexed ? draw.indices.size() : draw.vertices.count;
    const char* what = draw.indexed ? "indices" : "vertices";
    switch (draw.primitive) {
        case PrimitiveType::TriangleList:
            if (n % 3 != 0) node.fail("TRIANGLELIST needs a multiple of 3 " + std::string(what) + ", got " + std::to_string(n));
            break;
        case PrimitiveType::TriangleStrip:
        case PrimitiveType::TriangleFan:
            if (n < 3) node.fail("a triangle strip or fan needs at least 3 " + std::string(what) + ", got " + std::to_string(n));
            break;
        case PrimitiveType::LineList:
            if (n % 2 != 0) node.fail("LINELIST needs a multiple of 2 " + std::string(what) + ", got " + std::to_string(n));
            break;
        case PrimitiveType::LineStrip:
            if (n < 2) node.fail("a line strip needs at least 2 " + std::string(what) + ", got " + std::to_string(n));
            break;
        case PrimitiveType::PointList: break;
    }
    return draw;
}

}  // namespace

namespace scene_json {

std::vector<Buffer> parseBuffers(const json::Node& node, const std::string& directory) {
    std::vector<Buffer> buffers;
    for (const json::Node& entry : node.asArray(0, 1024)) {
        json::Object o(entry);
        Buffer b;
        const json::Node uriNode = o.required("uri");
        b.uri = uriNode.asString();
        const int64_t length = o.required("byte_length").asInt(0, kMaxBufferBytes);
        o.finish();
        const std::string path = resolveSceneFile(uriNode, directory, "buffer");
        // Reading checks the file's size against the budget; it stays charged.
        b.bytes = readRegularFileBytes(path);
        chargeMemory(b.bytes.size(), "buffer \"" + b.uri + "\"", entry.file(), entry.pointer());
        if (int64_t(b.bytes.size()) != length)
            entry.fail(path + " holds " + std::to_string(b.bytes.size()) + " bytes, byte_length says " +
                       std::to_string(length));
        buffers.push_back(std::move(b));
    }
    return buffers;
}

void chargeSurface(int width, int height, const json::Node& node) {
    RenderTargetDesc surface;
    surface.width = width;
    surface.height = height;
    chargeRenderTarget(surface, node);
}

}  // namespace scene_json

Scene loadScene(const std::string& path) {
    // Everything this scene allocates before rendering counts against one budget.
    MemoryBudgetScope budget;
    const std::vector<uint8_t> text = readFileBytes(path);
    // The parsed document lives through the whole load: about 16 bytes per
    // value, so up to 8 times the text for an array of small numbers.
    chargeMemory(uint64_t(text.size()) * 8, "the parsed scene document", path, "");
    const nlohmann::json doc = json::parseDocument(text, path);
    const json::Node root(doc, "", path);
    json::Object o(root);
    Scene scene;
    scene.file = path;
    Context ctx;
    ctx.file = path;
    ctx.directory = std::filesystem::path(path).parent_path().string();
    const json::Node version = o.required("refrast_scene");
    const int64_t v = version.asInt(0, 1000);
    if (v == 2) {
        loadSceneV2(o, ctx, scene);
        return scene;
    }
    if (v != kSceneVersion)
        version.fail("unsupported scene format version " + version.raw().dump() + " (this refrast reads versions 1 and 2)");
    if (auto n = o.optional("description")) n->asString();
    scene.target = parseTarget(o.required("target"));
    chargeRenderTarget(scene.target, o.required("target"));
    if (auto n = o.optional("time")) scene.time = n->asFloat(0.0, 1e6);
    if (auto n = o.optional("gate")) scene.gate = parseGate(*n, ctx.directory, scene.target);
    if (auto n = o.optional("buffers")) ctx.buffers = parseBuffers(*n, ctx.directory);
    if (auto n = o.optional("textures")) scene.textures = parseTextures(*n, ctx.directory);
    const json::Node draws = o.required("draws");
    const std::optional<json::Node> sfx = o.optional("sfx");
    o.finish();
    for (const json::Node& d : draws.asArray(0, 1 << 20)) scene.draws.push_back(parseDraw(d, ctx, scene.textures));
    // Effects draw after the scene's own draws: they blend over what is there.
    if (sfx)
        for (Draw& d : parseSfxEntries(*sfx, ctx, scene.textures, scene.time)) scene.draws.push_back(std::move(d));
    return scene;
}

}  // namespace refrast
