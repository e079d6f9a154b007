// SPDX-License-Identifier: MIT
#include "formats/d3d/d3d_constants.h"

namespace refrast::d3d {

namespace {

#define D3D_CONSTANT(group, name, value) Constant{group, name, value},
constexpr Constant kConstants[] = {
#include "formats/d3d/d3d_constants.inc"
};
#undef D3D_CONSTANT

}  // namespace

std::span<const Constant> constants() { return kConstants; }

std::string_view suffixOf(std::string_view name) {
    const size_t underscore = name.find('_');
    return underscore == std::string_view::npos ? name : name.substr(underscore + 1);
}

std::optional<int64_t> valueOf(std::string_view group, std::string_view name) {
    for (const Constant& c : kConstants)
        if (c.group == group && c.name == name) return c.value;
    return std::nullopt;
}

const Constant* byValue(std::string_view group, int64_t value) {
    for (const Constant& c : kConstants)
        if (c.group == group && c.value == value) return &c;
    return nullptr;
}

const Constant* bySuffix(std::string_view group, std::string_view suffix) {
    for (const Constant& c : kConstants)
        if (c.group == group && suffixOf(c.name) == suffix) return &c;
    return nullptr;
}

}  // namespace refrast::d3d
