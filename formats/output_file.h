// SPDX-License-Identifier: MIT
// How every output file is written (docs/architecture.md "Outputs"):
// "-" is standard output; a path that is (or links to) a FIFO, a device or
// /dev/stdout is written through; a regular file is replaced atomically: a
// hidden temporary ".NAME.refrast-tmp.PID" beside the final target (after
// following symbolic links), fsync, rename. Temporaries a killed run left
// behind are removed by the next write into that folder once their PID is dead.
//
// While an OutputTransaction is open, writes are staged (temporaries written,
// nothing renamed) and appear together on commit(); a transaction destroyed
// without commit removes its temporaries, so a failed command leaves none of
// its outputs behind. main() runs every command inside one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace refrast {

class OutputTransaction {
public:
    OutputTransaction();
    ~OutputTransaction();  // discards whatever was not committed
    OutputTransaction(const OutputTransaction&) = delete;
    OutputTransaction& operator=(const OutputTransaction&) = delete;
    void commit();
};

// The temporary's name for a target file name (exposed for tests).
std::string temporaryName(const std::string& fileName, long pid);

}  // namespace refrast
