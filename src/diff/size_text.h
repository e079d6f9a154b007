// SPDX-License-Identifier: MIT
// An image's size as the messages print it: "WIDTHxHEIGHT".
#pragma once

#include "refrast/image.h"

#include <string>

namespace refrast {

inline std::string sizeText(const Image& image) {
    return std::to_string(image.width) + "x" + std::to_string(image.height);
}

}  // namespace refrast
