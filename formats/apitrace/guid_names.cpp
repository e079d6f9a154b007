// SPDX-License-Identifier: MIT
#include "formats/apitrace/guid_names.h"

#include "formats/apitrace/generated_d3d_constants.h"

namespace refrast::apitrace {

const char* guidName(const Value& v) {
    if (v.type != Value::Type::Struct || !v.structSig || v.structSig->name != "GUID" || v.items.size() != 4)
        return nullptr;
    const auto d1 = v.items[0].integer(), d2 = v.items[1].integer(), d3 = v.items[2].integer();
    const Value& d4 = v.items[3];
    if (!d1 || !d2 || !d3 || d4.type != Value::Type::Array || d4.items.size() != 8) return nullptr;
    for (const ddraw::GuidName& g : ddraw::kGuids) {
        if (uint64_t(*d1) != g.data1 || uint64_t(*d2) != g.data2 || uint64_t(*d3) != g.data3) continue;
        bool same = true;
        for (size_t i = 0; i < 8; ++i) same = same && d4.items[i].integer() == int64_t(g.data4[i]);
        if (same) return g.name;
    }
    return nullptr;
}

}  // namespace refrast::apitrace
