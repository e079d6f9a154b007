// SPDX-License-Identifier: MIT
// Scene JSON: texture entries and sampler objects (docs/textures.md "Scene JSON").
// Spec: legacy-behaviours §4.1 (mip-skip, palettes), §4.6 (Du/Dv); issue 3.
#include "formats/scene/texture_json.h"

#include "formats/d3d/state_vocabulary.h"
#include "formats/scene/scene_parse.h"

#include "formats/dds.h"
#include "formats/generated_texture.h"
#include "formats/input_path.h"
#include "formats/resource_budget.h"
#include "formats/sfx/fire_smoke_texture.h"
#include "formats/texm.h"
#include "formats/texture_png.h"
#include "raster/texture/mip_chain.h"
#include "refrast/image.h"

#include <filesystem>
#include <optional>

namespace refrast {

namespace {

constexpr int kMaxSide = 16384;

enum class Source { Png, Texm, Dds, Raw, Generated };
enum class MipPolicy { File, Generate, None };

std::string resolvePath(const json::Node& fileNode, const std::string& sceneDir) {
    return resolveSceneFile(fileNode, sceneDir, "texture file");
}

// RGBA8 bytes of a w x h texture with a full mip chain (at most 4/3 of level 0).
uint64_t texelBytes(int w, int h) { return uint64_t(w) * uint64_t(h) * 4 * 4 / 3 + 64; }

void chargeGenerated(const json::Node& node, int w, int h) {
    chargeMemory(texelBytes(w, h),
                 "a generated " + std::to_string(w) + "x" + std::to_string(h) + " texture", node.file(), node.pointer());
}

// "palette": {"bank": FILE, "suffix": "B3"}: slot paletteSlotFromSuffix(suffix)
// of a bank file holding whole 1024-byte palettes back to back (rule T-4).
std::vector<uint8_t> readPaletteSlot(const json::Node& node, const std::string& sceneDir) {
    json::Object o(node);
    const std::string bank = resolvePath(o.required("bank"), sceneDir);
    const json::Node suffixNode = o.required("suffix");
    o.finish();
    const std::string suffix = suffixNode.asString();
    const std::optional<int> slot = paletteSlotFromSuffix(suffix);
    if (!slot) suffixNode.fail("invalid palette suffix \"" + suffix + "\" (expected a letter A-Z optionally followed by a digit 0-9)");
    const std::vector<uint8_t> bytes = readFileBytes(bank);
    if (bytes.empty() || bytes.size() % kPaletteBytes != 0)
        throw InputError::atOffset(bank, bytes.size() - bytes.size() % kPaletteBytes,
                                   "palette bank size " + std::to_string(bytes.size()) + " is not a positive multiple of 1024");
    if (size_t(*slot) >= bytes.size() / kPaletteBytes)
        suffixNode.fail("palette slot " + std::to_string(*slot) + " (suffix \"" + suffix + "\") is beyond the " +
                        std::to_string(bytes.size() / kPaletteBytes) + " palettes of \"" + bank + "\"");
    const auto begin = bytes.begin() + std::ptrdiff_t(size_t(*slot) * kPaletteBytes);
    return std::vector<uint8_t>(begin, begin + std::ptrdiff_t(kPaletteBytes));
}

Texture loadTexm(json::Object& o, const std::string& sceneDir) {
    const std::string path = resolvePath(o.required("file"), sceneDir);
    const std::optional<json::Node> skipNode = o.optional("mip_skip");
    const std::optional<json::Node> paletteNode = o.optional("palette");
    const std::optional<json::Node> orderNode = o.optional("palette_order");
    TexmFile texm = readTexm(path);
    if (skipNode) {
        const int64_t skip = skipNode->asInt(0, 64);
        if (uint64_t(skip) >= texm.mipCount)
            skipNode->fail("mip_skip " + std::to_string(skip) + " leaves no level (the file has " +
                           std::to_string(texm.mipCount) + ": expected 0.." + std::to_string(texm.mipCount - 1) + ")");
        texm = skipTexmMips(texm, uint32_t(skip));
    }
    TexmDecodeOptions options;
    if (orderNode)
        options.paletteOrder = json::Node(*orderNode).kind("palette byte order").asEnum<PaletteByteOrder>(
            {{"GAME", PaletteByteOrder::Game}, {"BGRA", PaletteByteOrder::Bgra}, {"BGRX", PaletteByteOrder::Bgrx}, {"RGBA", PaletteByteOrder::Rgba},
             {"RGBX", PaletteByteOrder::Rgbx}});
    std::vector<uint8_t> palette;
    if (paletteNode) {
        if (texm.format != TexmFormat::Palette8)
            paletteNode->fail("a palette applies only to format 0 (the file's format is " +
                              std::to_string(uint32_t(texm.format)) + ")");
        palette = readPaletteSlot(*paletteNode, sceneDir);
        options.palette = &palette;
    }
    return decodeTexm(texm, options, "");
}

// The decode options of DDS and formatted raw files: "dxt_rounding" (T-17), "snorm5" (T-11).
DdsOptions readDdsOptions(json::Object& o) {
    DdsOptions options;
    if (std::optional<json::Node> n = o.optional("dxt_rounding"))
        options.dxtRounding = n->kind("DXT rounding").asEnum<DxtRounding>(
            {{"NEAREST", DxtRounding::Nearest}, {"TRUNCATE", DxtRounding::Truncate}, {"FLOAT", DxtRounding::Float}});
    if (std::optional<json::Node> n = o.optional("snorm5"))
        options.snorm5 = n->kind("5-bit signed decode").asEnum<Snorm5Rule>(
            {{"WINDOWS", Snorm5Rule::Windows}, {"CLAMP", Snorm5Rule::Clamp}});
    return options;
}

Texture loadDds(json::Object& o, const std::string& sceneDir) {
    const std::string path = resolvePath(o.required("file"), sceneDir);
    return readDds(path, readDdsOptions(o)).texture;
}

DdsFormat rawFormat(const json::Node& node) {
    const std::string name = node.asString();
    DdsFormat format{};
    if (ddsFormatByName(name, format)) return format;
    std::string names;
    for (int f = 0; f <= int(DdsFormat::Dxt5); ++f) names += std::string(names.empty() ? "" : ", ") + ddsFormatName(DdsFormat(f));
    node.fail("unknown raw texel format \"" + name + "\" (expected RGBA8 or a D3DFMT name: " + names + ")");
}

// "raw": RGBA8 bytes by default; with "format" the texels of that D3DFMT,
// "mip_count" levels back to back (tight rows, DXT in 4×4 blocks) and, for P8,
// a "palette_file" of 256 PALETTEENTRY [R, G, B, A].
Texture loadRaw(json::Object& o, const std::string& sceneDir) {
    const std::string path = resolvePath(o.required("file"), sceneDir);
    const int width = int(o.required("width").asInt(1, kMaxSide));
    const int height = int(o.required("height").asInt(1, kMaxSide));
    const std::optional<json::Node> formatNode = o.optional("format");
    if (!formatNode || formatNode->asString() == "RGBA8") {
        for (const char* key : {"mip_count", "palette_file", "dxt_rounding", "snorm5"})
            if (std::optional<json::Node> n = o.optional(key)) n->fail(std::string(key) + " needs a D3DFMT \"format\"");
        return readRawTexture(path, width, height, "");
    }
    const DdsFormat format = rawFormat(*formatNode);
    int maxLevels = 1;
    for (int side = std::max(width, height); side > 1; side >>= 1) ++maxLevels;
    const std::optional<json::Node> mipNode = o.optional("mip_count");
    const uint32_t mipCount = mipNode ? uint32_t(mipNode->asInt(1, maxLevels)) : 1;
    std::vector<uint8_t> palette;
    if (format == DdsFormat::P8) {
        const json::Node paletteNode = o.required("palette_file");
        const std::string palettePath = resolvePath(paletteNode, sceneDir);
        palette = readFileBytes(palettePath);
        if (palette.size() != kPaletteBytes)
            throw InputError::atOffset(palettePath, std::min<size_t>(palette.size(), kPaletteBytes),
                                       "P8 palette has " + std::to_string(palette.size()) + " bytes, expected 1024");
    } else if (std::optional<json::Node> n = o.optional("palette_file")) {
        n->fail("a palette_file applies only to format P8");
    }
    const DdsOptions options = readDdsOptions(o);
    const std::vector<uint8_t> bytes = readFileBytes(path);
    ByteReader in(bytes, path);
    Texture t = decodeDdsLevels(format, uint32_t(width), uint32_t(height), mipCount, in, palette, options);
    if (in.remaining() != 0) throw in.fail(std::to_string(in.remaining()) + " trailing bytes after the last mip level");
    return t;
}

Texture generate(const json::Node& node);

// "faces": six generated 2-D textures in D3DCUBEMAP_FACES order (+X, −X, +Y,
// −Y, +Z, −Z), square, of one size and encoding (docs/textures.md §1).
Texture generateCube(const json::Node& facesNode) {
    const std::vector<json::Node> faces = facesNode.asArray();
    if (faces.size() != size_t(kCubemapFaceCount))
        facesNode.fail(std::to_string(faces.size()) + " cube faces, expected 6 (+X, -X, +Y, -Y, +Z, -Z)");
    Texture cube;
    cube.type = TextureType::Cube;
    for (const json::Node& faceNode : faces) {
        if (json::Object(faceNode).required("kind").asString() == "cube") faceNode.child("kind").fail("a cube face cannot be a cube");
        Texture face = generate(faceNode);
        const MipLevel& top = face.levels.front();
        if (top.width != top.height)
            faceNode.fail("cube face is " + std::to_string(top.width) + "x" + std::to_string(top.height) + ", expected a square");
        if (!cube.faces.empty() && (top.width != cube.faces[0].levels[0].width || face.encoding != cube.faces[0].encoding))
            faceNode.fail("cube face differs from face 0 in size or texel encoding (every face must match)");
        cube.encoding = face.encoding;
        cube.faces.push_back(std::move(face));
    }
    return cube;
}

// "generate": {"kind": "dudv" [, "size"]} | {"kind": "solid", "width", "height", "color"}
// | {"kind": "checker", "width", "height", "cell", "color0", "color1"} | {"kind": "perf_ramp"}
// | {"kind": "firesmoke" [, "size", "seed"]} | {"kind": "cube", "faces": [six of the others]}
Texture generate(const json::Node& node) {
    json::Object o(node);
    const std::string kind = o.required("kind").asString();
    Texture t;
    if (kind == "dudv") {
        const std::optional<json::Node> size = o.optional("size");
        const int side = size ? int(size->asInt(1, 4096)) : kDuDvDefaultSize;
        chargeGenerated(node, side, side);
        t = generateDuDvTexture(side);
    } else if (kind == "solid") {
        const int w = int(o.required("width").asInt(1, kMaxSide)), h = int(o.required("height").asInt(1, kMaxSide));
        chargeGenerated(node, w, h);
        t = generateSolidTexture(w, h, o.required("color").asColor32());
    } else if (kind == "checker") {
        const int w = int(o.required("width").asInt(1, kMaxSide)), h = int(o.required("height").asInt(1, kMaxSide));
        const int cell = int(o.required("cell").asInt(1, kMaxSide));
        const uint32_t c0 = o.required("color0").asColor32(), c1 = o.required("color1").asColor32();
        chargeGenerated(node, w, h);
        t = generateCheckerTexture(w, h, cell, c0, c1);
    } else if (kind == "perf_ramp") {
        t = generatePerfRampTexture();
    } else if (kind == "firesmoke") {
        const std::optional<json::Node> size = o.optional("size"), seed = o.optional("seed");
        const int side = size ? int(size->asInt(1, 4096)) : sfx::kFireSmokeDefaultSize;
        chargeGenerated(node, side, side);
        t = sfx::generateFireSmokeTexture(side,
                                          seed ? uint32_t(seed->asInt(0, 0xFFFFFFFFll)) : sfx::kFireSmokeDefaultSeed);
    } else if (kind == "cube") {
        t = generateCube(o.required("faces"));
    } else {
        o.required("kind").fail("unknown generated texture kind \"" + kind +
                                "\" (expected one of dudv, solid, checker, perf_ramp, firesmoke, cube)");
    }
    o.finish();
    return t;
}

Texture loadEntry(const json::Node& entry, const std::string& sceneDir) {
    json::Object o(entry);
    const std::string name = o.required("name").asString();
    const Source source = o.required("source").kind("texture source").asEnum<Source>(
        {{"png", Source::Png}, {"texm", Source::Texm}, {"dds", Source::Dds}, {"raw", Source::Raw},
         {"generated", Source::Generated}});
    MipPolicy mips = MipPolicy::File;
    if (std::optional<json::Node> n = o.optional("mips"))
        mips = n->kind("mip policy").asEnum<MipPolicy>(
            {{"file", MipPolicy::File}, {"generate", MipPolicy::Generate}, {"none", MipPolicy::None}});
    const std::optional<json::Node> lodNode = o.optional("lod");
    Texture t;
    switch (source) {
        // A PNG charges its decoded size itself, before decoding (formats/png.cpp).
        case Source::Png: t = readPngTexture(resolvePath(o.required("file"), sceneDir), ""); break;
        case Source::Texm: t = loadTexm(o, sceneDir); break;
        case Source::Dds: t = loadDds(o, sceneDir); break;
        case Source::Raw: t = loadRaw(o, sceneDir); break;
        case Source::Generated: t = generate(o.required("generate")); break;
    }
    o.finish();
    t.name = name;
    // The chains the policies below act on: the texture's own, or each cube face's.
    std::vector<Texture*> chains;
    if (t.type == TextureType::Cube)
        for (Texture& face : t.faces) chains.push_back(&face);
    else
        chains.push_back(&t);
    if (source == Source::Texm || source == Source::Dds || source == Source::Raw) {
        // Bounded by their file's size (at most 8 texels per byte for DXT), so
        // they are charged once decoded.
        uint64_t bytes = 0;
        for (const Texture* c : chains)
            for (const MipLevel& level : c->levels) bytes += level.rgba.size();
        chargeMemory(bytes, "texture \"" + name + "\"", entry.file(), entry.pointer());
    }
    for (Texture* c : chains) {
        if (mips == MipPolicy::Generate) {
            const MipLevel& top = c->levels.front();
            chargeMemory(texelBytes(top.width, top.height) / 4, "the generated mip chain of \"" + name + "\"", entry.file(),
                         entry.pointer());
            generateMipChain(*c);
        }
        if (mips == MipPolicy::None) dropMipChain(*c);
    }
    // The sampler decodes each level it reads into 16-byte records
    // (raster/texture/decoded_levels.h): charged up front, all levels.
    uint64_t decoded = 0;
    for (const Texture* c : chains)
        for (const MipLevel& level : c->levels) decoded += decodedLevelBytes(level.width, level.height);
    chargeMemory(decoded, "the sampler's decoded levels of \"" + name + "\"", entry.file(), entry.pointer());
    if (lodNode) {  // SetLOD: the most detailed level the sampler may read
        const int64_t levels = int64_t(chains.front()->levels.size());
        t.lod = int(lodNode->asInt(0, 64));
        if (t.lod >= levels)
            lodNode->fail("lod " + std::to_string(t.lod) + " leaves no level (the texture has " + std::to_string(levels) +
                          ": expected 0.." + std::to_string(levels - 1) + ")");
        for (Texture* c : chains) c->lod = t.lod;
    }
    return t;
}

}  // namespace

std::vector<Texture> parseTextures(const json::Node& texturesArray, const std::string& sceneDir) {
    std::vector<Texture> textures;
    const std::vector<json::Node> entries = texturesArray.asArray();
    if (int64_t(entries.size()) > resourceLimits().maxTextures)
        texturesArray.fail(std::to_string(entries.size()) + " textures exceed the texture limit of " +
                           std::to_string(resourceLimits().maxTextures) + " (--max-textures raises it)");
    for (const json::Node& entry : entries) {
        Texture t = loadEntry(entry, sceneDir);
        if (t.name.empty()) entry.child("name").fail("texture name is empty");
        for (const Texture& other : textures)
            if (other.name == t.name) entry.child("name").fail("duplicate texture name \"" + t.name + "\"");
        textures.push_back(std::move(t));
    }
    return textures;
}

SamplerState parseSamplerState(const json::Node& samplerObject) {
    json::Object o(samplerObject, &d3d::kSamplerStates);
    SamplerState s;
    readSamplerState(o, s);
    o.finish();
    return s;
}

void readSamplerState(json::Object& o, SamplerState& s) {
    const auto address = [](json::Node n) {
        return n.kind("texture address mode", "D3DTEXTUREADDRESS").asEnum<TextureAddress>(
            {{"WRAP", TextureAddress::Wrap}, {"MIRROR", TextureAddress::Mirror}, {"CLAMP", TextureAddress::Clamp},
             {"BORDER", TextureAddress::Border}, {"MIRRORONCE", TextureAddress::MirrorOnce}});
    };
    const auto filter = [](json::Node n, bool allowNone) {
        if (allowNone)
            return n.kind("mip filter", "D3DTEXTUREFILTERTYPE").asEnum<TextureFilter>(
                {{"NONE", TextureFilter::None}, {"POINT", TextureFilter::Point}, {"LINEAR", TextureFilter::Linear}});
        return n.kind("texture filter", "D3DTEXTUREFILTERTYPE").asEnum<TextureFilter>({{"POINT", TextureFilter::Point}, {"LINEAR", TextureFilter::Linear}});
    };
    if (auto n = o.optional("addressu")) s.addressU = address(*n);
    if (auto n = o.optional("addressv")) s.addressV = address(*n);
    if (auto n = o.optional("bordercolor")) s.borderColor = n->asColor32();
    if (auto n = o.optional("magfilter")) s.magFilter = filter(*n, false);
    if (auto n = o.optional("minfilter")) s.minFilter = filter(*n, false);
    if (auto n = o.optional("mipfilter")) s.mipFilter = filter(*n, true);
    if (auto n = o.optional("mipmaplodbias")) s.mipMapLodBias = n->asFloat(-64.0, 64.0);
    if (auto n = o.optional("maxmiplevel")) s.maxMipLevel = int(n->asInt(0, 64));
}

namespace {

int findTexture(const json::Node& nameNode, const std::vector<Texture>& textures) {
    const std::string name = nameNode.asString();
    for (size_t i = 0; i < textures.size(); ++i)
        if (textures[i].name == name) return int(i);
    nameNode.fail("unknown texture \"" + name + "\" (not in /textures)");
}

}  // namespace

int findTextureByName(const json::Node& nameNode, const std::vector<Texture>& textures) {
    return findTexture(nameNode, textures);
}

void parseStageTexture(json::Object& stage, const std::vector<Texture>& textures, StageTextureBinding& out) {
    if (auto n = stage.optional("texture")) {
        out.texture = findTexture(*n, textures);
        out.cube = textures[size_t(out.texture)].type == TextureType::Cube;
    }
    if (auto n = stage.optional("sampler")) out.sampler = parseSamplerState(*n);
    parseStageTexcoordModifiers(stage, textures, out);
}

void parseStageTexcoordModifiers(json::Object& stage, const std::vector<Texture>& textures, StageTextureBinding& out) {
    if (auto n = stage.optional("tiling")) out.texcoord.tiling = n->asFloat();
    if (auto n = stage.optional("scroll")) {
        const std::vector<float> v = n->asFloatArray(2, 2);
        out.texcoord.scroll = Vec2(v[0], v[1]);
    }
    if (auto n = stage.optional("texturetransform")) out.texcoord.textureTransform = scene_json::parseMatrix(*n);
    if (auto n = stage.optional("page_cell")) {
        if (out.texture < 0) n->fail("page_cell needs a \"texture\" on the same stage");
        const size_t cells = textures[size_t(out.texture)].pages.size();
        out.texcoord.pageCell = int(n->asInt(0, int64_t(cells)));
    }
}

}  // namespace refrast
