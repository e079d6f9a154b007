// SPDX-License-Identifier: MIT
// The `refrast` program: one thin main over the subcommands in src/.
#include "src/cli/commands.h"
#include "formats/output_file.h"
#include "refrast/error.h"

#include <iostream>

int main(int argc, char** argv) {
    using namespace refrast;
    CLI::App app{"refrast: deterministic reference rasterizer and pixel oracle for fixed-function D3D ports"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "refrast 0.1.0");
    // Resource and input-rule options are accepted after any subcommand too.
    app.fallthrough();
    cli::addLimitOptions(app);
    cli::Runner runner;
    cli::addRenderCommand(app, runner);
    cli::addDiffCommand(app, runner);
    cli::addCheckCommand(app, runner);
    cli::addGoldenCommand(app, runner);
    cli::addSfxCommand(app, runner);
    cli::addTexmCommand(app, runner);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);  // prints help / the usage error
        return rc == 0 ? 0 : 2;
    }
    try {
        // Outputs appear only when the command completes (gate passed or
        // failed); an exception discards every one of them.
        OutputTransaction outputs;
        const int rc = runner ? runner() : 2;
        outputs.commit();
        return rc;
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
