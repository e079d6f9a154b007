// SPDX-License-Identifier: MIT
// The message of the InputError an expression throws (doctest's
// CHECK_THROWS_WITH takes only C strings; these messages are built).
#pragma once

#include "refrast/error.h"

#include <string>

namespace refrast::test {

template <class F>
std::string inputErrorOf(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no InputError)";
}

}  // namespace refrast::test
