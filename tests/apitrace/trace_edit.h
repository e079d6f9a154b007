// SPDX-License-Identifier: MIT
// Editing a parsed trace in a test (a call found by number, renamed) and
// importing it for the error it gives: the fixture tests break a real
// recording one call at a time.
#pragma once

#include "formats/apitrace/import.h"
#include "formats/apitrace/trace_parser.h"
#include "refrast/error.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

namespace refrast::test {

inline apitrace::Call& callNo(apitrace::Trace& t, uint64_t no) {
    for (apitrace::Call& c : t.calls)
        if (c.no == no) return c;
    FAIL("no call " << no);
    throw;
}

// Renames call `no` (a new signature with the same argument names).
inline void renameCall(apitrace::Trace& t, uint64_t no, const std::string& name) {
    apitrace::Call& c = callNo(t, no);
    apitrace::FunctionSig sig = *c.sig;
    sig.id = 100000 + no;
    sig.name = name;
    t.functionSigs.push_back(sig);
    c.sig = &t.functionSigs.back();
}

// The message importing `t` (read from `path`) throws, or "" when it imports.
inline std::string importError(const apitrace::Trace& t, const std::string& path,
                               const apitrace::ImportOptions& options = {}) {
    try {
        (void)apitrace::importTrace(t, path, options);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

}  // namespace refrast::test
