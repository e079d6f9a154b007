// SPDX-License-Identifier: MIT
// `refrast render TRACE --frame N`: a trace's frame as an in-memory Scene,
// through the same capture an import writes (in a temporary folder, removed
// once loaded), so rendering a trace and rendering its import agree.
#pragma once

#include "formats/apitrace/import.h"
#include "refrast/scene.h"

#include <string>

namespace refrast::import {

// Whether `path` is an apitrace trace (its first bytes are the magic "at").
bool isTraceFile(const std::string& path);
Scene loadTraceScene(const std::string& path, const apitrace::ImportOptions& options);

}  // namespace refrast::import
