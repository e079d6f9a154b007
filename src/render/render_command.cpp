// SPDX-License-Identifier: MIT
// `refrast render SCENE.json -o OUT.png`.
#include "src/cli/commands.h"
#include "refrast/render.h"

#include <memory>

namespace refrast::cli {

namespace {
struct RenderArgs {
    std::string scene;
    std::string out;
    int threads = 0;
    std::string view = "final";
};
}  // namespace

void addRenderCommand(CLI::App& app, Runner& runner) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* cmd = app.add_subcommand("render", "Render a scene to a PNG");
    cmd->add_option("scene", args->scene, "Scene file (JSON)")->required();
    cmd->add_option("-o,--output", args->out, "Output PNG")->required();
    cmd->add_option("--threads", args->threads, "Worker threads (0: all cores)")->check(CLI::Range(0, 1024));
    cmd->add_option("--view", args->view, "final|depth|draw-id|overdraw")
        ->check(CLI::IsMember({"final", "depth", "draw-id", "overdraw"}));
    cmd->callback([args, &runner] {
        runner = [args] {
            const Scene scene = loadScene(args->scene);
            RenderOptions options;
            options.threads = args->threads;
            writePng(args->out, render(scene, options));
            return 0;
        };
    });
}

}  // namespace refrast::cli
