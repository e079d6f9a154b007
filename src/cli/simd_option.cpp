// SPDX-License-Identifier: MIT
// --simd: the lane width the pixel kernels run at (raster/lanes/simd_level.h);
// accepted after any subcommand. Every level renders the same bytes.
#include "src/cli/commands.h"

#include "raster/lanes/simd_level.h"

namespace refrast::cli {

void addSimdOption(CLI::App& app) {
    app.add_option_function<std::string>(
           "--simd",
           [](const std::string& text) {
               const std::optional<SimdLevel> level = parseSimdLevel(text);
               if (!level) throw CLI::ValidationError("--simd", "expected scalar, sse, avx2 or avx512, got \"" + text + "\"");
               if (!cpuSupports(*level))
                   throw CLI::ValidationError("--simd", std::string("this CPU cannot run ") + simdLevelName(*level));
               setSimdLevel(*level);
           },
           "Widest pixel kernel level: scalar | sse (SSE4.1) | avx2 | avx512 (default: the widest the CPU has; "
           "spans of one or two quads run narrower); every one gives the same pixels")
        ->option_text("LEVEL");
}

}  // namespace refrast::cli
