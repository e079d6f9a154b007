// SPDX-License-Identifier: MIT
// The `refrast` program: one thin main over the subcommands in src/.
#include "src/cli/commands.h"
#include "src/cli/quiet.h"
#include "src/cli/suggest.h"
#include "src/cli/version.h"
#include "formats/output_file.h"
#include "refrast/error.h"

#include <iostream>
#include <malloc.h>

namespace {

// The innermost subcommand the parser entered ("refrast golden check").
const CLI::App* innermost(const CLI::App& app, std::string& path) {
    const CLI::App* at = &app;
    for (auto subs = at->get_subcommands(); !subs.empty(); subs = at->get_subcommands()) {
        at = subs.front();
        path += " " + at->get_name();
    }
    return at;
}

std::vector<std::string> optionNames(const CLI::App& cmd) {
    std::vector<std::string> names;
    for (const CLI::Option* o : cmd.get_options())
        for (const std::string& n : o->get_lnames()) names.push_back("--" + n);
    return names;
}

std::vector<std::string> subcommandNames(const CLI::App& cmd) {
    std::vector<std::string> names;
    for (const CLI::App* s : cmd.get_subcommands({})) names.push_back(s->get_name());
    return names;
}

// A first word that is not a subcommand, or an option the subcommand does not
// have: named as such, with the closest real name.
std::string unknownWordMessage(const CLI::App& app, int argc, char** argv) {
    std::string path = "refrast";
    const CLI::App* cmd = innermost(app, path);
    // With fallthrough (the limit options of every subcommand), extras may land on the app.
    std::vector<std::string> extras = cmd->remaining();
    if (extras.empty()) extras = app.remaining();
    std::string word = !extras.empty() ? extras.front() : "";
    for (const std::string& e : extras)
        if (e.size() > 1 && e[0] == '-') {
            word = e;
            break;
        }
    if (word.empty() && cmd == &app && argc > 1) word = argv[1];
    if (word.empty()) return "";
    const bool option = word.size() > 1 && word[0] == '-';
    const std::string bare = option ? word.substr(0, word.find('=')) : word;
    if (!option && subcommandNames(*cmd).empty() && cmd != &app) return "";
    const std::string kind = option ? "option" : "subcommand";
    const std::string guess = refrast::cli::closestName(bare, option ? optionNames(*cmd) : subcommandNames(*cmd));
    // The subcommand's own option, written before the subcommand's name.
    if (option && guess == bare)
        return path + ": option \"" + bare + "\" goes after the subcommand (" + path + " " + bare + " ...); see " + path +
               " --help";
    std::string message = path + ": unknown " + kind + " \"" + bare + "\"";
    if (!guess.empty()) message += " (did you mean " + guess + "?)";
    return message + "; see " + path + " --help";
}

}  // namespace

int main(int argc, char** argv) {
    using namespace refrast;
    // Freed blocks up to 32 MiB (glibc's ceiling for this setting: a 1080p
    // frame's planes, a texture's decoded levels) stay in the heap, so the
    // next frame, --repeat render or golden-check scene reuses pages already
    // faulted in rather than mapping, faulting and zeroing fresh ones (a tenth
    // of a W1 frame went to the framebuffer's page faults). Only where memory
    // comes from: every result is the same.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    // The program's own name, not argv[0]: usage lines carry no absolute paths.
    CLI::App app{"refrast: deterministic reference rasterizer and pixel oracle for fixed-function D3D ports", "refrast"};
    app.require_subcommand(1);
    app.set_version_flag("--version", cli::versionLine());
    app.add_flag_callback("-q,--quiet", [] { cli::setQuiet(true); },
                          "Print only failures, errors and summaries (no PASS lines, no timings)");
    // Resource and input-rule options are accepted after any subcommand too.
    app.fallthrough();
    cli::addLimitOptions(app);
    cli::addSimdOption(app);
    cli::addHiddenSurfaceOption(app);
    cli::Runner runner;
    cli::addRenderCommand(app, runner);
    cli::addDiffCommand(app, runner);
    cli::addCheckCommand(app, runner);
    cli::addGoldenCommand(app, runner);
    cli::addSfxCommand(app, runner);
    cli::addTexmCommand(app, runner);
    cli::addImportCommand(app, runner);
    cli::addConvertCommand(app, runner);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        const std::string unknown = dynamic_cast<const CLI::ExtrasError*>(&e) || app.get_subcommands().empty()
                                        ? unknownWordMessage(app, argc, argv)
                                        : "";
        std::cerr << "refrast: usage: " << (unknown.empty() ? std::string(e.what()) : unknown) << "\n";
        return 2;
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
