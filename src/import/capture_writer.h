// SPDX-License-Identifier: MIT
// Writes a capture folder all at once: capture.json and its files go to a
// temporary sibling folder that is renamed into place, so a failed import
// leaves no partial capture.
#pragma once

#include "formats/apitrace/capture_builder.h"

#include <string>

namespace refrast::import {

// `dir` must not exist or be an empty folder.
void writeCaptureDir(const apitrace::Capture& capture, const std::string& dir);

}  // namespace refrast::import
