// SPDX-License-Identifier: MIT
// Interface GUIDs by name (from the MinGW headers, generated_d3d_constants.h):
// apitrace dump prints a known GUID as its name, and the D3D7 interpreter
// tells the device type (IID_IDirect3DRGBDevice, …) by it.
#pragma once

#include "formats/apitrace/trace_model.h"

namespace refrast::apitrace {

// The IID_/CLSID_ name of a GUID struct value {Data1, Data2, Data3, Data4[8]},
// or nullptr when it is not a GUID or not a known one.
const char* guidName(const Value& v);

}  // namespace refrast::apitrace
