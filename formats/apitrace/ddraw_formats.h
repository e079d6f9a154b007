// SPDX-License-Identifier: MIT
// DirectDraw 7 surface formats as D3DFORMAT names: a DDPIXELFORMAT's flags,
// bit counts and masks (ddraw.h), and the display modes SetDisplayMode sets.
#pragma once

#include "formats/apitrace/trace_model.h"

#include <cstdint>
#include <string>

namespace refrast::apitrace::ddraw_formats {

// The D3DFMT_ name of a DDPIXELFORMAT (a Z buffer's from its depth and
// stencil bits). Errors are std::runtime_error with the reason.
std::string formatOf(const Value& pixelFormat, bool zbuffer);

// The format of a display mode of `bpp` bits per pixel (SetDisplayMode):
// 32 is X8R8G8B8, 16 R5G6B5 (what Wine and Windows drivers give); others
// are refused.
std::string displayFormat(int64_t bpp);

// A struct member as an integer, or a std::runtime_error naming it.
int64_t memberInt(const Value& s, const char* name);

}  // namespace refrast::apitrace::ddraw_formats
