// SPDX-License-Identifier: MIT
// What the D3D9 and D3D7 interpreters share about the call they are reading:
// its errors name the trace and the call, and its arguments are looked up
// and type-checked by name.
#pragma once

#include "formats/apitrace/trace_dump.h"
#include "formats/apitrace/trace_model.h"
#include "refrast/error.h"

#include <cstdint>
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

    const std::string& path_;
    const Call* call_ = nullptr;  // the call being interpreted
};

}  // namespace refrast::apitrace
