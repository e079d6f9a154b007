// SPDX-License-Identifier: MIT
// `refrast texm info FILE [--mip-skip K]` and `refrast texm extract FILE -o DIR`.
// Spec: issue 3 (the info keys), legacy-behaviours §4.1; docs/textures.md.
#include "formats/texm.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "src/cli/commands.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <memory>

namespace refrast::cli {

namespace {

struct TexmArgs {
    std::string file;
    std::string outDir;
    uint32_t mipSkip = 0;
    std::string paletteOrder = "game";
};

TexmFile loadSkipped(const TexmArgs& args) {
    const TexmFile texm = readTexm(args.file);
    if (args.mipSkip >= texm.mipCount)
        throw UsageError("--mip-skip " + std::to_string(args.mipSkip) + " is out of range for " + args.file +
                         " (mip_count " + std::to_string(texm.mipCount) + ": expected 0.." +
                         std::to_string(texm.mipCount - 1) + ")");
    return skipTexmMips(texm, args.mipSkip);
}

nlohmann::ordered_json infoJson(const TexmFile& t) {
    nlohmann::ordered_json j;
    j["width"] = t.width;
    j["height"] = t.height;
    j["mip_count"] = t.mipCount;
    j["format"] = uint32_t(t.format);
    j["flags4"] = t.flags4;
    j["flags5"] = t.flags5;
    j["unknown6"] = t.unknown6;
    j["pages"] = nlohmann::ordered_json::array();
    for (const PageCell& c : t.pages)
        j["pages"].push_back({{"x", c.x}, {"y", c.y}, {"width", c.width}, {"height", c.height}});
    j["levels"] = nlohmann::ordered_json::array();
    for (const TexmLevel& l : t.levels)
        j["levels"].push_back({{"width", l.width}, {"height", l.height}, {"bytes", l.raw.size()}});
    return j;
}

PaletteByteOrder paletteOrder(const std::string& name) {
    if (name == "bgra") return PaletteByteOrder::Bgra;
    if (name == "bgrx") return PaletteByteOrder::Bgrx;
    if (name == "rgba") return PaletteByteOrder::Rgba;
    if (name == "rgbx") return PaletteByteOrder::Rgbx;
    return PaletteByteOrder::Game;
}

// Decodes and encodes every level before the first write, so a bad file
// writes nothing; each PNG is then written atomically.
int extract(const TexmArgs& args) {
    const TexmFile texm = loadSkipped(args);
    TexmDecodeOptions options;
    options.paletteOrder = paletteOrder(args.paletteOrder);
    std::vector<std::vector<uint8_t>> pngs;
    for (const TexmLevel& level : texm.levels) {
        const MipLevel rgba = decodeTexmLevel(texm, level, options);
        Image image(rgba.width, rgba.height);
        image.rgba = rgba.rgba;
        pngs.push_back(encodePng(image));
    }
    std::filesystem::create_directories(args.outDir);
    for (size_t i = 0; i < pngs.size(); ++i)
        writeFileAtomic((std::filesystem::path(args.outDir) / ("level" + std::to_string(i) + ".png")).string(), pngs[i]);
    return 0;
}

void addCommonOptions(CLI::App* cmd, TexmArgs& args) {
    cmd->add_option("file", args.file, "Texm file")->required();
    cmd->add_option("--mip-skip", args.mipSkip, "Skip K top levels: level K becomes the base (default 0)")
        ->check(CLI::Range(0u, 64u));
}

}  // namespace

void addTexmCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<TexmArgs>();
    CLI::App* texm = app.add_subcommand("texm", "Inspect and extract Iron3D Texm textures");
    texm->require_subcommand(1);
    CLI::App* info = texm->add_subcommand("info", "Print the header, Page rects and levels as one JSON object");
    addCommonOptions(info, *args);
    info->callback([args, &runner] {
        runner = [args] {
            std::cout << infoJson(loadSkipped(*args)).dump(2) << "\n";
            return 0;
        };
    });
    CLI::App* ext = texm->add_subcommand("extract", "Write DIR/level0.png, level1.png, ... (RGBA8)");
    addCommonOptions(ext, *args);
    ext->add_option("-o,--output", args->outDir, "Output directory (created if needed)")->required();
    ext->add_option("--palette-order", args->paletteOrder, "Palette entry byte order for format 0 (default game: B, G, R, X, index 0 transparent on alpha surfaces)")
        ->check(CLI::IsMember({"game", "bgra", "bgrx", "rgba", "rgbx"}));
    ext->callback([args, &runner] { runner = [args] { return extract(*args); }; });
}

}  // namespace refrast::cli
