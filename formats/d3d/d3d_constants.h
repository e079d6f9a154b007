// SPDX-License-Identifier: MIT
// Every Direct3D 9 and Direct3D 7 enum value (and the #define families
// refrast reads), generated from the MinGW-w64 headers by
// scripts/gen-d3d-constants into d3d_constants.inc: no D3D number in refrast
// is typed from memory.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace refrast::d3d {

struct Constant {
    std::string_view group;  // the enum type ("D3DCMPFUNC"; D3D7's are "D3D7:D3DCMPFUNC") or #define family
    std::string_view name;   // the full constant name ("D3DCMP_LESSEQUAL")
    int64_t value;
};

std::span<const Constant> constants();

// The value of a constant of `group` by its full name.
std::optional<int64_t> valueOf(std::string_view group, std::string_view name);
// The first constant of `group` with this value (the header's order).
const Constant* byValue(std::string_view group, int64_t value);
// The constant of `group` whose name is `name` with any prefix up to and
// including an underscore removed ("LESSEQUAL" finds D3DCMP_LESSEQUAL).
const Constant* bySuffix(std::string_view group, std::string_view suffix);

// `name` without its constant prefix: "D3DCMP_LESSEQUAL" -> "LESSEQUAL",
// "D3DRS_ZFUNC" -> "ZFUNC" (the first underscore).
std::string_view suffixOf(std::string_view name);

}  // namespace refrast::d3d
