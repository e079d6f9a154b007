// SPDX-License-Identifier: MIT
// A readback's own raw layout (docs/suite.md "Raw readbacks"): beside
// READBACKS_DIR/NAME.raw, NAME.raw.json names how that one file lies in
// memory, so one suite can mix backends (a GL readback flipped and RGBA, a
// D3D one BGRA with a pitch).
#pragma once

#include "formats/raw_image.h"

#include <optional>
#include <string>

namespace refrast::suite {

// The layout for the readback at `path`: its sidecar PATH.json when that
// exists (width and height default to the oracle's), else `suiteLayout` (the
// --raw-* options). A bad sidecar is an InputError naming it and the key.
std::optional<RawLayout> rawLayoutFor(const std::string& path, const std::optional<RawLayout>& suiteLayout,
                                      int oracleWidth, int oracleHeight);

}  // namespace refrast::suite
