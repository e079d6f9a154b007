// SPDX-License-Identifier: MIT
// The `refrast` program: one thin main over the subcommands in src/.
#include "src/cli/commands.h"
#include "refrast/error.h"

#include <iostream>

int main(int argc, char** argv) {
    using namespace refrast;
    CLI::App app{"refrast: deterministic reference rasterizer and pixel oracle for fixed-function D3D ports"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "refrast 0.1.0");
    cli::Runner runner;
    cli::addRenderCommand(app, runner);
    cli::addDiffCommand(app, runner);
    cli::addCheckCommand(app, runner);
    cli::addGoldenCommand(app, runner);
    cli::addSfxCommand(app, runner);
    cli::addTexmCommand(app, runner);
    cli::addImportCommand(app, runner);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);  // prints help / the usage error
        return rc == 0 ? 0 : 2;
    }
    try {
        return runner ? runner() : 2;
    } catch (const InputError& e) {
        std::cerr << "refrast: " << e.what() << "\n";
        return 2;
    } catch (const UsageError& e) {
        std::cerr << "refrast: usage: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "refrast: error: " << e.what() << "\n";
        return 2;
    }
}
