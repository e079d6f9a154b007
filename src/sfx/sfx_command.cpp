// SPDX-License-Identifier: MIT
// `refrast sfx simulate DESCRIPTORS.ini --effect NAME --seed S --frames N --json OUT.json`
// and `refrast sfx emit FILE.pfx --seed S --frames N --json OUT.json`.
// Spec: docs/sfx.md "Command line".
#include "src/cli/commands.h"

#include "formats/pfx.h"
#include "formats/sfx/sfx_model_params.h"
#include "formats/sfx/sfx_simulation.h"
#include "formats/sfx_ini.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "src/sfx/sfx_json.h"

#include <charconv>
#include <memory>

namespace refrast::cli {

namespace {

constexpr int kMaxFrames = 100000;  // 55 minutes of board frames; every particle dies by frame 210

struct SfxArgs {
    std::string input;
    std::string effect;
    std::string seed;  // parsed by parseSeed: CLI11 would wrap "-1" into uint64
    int frames = 0;
    std::string json;
    std::vector<std::string> params;  // --param NAME=VALUE overrides
};

sfx::SfxModelParams modelParams(const SfxArgs& a) {
    sfx::SfxModelParams m;
    for (const std::string& p : a.params) sfx::setSfxModelParam(m, p);
    return m;
}

uint64_t parseSeed(const std::string& text) {
    uint64_t seed = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, seed);
    if (text.empty() || ec != std::errc() || ptr != end)
        throw UsageError("--seed: expected an integer in [0, 18446744073709551615], got '" + text + "'");
    return seed;
}

void writeText(const std::string& path, const std::string& text) {
    writeFileAtomic(path, std::vector<uint8_t>(text.begin(), text.end()));
}

int runSimulate(const SfxArgs& a) {
    const uint64_t seed = parseSeed(a.seed);
    const sfx::SfxModelParams m = modelParams(a);
    const SfxDescriptorSet set = loadSfxIni(a.input);
    const SfxDescriptor* d = set.find(a.effect);
    if (!d) throw InputError(a.input, "[effects_to_load]", "no effect or slot named '" + a.effect + "'");
    try {
        writeText(a.json, sfx::simulationJson(a.effect, seed, sfx::simulateEffect(*d, seed, a.frames, m)));
    } catch (const sfx::ParticleLimitError& e) {
        throw InputError(a.input, "[" + d->name + "]", e.what());
    }
    return 0;
}

int runEmit(const SfxArgs& a) {
    const uint64_t seed = parseSeed(a.seed);
    const sfx::SfxModelParams m = modelParams(a);
    const PfxEmitter e = loadPfx(a.input);
    try {
        writeText(a.json, sfx::simulationJson(a.input, seed, sfx::simulateEmitter(e, seed, a.frames, m)));
    } catch (const sfx::ParticleLimitError& err) {
        throw InputError(a.input, "[emitter]", err.what());
    }
    return 0;
}

void addCommonOptions(CLI::App* cmd, SfxArgs& a) {
    cmd->add_option("--seed", a.seed, "PCG32 seed (0 to 2^64-1)")->required();
    cmd->add_option("--frames", a.frames, "Board frames to simulate; frames 0..N are written")
        ->required()
        ->check(CLI::Range(0, kMaxFrames));
    cmd->add_option("--json", a.json, "Output JSON file")->required();
    cmd->add_option("--param", a.params, "Model parameter override NAME=VALUE (docs/sfx.md), repeatable");
}

}  // namespace

void addSfxCommand(CLI::App& app, Runner& runner) {
    CLI::App* sfx = app.add_subcommand("sfx", "Simulate i860 special effects and .PFX emitters (docs/sfx.md)");
    sfx->require_subcommand(1);

    auto sim = std::make_shared<SfxArgs>();
    CLI::App* simulate = sfx->add_subcommand("simulate", "Simulate one effect of a descriptor INI file");
    simulate->add_option("descriptors", sim->input, "Descriptor INI file")->required();
    simulate->add_option("--effect", sim->effect, "Section name (Fireball) or slot (specialfx15)")->required();
    addCommonOptions(simulate, *sim);
    simulate->callback([sim, &runner] { runner = [sim] { return runSimulate(*sim); }; });

    auto emit = std::make_shared<SfxArgs>();
    CLI::App* emitCmd = sfx->add_subcommand("emit", "Simulate a .PFX particle emitter");
    emitCmd->add_option("pfx", emit->input, ".PFX emitter file")->required();
    addCommonOptions(emitCmd, *emit);
    emitCmd->callback([emit, &runner] { runner = [emit] { return runEmit(*emit); }; });
}

}  // namespace refrast::cli
