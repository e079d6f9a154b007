// SPDX-License-Identifier: MIT
// The options that raise resource limits or relax the input rules; they set
// resourceLimits() before the command runs (docs/architecture.md "Resource limits").
#include "src/cli/commands.h"

#include "formats/resource_budget.h"

namespace refrast::cli {

void addLimitOptions(CLI::App& app) {
    ResourceLimits& l = resourceLimits();
    app.add_option_function<std::string>(
           "--max-memory",
           [&l](const std::string& text) {
               const std::optional<uint64_t> bytes = parseByteSize(text);
               if (!bytes || *bytes == 0)
                   throw CLI::ValidationError("--max-memory", "expected a size such as 4096, 512M or 4G, got \"" + text + "\"");
               l.maxMemory = *bytes;
           },
           "Memory budget for one scene or image (default 2G; suffixes K, M, G, T)")
        ->option_text("SIZE");
    app.add_option("--max-textures", l.maxTextures, "Most textures one scene may declare (default 4096)")
        ->check(CLI::Range(int64_t(1), int64_t(1) << 30));
    app.add_option("--max-particles", l.maxParticles,
                   "Most particle records one effect simulation may produce (default 2000000)")
        ->check(CLI::Range(int64_t(1), int64_t(1) << 40));
    app.add_flag("--allow-outside-files", l.allowOutsideFiles,
                 "Let a scene name files outside its folder (absolute paths, ../ escapes)");
}

}  // namespace refrast::cli
