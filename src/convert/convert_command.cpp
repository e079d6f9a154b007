// SPDX-License-Identifier: MIT
// `refrast convert v1-to-v2 IN.json -o OUT.json`: a version 1 scene as the
// equivalent scene format 2 capture (docs/scene-format.md "Converting
// version 1").
#include "formats/json_reader.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "refrast/scene.h"
#include "src/cli/commands.h"
#include "src/convert/v1_to_v2.h"

#include <filesystem>
#include <iostream>
#include <memory>

namespace refrast::cli {
namespace {

struct ConvertArgs {
    std::string in, out;
};

int run(const ConvertArgs& a) {
    if (a.out.empty()) throw UsageError("convert v1-to-v2: -o OUT.json is required");
    const nlohmann::json doc = json::parseDocument(readFileBytes(a.in), a.in);
    if (!doc.is_object() || !doc.contains("refrast_scene") || doc["refrast_scene"] != 1)
        throw InputError(a.in, "/refrast_scene", "convert v1-to-v2 reads version 1 scenes (\"refrast_scene\": 1)");
    loadScene(a.in);  // every error of the input, with its JSON pointer, before anything is written
    const std::filesystem::path outDir = std::filesystem::path(a.out).parent_path();
    const std::string text = convert::formatCapture(convert::convertV1ToV2(doc, a.in, outDir.string()));
    writeFileAtomic(a.out, std::vector<uint8_t>(text.begin(), text.end()));
    std::cout << a.in << " -> " << a.out << "\n";
    return 0;
}

}  // namespace

void addConvertCommand(CLI::App& app, Runner& runner) {
    CLI::App* conv = app.add_subcommand("convert", "Convert a scene between format versions");
    conv->require_subcommand(1);
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* v = conv->add_subcommand("v1-to-v2", "A version 1 scene to the equivalent scene format 2 capture, which "
                                                   "renders byte-identically (docs/scene-format.md)");
    v->add_option("scene", args->in, "the version 1 scene file")->required();
    v->add_option("-o,--out", args->out, "the version 2 file to write (file names inside are rewritten to resolve from its folder)");
    v->callback([args, &runner] { runner = [args] { return run(*args); }; });
}

}  // namespace refrast::cli
