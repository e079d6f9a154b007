// SPDX-License-Identifier: MIT
#include "formats/apitrace/trace_model.h"

namespace refrast::apitrace {

std::optional<int64_t> Value::integer() const {
    switch (type) {
        case Type::False: return 0;
        case Type::True: return 1;
        case Type::SInt:
        case Type::Enum: return sint;
        case Type::UInt:
        case Type::Bitmask:
        case Type::Opaque: return int64_t(uint);
        case Type::Repr: return items.size() == 2 ? items[1].integer() : std::nullopt;
        default: return std::nullopt;
    }
}

std::optional<uint64_t> Value::pointer() const {
    switch (type) {
        case Type::Null: return 0;
        case Type::Opaque:
        case Type::UInt: return uint;
        case Type::SInt: return uint64_t(sint);
        default: return std::nullopt;
    }
}

const Value* Value::member(const std::string& name) const {
    if (type != Type::Struct || !structSig) return nullptr;
    for (size_t i = 0; i < structSig->memberNames.size() && i < items.size(); ++i)
        if (structSig->memberNames[i] == name) return &items[i];
    return nullptr;
}

const Value* Call::arg(const std::string& argName) const {
    for (size_t i = 0; i < sig->argNames.size() && i < args.size(); ++i)
        if (sig->argNames[i] == argName) return &args[i];
    return nullptr;
}

}  // namespace refrast::apitrace
