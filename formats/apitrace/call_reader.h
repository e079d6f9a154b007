// SPDX-License-Identifier: MIT
// What the D3D9 and D3D7 interpreters share about the call they are reading:
// its errors name the trace and the call, its arguments are looked up and
// type-checked by name, and a texture lock's rectangle is read.
#pragma once

#include "formats/apitrace/texture_image.h"
#include "formats/apitrace/trace_dump.h"
#include "formats/apitrace/trace_model.h"
#include "refrast/error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace refrast::apitrace {

class CallReader {
protected:
    explicit CallReader(const std::string& path) : path_(path) {}

    InputError fail(const std::string& what) const {
        return InputError(path_, "call " + std::to_string(call_->no) + " " + call_->name(), what);
    }
    const Value& arg(const char* name) const {
        const Value* v = call_->arg(name);
        if (!v) throw fail(std::string("has no argument ") + name);
        return *v;
    }
    int64_t integer(const char* name) const {
        const auto v = arg(name).integer();
        if (!v) throw fail(std::string(name) + " = " + formatValue(arg(name)) + " is not an integer");
        return *v;
    }
    // A RECT that `name` points at, as {left, top, right, bottom}; a side the
    // trace lacks or that is no integer is an error, not a zero.
    std::array<int64_t, 4> rectSides(const Value& r, const char* name) const {
        std::array<int64_t, 4> sides{};
        const char* keys[4] = {"left", "top", "right", "bottom"};
        for (size_t k = 0; k < 4; ++k) {
            const Value* v = r.member(keys[k]);
            const auto n = v ? v->integer() : std::nullopt;
            if (!n) throw fail(std::string(name) + " has no integer " + keys[k]);
            sides[k] = *n;
        }
        return sides;
    }

    // The lock of `level` a LockRect (D3D9) or surface Lock (D3D7) returned:
    // `base` addresses the locked rectangle's first texel (the whole level,
    // or the RECT argument `rectArg` when it is given), rows `pitch` apart.
    LockRegion imageLockAt(const ImageLevel& level, uint64_t base, int64_t pitch, const char* rectArg) const {
        if (pitch <= 0 || uint64_t(pitch) < level.rowBytes()) throw fail("Pitch " + std::to_string(pitch) + " is less than a row");
        LockRegion l;
        l.base = base;
        l.pitch = uint64_t(pitch);
        l.rectWidth = level.width;
        l.rectHeight = level.height;
        if (const Value* r = arg(rectArg).pointee()) {
            const auto [left, top, right, bottom] = rectSides(*r, rectArg);
            if (left < 0 || top < 0 || right <= left || bottom <= top || right > level.width || bottom > level.height)
                throw fail(std::string(rectArg) + " lies outside the level");
            l.left = uint32_t(left);
            l.top = uint32_t(top);
            l.rectWidth = uint32_t(right - left);
            l.rectHeight = uint32_t(bottom - top);
        }
        const uint64_t div = level.layout.block ? 4 : 1;
        l.size = ((l.rectHeight + div - 1) / div) * l.pitch;
        return l;
    }

    const std::string& path_;
    const Call* call_ = nullptr;  // the call being interpreted
};

}  // namespace refrast::apitrace
