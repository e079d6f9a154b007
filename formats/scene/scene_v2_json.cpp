// SPDX-License-Identifier: MIT
// Version 2 scene files: surfaces and the D3D9 command stream
// (docs/scene-format.md, version 2). The loader plays the commands against a
// model of the device's state, so every draw leaves here with its full state,
// surfaces and viewport, exactly like a version 1 draw, and errors point at
// the command that caused them.
#include "formats/d3d/state_vocabulary.h"
#include "formats/name_suggestion.h"
#include "formats/scene/pixel_state_json.h"
#include "formats/scene/scene_parse.h"
#include "formats/scene/texture_json.h"
#include "formats/scene/vertex_processing_json.h"
#include "formats/scene/vertex_stream_json.h"
#include "raster/vertex/vertex_blend.h"

#include <algorithm>
#include <memory>
#include <optional>

namespace refrast::scene_json {

namespace {

constexpr int kMaxSurfaces = 256;
constexpr size_t kMaxCommands = size_t(1) << 22;

// What IDirect3DDevice9 holds between calls (docs/scene-format.md, the
// device's initial state).
struct Device {
    DrawState state;
    DrawTransform transform;
    int colorSurface = 0;
    int depthSurface = kNoSurface;
    Viewport viewport;
    VertexLayout layout;
    std::array<StreamBinding, kMaxStreams> streams;
    IndexBinding indices;
};

Viewport wholeSurface(const SurfaceDesc& s) { return Viewport{0, 0, s.width, s.height, 0.0f, 1.0f}; }

// `cube`: the entry is a render-target cube texture ("cube": true), six
// square colour surfaces (docs/scene-format.md "surfaces").
SurfaceDesc parseSurface(const json::Node& node, bool& cube) {
    json::Object o(node);
    SurfaceDesc s;
    s.name = o.required("name").asString();
    const json::Node format = o.required("format");
    s.width = int(o.required("width").asInt(1, kMaxTargetSide));
    s.height = int(o.required("height").asInt(1, kMaxTargetSide));
    cube = false;
    if (auto c = o.optional("cube")) {
        cube = c->asBool();
        if (cube && s.width != s.height) c->fail("a cube's faces are square: width and height differ");
    }
    o.finish();
    json::Node f = format;
    const int code = f.kind("surface format", "D3DFORMAT")
                         .asEnum<int>({{"A8R8G8B8", 21}, {"X8R8G8B8", 22}, {"R5G6B5", 23}, {"X1R5G5B5", 24},
                                       {"A1R5G5B5", 25}, {"A4R4G4B4", 26}, {"X4R4G4B4", 30}, {"D16_LOCKABLE", 70},
                                       {"D32", 71}, {"D15S1", 73}, {"D24S8", 75}, {"D24X8", 77}, {"D24X4S4", 79},
                                       {"D16", 80}, {"D32F_LOCKABLE", 82}, {"D32F", 82}, {"D24FS8", 83}});
    if (cube && code >= 64) node.fail("a cube surface must have a colour format (depth/stencil cubes are unsupported)");
    if (code < 64) {
        s.kind = SurfaceDesc::Kind::Color;
        s.colorFormat = ColorFormat(code);
    } else {
        s.kind = SurfaceDesc::Kind::DepthStencil;
        s.depthFormat = DepthFormat(code);
    }
    return s;
}

int findSurface(const json::Node& name, const Scene& scene, SurfaceDesc::Kind kind) {
    const std::string n = name.asString();
    for (size_t i = 0; i < scene.surfaces.size(); ++i) {
        if (scene.surfaces[i].name != n) continue;
        if (scene.surfaces[i].kind != kind)
            name.fail("\"" + n + "\" is a " + (kind == SurfaceDesc::Kind::Color ? "depth/stencil" : "colour") +
                      " surface; expected a " + (kind == SurfaceDesc::Kind::Color ? "colour" : "depth/stencil") + " one");
        return int(i);
    }
    name.fail("unknown surface \"" + n + "\" (not in /surfaces)");
}

SurfaceRect parseRect(const json::Node& node, const SurfaceDesc& surface, const char* what) {
    const std::vector<json::Node> v = node.asArray(4, 4);
    SurfaceRect r{int(v[0].asInt(-kMaxTargetSide, kMaxTargetSide)), int(v[1].asInt(-kMaxTargetSide, kMaxTargetSide)),
                  int(v[2].asInt(-kMaxTargetSide, kMaxTargetSide)), int(v[3].asInt(-kMaxTargetSide, kMaxTargetSide))};
    if (r.x0 >= r.x1 || r.y0 >= r.y1) node.fail(std::string(what) + " is empty (expected [left, top, right, bottom] with right > left, bottom > top)");
    if (r.x0 < 0 || r.y0 < 0 || r.x1 > surface.width || r.y1 > surface.height)
        node.fail(std::string(what) + " lies outside the " + std::to_string(surface.width) + "x" +
                  std::to_string(surface.height) + " surface \"" + surface.name + "\"");
    return r;
}

SurfaceRect intersect(SurfaceRect a, const SurfaceRect& b) {
    return {std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

class CommandReader {
public:
    CommandReader(Scene& scene, const Context& ctx) : scene_(scene), ctx_(ctx) {
        for (size_t i = 0; i < scene.surfaces.size(); ++i) {
            if (scene.surfaces[i].kind == SurfaceDesc::Kind::DepthStencil && device_.depthSurface == kNoSurface)
                device_.depthSurface = int(i);
        }
        const auto first = std::find_if(scene.surfaces.begin(), scene.surfaces.end(),
                                        [](const SurfaceDesc& s) { return s.kind == SurfaceDesc::Kind::Color; });
        device_.colorSurface = int(first - scene.surfaces.begin());
        device_.state.vertex.lighting = kD3D9LightingDefault;
        resetViewportAndScissor();
    }

    void read(const json::Node& command) {
        if (!command.isObject() || command.raw().size() != 1)
            command.fail("a command is an object with one key, the D3D9 call's name (e.g. {\"Clear\": {...}})");
        const std::string call = command.raw().begin().key();
        const json::Node arg = command.child(call);
        if (call == "SetRenderTarget") setRenderTarget(arg);
        else if (call == "SetDepthStencilSurface") setDepthStencilSurface(arg);
        else if (call == "SetViewport") setViewport(arg);
        else if (call == "SetScissorRect") setScissorRect(arg);
        else if (call == "Clear") clear(arg);
        else if (call == "ColorFill") colorFill(arg);
        else if (call == "StretchRect") stretchRect(arg);
        else if (call == "SetRenderState") setRenderState(arg);
        else if (call == "SetTextureStageState") setTextureStageState(arg);
        else if (call == "SetSamplerState") setSamplerState(arg);
        else if (call == "SetTexture") setTexture(arg);
        else if (call == "SetTransform") setTransform(arg);
        else if (call == "SetLight") setLightCommand(arg, device_.state.vertex);
        else if (call == "LightEnable") lightEnableCommand(arg, device_.state.vertex);
        else if (call == "SetMaterial") device_.state.vertex.material = parseMaterial(arg);
        else if (call == "SetClipPlane") setClipPlaneCommand(arg, device_.state.vertex);
        else if (call == "SetFVF") device_.layout = parseFvf(arg);
        else if (call == "SetVertexDeclaration") device_.layout = parseVertexDeclaration(arg);
        else if (call == "SetStreamSource") setStreamSource(arg);
        else if (call == "SetIndices") setIndices(arg);
        else if (call == "DrawPrimitive" || call == "DrawIndexedPrimitive" || call == "DrawPrimitiveUP" ||
                 call == "DrawIndexedPrimitiveUP")
            draw(call, arg);
        else {
            static const std::vector<std::string> calls = {
                "SetRenderTarget", "SetDepthStencilSurface", "SetViewport", "SetScissorRect", "Clear", "ColorFill",
                "StretchRect", "SetRenderState", "SetTextureStageState", "SetSamplerState", "SetTexture", "SetTransform",
                "SetLight", "LightEnable", "SetMaterial", "SetClipPlane", "SetFVF", "SetVertexDeclaration", "SetStreamSource", "SetIndices", "DrawPrimitive",
                "DrawIndexedPrimitive", "DrawPrimitiveUP", "DrawIndexedPrimitiveUP"};
            const std::string guess = closestName(call, calls);
            command.child(call).fail("unknown command \"" + call + "\"" +
                                     (guess.empty() ? std::string(" (docs/scene-format.md lists the commands)")
                                                    : " (did you mean \"" + guess + "\"?)"));
        }
    }

private:
    const SurfaceDesc& colorTarget() const { return scene_.surfaces[size_t(device_.colorSurface)]; }

    // SetRenderTarget resets the viewport and the scissor rectangle to the
    // whole surface (D3D9 documentation of IDirect3DDevice9::SetRenderTarget; [WINE] device.c).
    void resetViewportAndScissor() {
        device_.viewport = wholeSurface(colorTarget());
        ScissorState& s = device_.state.scissor;
        s.left = s.top = 0;
        s.right = colorTarget().width;
        s.bottom = colorTarget().height;
    }

    void setRenderTarget(const json::Node& arg) {
        json::Object o(arg);
        const json::Node index = o.required("index");
        if (index.asInt(0, 3) != 0) index.fail("render target " + index.raw().dump() + ": multiple render targets are unsupported (index 0 only)");
        const json::Node surface = o.required("surface");
        if (surface.raw().is_null())
            surface.fail("render target 0 cannot be null: a draw needs a target (D3D9 rejects SetRenderTarget(0, NULL))");
        device_.colorSurface = findSurface(surface, scene_, SurfaceDesc::Kind::Color);
        o.finish();
        resetViewportAndScissor();
    }

    void setDepthStencilSurface(const json::Node& arg) {
        device_.depthSurface = arg.raw().is_null() ? kNoSurface : findSurface(arg, scene_, SurfaceDesc::Kind::DepthStencil);
    }

    void setViewport(const json::Node& arg) {
        const Viewport vp = parseViewport(arg);
        if (vp.x + vp.width > colorTarget().width || vp.y + vp.height > colorTarget().height)
            arg.fail("the viewport extends past the " + std::to_string(colorTarget().width) + "x" +
                     std::to_string(colorTarget().height) + " render target \"" + colorTarget().name +
                     "\" (D3D9 rejects it)");
        device_.viewport = vp;
    }

    void setScissorRect(const json::Node& arg) {
        const SurfaceRect r = parseRect(arg, colorTarget(), "the scissor rectangle");
        ScissorState& s = device_.state.scissor;
        s.left = r.x0;
        s.top = r.y0;
        s.right = r.x1;
        s.bottom = r.y1;
    }

    void clear(const json::Node& arg) {
        json::Object o(arg);
        ClearCommand c;
        const json::Node flagsNode = o.required("flags");
        uint32_t flags = 0;
        if (flagsNode.isNumber()) {
            flags = uint32_t(flagsNode.asInt(0, 7));
        } else {
            std::string s = flagsNode.asString(), token;
            for (size_t i = 0; i <= s.size(); ++i) {
                if (i < s.size() && s[i] != '|') {
                    if (s[i] != ' ') token += s[i];
                    continue;
                }
                if (token.rfind("D3DCLEAR_", 0) == 0) token = token.substr(9);
                if (token == "TARGET") flags |= 1;
                else if (token == "ZBUFFER") flags |= 2;
                else if (token == "STENCIL") flags |= 4;
                else flagsNode.fail("unknown clear flag \"" + token + "\" (expected TARGET, ZBUFFER, STENCIL joined by |)");
                token.clear();
            }
        }
        c.target = flags & 1;
        c.zbuffer = flags & 2;
        c.stencil = flags & 4;
        if (auto n = o.optional("color")) c.color = n->asColor32();
        if (auto n = o.optional("z")) c.z = n->asFloat(0.0, 1.0);
        if (auto n = o.optional("stencil")) c.stencilValue = uint8_t(n->asInt(0, 255));
        std::vector<SurfaceRect> rects;
        if (auto n = o.optional("rects"))
            for (const json::Node& r : n->asArray(1, 4096)) rects.push_back(parseRect(r, colorTarget(), "the clear rectangle"));
        o.finish();
        c.colorSurface = device_.colorSurface;
        c.depthSurface = device_.depthSurface;
        if ((c.zbuffer || c.stencil) && c.depthSurface == kNoSurface)
            flagsNode.fail("ZBUFFER or STENCIL with no depth/stencil surface set (D3D9 rejects the call)");
        if (c.stencil && stencilBits(scene_.surfaces[size_t(c.depthSurface)].depthFormat) == 0)
            flagsNode.fail("STENCIL on the depth surface \"" + scene_.surfaces[size_t(c.depthSurface)].name +
                           "\", whose format has no stencil (D3D9 rejects the call)");
        // The cleared area: each rect (or the surface) within the viewport and,
        // when the scissor test is on, the scissor rectangle (docs/fixed-function.md §15.3).
        const Viewport& vp = device_.viewport;
        SurfaceRect bound{vp.x, vp.y, vp.x + vp.width, vp.y + vp.height};
        const ScissorState& s = device_.state.scissor;
        if (s.enable) bound = intersect(bound, {s.left, s.top, s.right, s.bottom});
        if (rects.empty()) rects.push_back({0, 0, colorTarget().width, colorTarget().height});
        for (const SurfaceRect& r : rects)
            if (const SurfaceRect clipped = intersect(r, bound); !clipped.empty()) c.rects.push_back(clipped);
        push(Command::Kind::Clear, scene_.clears, std::move(c));
    }

    void colorFill(const json::Node& arg) {
        json::Object o(arg);
        ColorFillCommand c;
        c.surface = findSurface(o.required("surface"), scene_, SurfaceDesc::Kind::Color);
        const SurfaceDesc& s = scene_.surfaces[size_t(c.surface)];
        c.rect = {0, 0, s.width, s.height};
        if (auto n = o.optional("rect")) c.rect = parseRect(*n, s, "the fill rectangle");
        if (auto n = o.optional("color")) c.color = n->asColor32();
        o.finish();
        push(Command::Kind::ColorFill, scene_.colorFills, std::move(c));
    }

    void stretchRect(const json::Node& arg) {
        json::Object o(arg);
        StretchRectCommand c;
        c.source = findSurface(o.required("source"), scene_, SurfaceDesc::Kind::Color);
        const json::Node destNode = o.required("dest");
        c.dest = findSurface(destNode, scene_, SurfaceDesc::Kind::Color);
        const SurfaceDesc &src = scene_.surfaces[size_t(c.source)], &dst = scene_.surfaces[size_t(c.dest)];
        c.sourceRect = {0, 0, src.width, src.height};
        c.destRect = {0, 0, dst.width, dst.height};
        if (auto n = o.optional("source_rect")) c.sourceRect = parseRect(*n, src, "the source rectangle");
        if (auto n = o.optional("dest_rect")) c.destRect = parseRect(*n, dst, "the destination rectangle");
        if (auto n = o.optional("filter"))
            c.linear = n->kind("StretchRect filter", "D3DTEXTUREFILTERTYPE")
                           .asEnum<bool>({{"NONE", false}, {"POINT", false}, {"LINEAR", true}});
        o.finish();
        if (src.colorFormat != dst.colorFormat)
            destNode.fail("StretchRect between surfaces of different formats is unsupported");
        push(Command::Kind::StretchRect, scene_.stretchRects, std::move(c));
    }

    void setRenderState(const json::Node& arg) { parseDrawState(arg, device_.state); }

    int stageIndex(json::Object& o, const char* key) {
        return int(o.required(key).asInt(0, kMaxTextureStages - 1));
    }

    void setTextureStageState(const json::Node& arg) {
        json::Object o(arg, &d3d::kTextureStageStates);
        const int s = stageIndex(o, "stage");
        PixelState& p = device_.state.pixel;
        parseTextureStageState(o, p.stages[size_t(s)]);
        parseStageTexcoordModifiers(o, scene_.textures, p.textures[size_t(s)]);
        o.finish();
        // D3DTTFF_COUNT2 turns the stage's 2D texture transform on (docs/textures.md T-12).
        p.textures[size_t(s)].texcoord.transform2D = p.stages[size_t(s)].textureTransformFlags.count == 2;
    }

    void setSamplerState(const json::Node& arg) {
        json::Object o(arg, &d3d::kSamplerStates);
        const int s = stageIndex(o, "sampler");
        readSamplerState(o, device_.state.pixel.textures[size_t(s)].sampler);
        o.finish();
    }

    void setTexture(const json::Node& arg) {
        json::Object o(arg);
        const int s = stageIndex(o, "stage");
        const json::Node t = o.required("texture");
        o.finish();
        StageTextureBinding& b = device_.state.pixel.textures[size_t(s)];
        b.texture = t.raw().is_null() ? -1 : findTextureByName(t, scene_.textures);
        b.cube = b.texture >= 0 && scene_.textures[size_t(b.texture)].type == TextureType::Cube;
    }

    void setTransform(const json::Node& arg) {
        json::Object o(arg);
        const json::Node stateNode = o.required("state");
        const Mat4 m = parseMatrix(o.required("matrix"));
        o.finish();
        int64_t state = 0;
        if (stateNode.isNumber()) {
            state = stateNode.asInt(0, 511);
        } else {
            std::string s = stateNode.asString();
            if (s.rfind("D3DTS_", 0) == 0) s = s.substr(6);
            if (s == "WORLD") state = 256;
            else if (s == "VIEW") state = 2;
            else if (s == "PROJECTION") state = 3;
            else if (s.size() == 8 && s.rfind("TEXTURE", 0) == 0 && s[7] >= '0' && s[7] <= '7') state = 16 + (s[7] - '0');
            else if (s.rfind("WORLDMATRIX(", 0) == 0 && s.back() == ')') {
                const std::string n = s.substr(12, s.size() - 13);
                if (n.empty() || n.size() > 3 || !std::all_of(n.begin(), n.end(), ::isdigit) || std::stoi(n) > 255)
                    stateNode.fail("expected WORLDMATRIX(n) with n 0..255");
                state = 256 + std::stoi(n);
            } else
                stateNode.fail("unknown transform state \"" + stateNode.asString() +
                               "\" (expected WORLD, VIEW, PROJECTION, TEXTURE0..TEXTURE7, WORLDMATRIX(n))");
        }
        if (state == 256) device_.transform.world = m;
        else if (state == 2) device_.transform.view = m;
        else if (state == 3) device_.transform.projection = m;
        else if (state >= 16 && state <= 23)  // D3DTS_TEXTUREn, used through TEXTURETRANSFORMFLAGS
            device_.state.pixel.textures[size_t(state - 16)].texcoord.textureTransform = m;
        else if (state > 256 && state <= 511) {
            // World matrices 1..255, read by vertex blending (docs/fixed-function.md §18).
            std::vector<Mat4>& worlds = device_.transform.worldMatrices;
            const size_t n = size_t(state - 256);
            if (worlds.size() < n) worlds.resize(n, Mat4::Identity());
            worlds[n - 1] = m;
        } else
            stateNode.fail(std::to_string(state) + " is not a D3DTRANSFORMSTATETYPE value");
    }

    void setStreamSource(const json::Node& arg) {
        json::Object o(arg);
        const int stream = int(o.required("stream").asInt(0, kMaxStreams - 1));
        StreamBinding b;
        b.buffer = int(o.required("buffer").asInt(0, int64_t(ctx_.buffers.size()) - 1));
        b.offset = size_t(o.required("offset").asInt(0, int64_t(1) << 40));
        b.stride = size_t(o.required("stride").asInt(1, 2048));
        o.finish();
        device_.streams[size_t(stream)] = b;
    }

    void setIndices(const json::Node& arg) {
        if (arg.raw().is_null()) {
            device_.indices = IndexBinding{};
            return;
        }
        json::Object o(arg);
        IndexBinding b;
        b.buffer = int(o.required("buffer").asInt(0, int64_t(ctx_.buffers.size()) - 1));
        if (auto n = o.optional("offset")) b.offset = size_t(n->asInt(0, int64_t(1) << 40));
        b.bytes = o.required("format").kind("index format", "D3DFORMAT").asEnum<int>({{"INDEX16", 2}, {"INDEX32", 4}});
        o.finish();
        device_.indices = b;
    }

    // IDirect3DDevice9::DrawPrimitive: the vertices `primitives` primitives read.
    static size_t verticesFor(PrimitiveType p, size_t primitives) {
        switch (p) {
            case PrimitiveType::TriangleList: return primitives * 3;
            case PrimitiveType::LineList: return primitives * 2;
            case PrimitiveType::LineStrip: return primitives + 1;
            case PrimitiveType::PointList: return primitives;
            default: return primitives + 2;
        }
    }

    void draw(const std::string& call, const json::Node& arg) {
        json::Object o(arg);
        Draw d;
        if (auto n = o.optional("name")) d.name = n->asString();
        const json::Node primNode = o.required("primitive");
        d.primitive = parsePrimitiveType(primNode);
        const size_t primitives = size_t(o.required("primitive_count").asInt(1, int64_t(1) << 24));
        const size_t n = verticesFor(d.primitive, primitives);
        if (!device_.layout.set) arg.fail(call + " before SetFVF or SetVertexDeclaration");
        const bool indexed = call == "DrawIndexedPrimitive" || call == "DrawIndexedPrimitiveUP";
        if (call == "DrawPrimitive") {
            const int64_t start = o.required("start_vertex").asInt(0, int64_t(1) << 32);
            fetchStreamVertices(device_.layout, device_.streams, ctx_, start, n, arg, d.vertices);
        } else if (call == "DrawPrimitiveUP") {
            const json::Node v = o.required("vertices");
            parseInlineVertices(device_.layout, v, d.vertices);
            if (d.vertices.count != n)
                v.fail("holds " + std::to_string(d.vertices.count) + " vertices; " + std::to_string(primitives) +
                       " primitives read " + std::to_string(n));
        } else {
            const int64_t minIndex = o.required("min_index").asInt(0, int64_t(1) << 32);
            const json::Node numNode = o.required("num_vertices");
            const size_t numVertices = size_t(numNode.asInt(1, int64_t(kMaxVertices)));
            std::vector<uint32_t> indices;
            if (call == "DrawIndexedPrimitive") {
                const int64_t base = o.required("base_vertex_index").asInt(-(int64_t(1) << 31), (int64_t(1) << 31) - 1);
                const size_t start = size_t(o.required("start_index").asInt(0, int64_t(1) << 32));
                indices = fetchIndices(device_.indices, ctx_, start, n, arg);
                fetchStreamVertices(device_.layout, device_.streams, ctx_, base + minIndex, numVertices, arg, d.vertices);
            } else {
                const json::Node v = o.required("vertices");
                parseInlineVertices(device_.layout, v, d.vertices);
                if (size_t(minIndex) + numVertices > d.vertices.count)
                    numNode.fail("min_index + num_vertices = " + std::to_string(size_t(minIndex) + numVertices) +
                                 " exceeds the " + std::to_string(d.vertices.count) + " inline vertices");
                const json::Node ix = o.required("indices");
                const std::vector<json::Node> items = ix.asArray(n, n);
                for (const json::Node& i : items) indices.push_back(uint32_t(i.asInt(0, 0xFFFFFFFFll)));
                trimVertices(d.vertices, size_t(minIndex), numVertices);
            }
            // Every index must lie in [min_index, min_index + num_vertices) (D3D9
            // leaves others undefined); indices are rebased onto the fetched range.
            for (size_t i = 0; i < indices.size(); ++i) {
                if (indices[i] < minIndex || indices[i] >= uint64_t(minIndex) + numVertices)
                    arg.fail("index " + std::to_string(i) + " is " + std::to_string(indices[i]) + ", outside [min_index, min_index + num_vertices) = [" +
                             std::to_string(minIndex) + ", " + std::to_string(uint64_t(minIndex) + numVertices) + ")");
                indices[i] -= uint32_t(minIndex);
            }
            d.indices = std::move(indices);
            d.indexed = true;
        }
        o.finish();
        (void)indexed;
        finishDraw(d, arg);
    }

    // Keeps vertices [first, first + count) of inline data.
    static void trimVertices(VertexData& v, size_t first, size_t count) {
        auto trim = [&](auto& vec) {
            if (vec.empty()) return;
            vec.erase(vec.begin() + std::ptrdiff_t(first + count), vec.end());
            vec.erase(vec.begin(), vec.begin() + std::ptrdiff_t(first));
        };
        trim(v.position);
        trim(v.normal);
        trim(v.diffuse);
        trim(v.specular);
        for (auto& t : v.texcoord) trim(t);
        trim(v.blendWeight);
        trim(v.blendIndices);
        v.count = count;
    }

    void finishDraw(Draw& d, const json::Node& at) {
        d.state = device_.state;
        d.transform = device_.transform;
        if (const std::string e = vertexBlendError(d.state.vertex, d.vertices); !e.empty()) at.fail(e);
        d.colorSurface = device_.colorSurface;
        d.depthSurface = device_.depthSurface;
        d.viewport = device_.viewport;
        if (d.depthSurface == kNoSurface) {  // no depth/stencil surface: nothing tests or writes depth or stencil
            d.state.depth.zEnable = false;
            d.state.stencil.enable = false;
        } else {
            const SurfaceDesc& z = scene_.surfaces[size_t(d.depthSurface)];
            const SurfaceDesc& c = colorTarget();
            if (z.width < c.width || z.height < c.height)
                at.fail("the depth/stencil surface \"" + z.name + "\" is smaller than the render target \"" + c.name + "\"");
            if (stencilBits(z.depthFormat) == 0) d.state.stencil.enable = false;  // no stencil bits: the test passes
        }
        for (int s = 0; s < kMaxTextureStages; ++s) {
            const int t = d.state.pixel.textures[size_t(s)].texture;
            const Texture* bound = t >= 0 ? &scene_.textures[size_t(t)] : nullptr;
            const int faces = bound && bound->type == TextureType::Cube ? kCubemapFaceCount : 1;
            if (bound && bound->surface >= 0 && d.colorSurface >= bound->surface && d.colorSurface < bound->surface + faces)
                at.fail("stage " + std::to_string(s) + " samples \"" + scene_.textures[size_t(t)].name +
                        "\", the current render target (D3D9 forbids it)");
        }
        push(Command::Kind::Draw, scene_.draws, std::move(d));
    }

    template <class T>
    void push(Command::Kind kind, std::vector<T>& list, T&& item) {
        if (scene_.commands.size() >= kMaxCommands) throw InputError(ctx_.file, "/commands", "more than 2^22 commands");
        scene_.commands.push_back({kind, uint32_t(list.size())});
        list.push_back(std::move(item));
    }

    Scene& scene_;
    const Context& ctx_;
    Device device_;
};

}  // namespace

void loadSceneV2(json::Object& o, Context& ctx, Scene& scene) {
    if (auto n = o.optional("description")) n->asString();
    if (auto n = o.optional("time")) scene.time = n->asFloat(0.0, 1e6);
    const std::optional<json::Node> gate = o.optional("gate");
    if (auto n = o.optional("pixel_center"))
        scene.target.pixelCenter = n->kind("pixel-centre convention").asEnum<PixelCenter>(
            {{"d3d9", PixelCenter::Integer}, {"d3d10", PixelCenter::Half}});
    if (auto n = o.optional("buffers")) ctx.buffers = parseBuffers(*n, ctx.directory);
    if (auto n = o.optional("textures")) scene.textures = parseTextures(*n, ctx.directory);
    const json::Node surfaces = o.required("surfaces");
    std::vector<std::pair<std::string, int>> cubes;  // a cube surface's name and its first face
    for (const json::Node& s : surfaces.asArray(1, kMaxSurfaces)) {
        bool cube = false;
        const SurfaceDesc d = parseSurface(s, cube);
        // A cube is its six faces, NAME/POSITIVE_X .. NAME/NEGATIVE_Z in
        // D3DCUBEMAP_FACES order, each a colour surface render target 0 may be.
        static const char* const kFaces[] = {"POSITIVE_X", "NEGATIVE_X", "POSITIVE_Y", "NEGATIVE_Y", "POSITIVE_Z", "NEGATIVE_Z"};
        std::vector<SurfaceDesc> made;
        if (cube) {
            cubes.emplace_back(d.name, int(scene.surfaces.size()));
            for (const char* f : kFaces) {
                made.push_back(d);
                made.back().name = d.name + "/" + f;
            }
        } else {
            made.push_back(d);
        }
        for (SurfaceDesc& m : made) {
            chargeSurface(m.width, m.height, s);
            for (const SurfaceDesc& other : scene.surfaces)
                if (other.name == m.name || (cube && other.name == d.name))
                    s.child("name").fail("a second surface named \"" + other.name + "\"");
            for (const Texture& t : scene.textures)
                if (t.name == m.name || t.name == d.name) s.child("name").fail("\"" + t.name + "\" names a texture too");
            if (scene.surfaces.size() >= size_t(kMaxSurfaces)) s.fail("more than " + std::to_string(kMaxSurfaces) + " surfaces");
            scene.surfaces.push_back(std::move(m));
        }
    }
    // Each colour surface is also a texture slot (render to texture), and a
    // cube one more: a cube texture of its six faces.
    for (size_t i = 0; i < scene.surfaces.size(); ++i) {
        if (scene.surfaces[i].kind != SurfaceDesc::Kind::Color) continue;
        scene.surfaces[i].texture = int(scene.textures.size());
        Texture t;
        t.name = scene.surfaces[i].name;
        t.surface = int(i);
        scene.textures.push_back(std::move(t));
    }
    for (const auto& [name, first] : cubes) {
        for (const SurfaceDesc& other : scene.surfaces)
            if (other.name == name) surfaces.fail("\"" + name + "\" names a cube and a surface");
        Texture t;
        t.name = name;
        t.type = TextureType::Cube;
        t.surface = first;  // faces first .. first + 5
        scene.textures.push_back(std::move(t));
    }
    const auto firstColor = std::find_if(scene.surfaces.begin(), scene.surfaces.end(),
                                         [](const SurfaceDesc& s) { return s.kind == SurfaceDesc::Kind::Color; });
    if (firstColor == scene.surfaces.end()) surfaces.fail("needs at least one colour surface (render target 0)");
    scene.outputSurface = int(firstColor - scene.surfaces.begin());
    if (auto n = o.optional("output")) scene.outputSurface = findSurface(*n, scene, SurfaceDesc::Kind::Color);
    scene.depthOutputSurface = kNoSurface;
    for (size_t i = 0; i < scene.surfaces.size(); ++i)
        if (scene.surfaces[i].kind == SurfaceDesc::Kind::DepthStencil) {
            scene.depthOutputSurface = int(i);
            break;
        }
    const SurfaceDesc& out = scene.surfaces[size_t(scene.outputSurface)];
    scene.target.width = out.width;
    scene.target.height = out.height;
    scene.target.colorFormat = out.colorFormat;
    scene.target.viewport = wholeSurface(out);
    if (gate) scene.gate = parseGate(*gate, ctx.directory, scene.target);  // regions and masks fit the output
    const json::Node commands = o.required("commands");
    const std::optional<json::Node> sfx = o.optional("sfx");
    o.finish();
    CommandReader reader(scene, ctx);
    for (const json::Node& c : commands.asArray(0, kMaxCommands)) reader.read(c);
    // Effects draw after the last command, into the output surface and the
    // first depth/stencil surface with the whole output as viewport, as
    // version 1's draw into its target (docs/sfx.md).
    if (sfx)
        for (Draw& d : parseSfxEntries(*sfx, ctx, scene.textures, scene.time)) {
            d.colorSurface = scene.outputSurface;
            d.depthSurface = scene.depthOutputSurface;
            d.viewport = wholeSurface(out);
            if (d.depthSurface == kNoSurface) {
                d.state.depth.zEnable = false;
                d.state.stencil.enable = false;
            }
            scene.commands.push_back({Command::Kind::Draw, uint32_t(scene.draws.size())});
            scene.draws.push_back(std::move(d));
        }
}

}  // namespace refrast::scene_json
