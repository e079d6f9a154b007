// SPDX-License-Identifier: MIT
// The subcommands of the `refrast` program. Each add*Command registers its
// options on the app and, when selected, sets `runner` to the work to do;
// main() runs it and maps exceptions to exit statuses (0 ok, 1 gate failed,
// 2 bad input or usage).
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace refrast::cli {

using Runner = std::function<int()>;

void addRenderCommand(CLI::App& app, Runner& runner);
void addDiffCommand(CLI::App& app, Runner& runner);
void addCheckCommand(CLI::App& app, Runner& runner);
void addGoldenCommand(CLI::App& app, Runner& runner);
void addSfxCommand(CLI::App& app, Runner& runner);
void addTexmCommand(CLI::App& app, Runner& runner);
// --max-memory, --max-textures, --max-particles, --allow-outside-files (formats/resource_budget.h).
void addLimitOptions(CLI::App& app);
// --simd scalar|sse|avx2|avx512 (raster/lanes/simd_level.h).
void addSimdOption(CLI::App& app);
// --no-hidden-surface-removal (raster/rasterize/hidden_surface.h).
void addHiddenSurfaceOption(CLI::App& app);
void addImportCommand(CLI::App& app, Runner& runner);
void addConvertCommand(CLI::App& app, Runner& runner);

}  // namespace refrast::cli
