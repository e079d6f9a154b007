// SPDX-License-Identifier: MIT
// --no-hidden-surface-removal: shade every fragment that passes the depth
// test instead of only the last one of each pixel (raster/rasterize/
// hidden_surface.h); accepted after any subcommand. Both give the same bytes.
#include "src/cli/commands.h"

#include "raster/rasterize/hidden_surface_switch.h"

namespace refrast::cli {

void addHiddenSurfaceOption(CLI::App& app) {
    app.add_flag_callback(
        "--no-hidden-surface-removal", [] { setHiddenSurfaceRemoval(false); },
        "Shade every fragment that passes stencil and depth, even one a later opaque triangle of the tile overdraws "
        "(by default such fragments are never shaded); the pixels are the same, only the time differs");
}

}  // namespace refrast::cli
