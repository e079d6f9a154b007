// SPDX-License-Identifier: MIT
// The one error type for bad input: names the file and where in it (JSON
// pointer or byte offset). The CLI prints what() on one line and exits 2.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace refrast {

class InputError : public std::runtime_error {
public:
    // "FILE: WHERE: WHAT", or "FILE: WHAT" when where is empty.
    InputError(const std::string& file, const std::string& where, const std::string& what)
        : std::runtime_error(compose(file, where, what)) {}

    static InputError atOffset(const std::string& file, uint64_t byteOffset, const std::string& what) {
        return InputError(file, "byte offset " + std::to_string(byteOffset), what);
    }

private:
    static std::string compose(const std::string& file, const std::string& where, const std::string& what) {
        std::string s = file.empty() ? std::string("<input>") : file;
        if (!where.empty()) s.append(": ").append(where);
        s.append(": ").append(what);
        return s;
    }
};

// Bad command-line usage (exit status 2, like InputError).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace refrast
