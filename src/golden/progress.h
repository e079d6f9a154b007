// SPDX-License-Identifier: MIT
// Progress of a suite run: one line per scene in suite order (whatever order
// the parallel workers finish in) and, on a terminal, a bar with counts, the
// current scene and an ETA redrawn below the lines.
#pragma once

#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace refrast::golden {

class Progress {
public:
    // `terminal`: draw the bar (stdout is a TTY); otherwise plain lines only (CI logs).
    Progress(std::FILE* out, size_t total, bool terminal);

    void started(const std::string& name);
    // Records scene `index`'s line; prints every line that is now next in order.
    void finished(size_t index, std::string line);
    // Clears the bar.
    void done();

private:
    void drawBar();

    std::FILE* out_;
    bool terminal_;
    std::mutex mutex_;
    std::vector<std::optional<std::string>> lines_;
    size_t nextToPrint_ = 0;
    size_t finished_ = 0;
    std::string current_;
    std::chrono::steady_clock::time_point start_;
};

// True when `file` is a terminal.
bool isTerminal(std::FILE* file);

}  // namespace refrast::golden
