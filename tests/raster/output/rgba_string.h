// SPDX-License-Identifier: MIT
// doctest printing of Rgba / Rgba8 so that a failed CHECK shows the channels.
#pragma once

#include "raster/pixel/rgba.h"

#include <doctest/doctest.h>

#include <string>

namespace doctest {

template <>
struct StringMaker<refrast::Rgba8> {
    static String convert(const refrast::Rgba8& c) {
        return ("Rgba8{" + std::to_string(c.r) + ", " + std::to_string(c.g) + ", " + std::to_string(c.b) + ", " +
                std::to_string(c.a) + "}")
            .c_str();
    }
};

template <>
struct StringMaker<refrast::Rgba> {
    static String convert(const refrast::Rgba& c) {
        return ("Rgba{" + std::to_string(c.r) + ", " + std::to_string(c.g) + ", " + std::to_string(c.b) + ", " +
                std::to_string(c.a) + "}")
            .c_str();
    }
};

}  // namespace doctest
