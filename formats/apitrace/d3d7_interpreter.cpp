// SPDX-License-Identifier: MIT
#include "formats/apitrace/import.h"
#include "refrast/error.h"

namespace refrast::apitrace {

Capture importD3D7(const Trace&, const std::string& path, const CallRange&, const ImportOptions&) {
    throw InputError(path, "", "DirectDraw 7 traces are not imported yet");
}

}  // namespace refrast::apitrace
