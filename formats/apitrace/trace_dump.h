// SPDX-License-Identifier: MIT
// Prints values and calls the way `apitrace dump` prints them (apitrace's
// trace_dump.cpp), so tests can compare the decoder with apitrace's own dump
// of the same trace, and error messages can quote a call as a user sees it.
#pragma once

#include "formats/apitrace/trace_model.h"

#include <string>

namespace refrast::apitrace {

std::string formatValue(const Value& v);
// "11 IDirect3DDevice9::DrawPrimitiveUP(this = 0x34e430, ...) = D3D_OK", without the dump's
// trailing "// fake" comment.
std::string formatCall(const Call& c);

}  // namespace refrast::apitrace
