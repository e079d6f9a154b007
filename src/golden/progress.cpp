// SPDX-License-Identifier: MIT
// Ordered per-scene lines and the terminal progress bar.
#include "src/golden/progress.h"

#include "src/cli/quiet.h"

#include <unistd.h>

namespace refrast::golden {

namespace {
constexpr int kBarWidth = 30;
}  // namespace

bool isTerminal(std::FILE* file) { return ::isatty(::fileno(file)) != 0; }

Progress::Progress(std::FILE* out, size_t total, bool terminal)
    : out_(out), terminal_(terminal), lines_(total), start_(std::chrono::steady_clock::now()) {}

void Progress::started(const std::string& name) {
    const std::lock_guard<std::mutex> lock(mutex_);
    current_ = name;
    if (terminal_) drawBar();
}

void Progress::finished(size_t index, std::string line) {
    const std::lock_guard<std::mutex> lock(mutex_);
    lines_[index] = std::move(line);
    ++finished_;
    if (terminal_) std::fputs("\r\033[K", out_);  // erase the bar before printing lines above it
    for (; nextToPrint_ < lines_.size() && lines_[nextToPrint_]; ++nextToPrint_)
        if (!(cli::quiet() && lines_[nextToPrint_]->rfind("PASS ", 0) == 0))  // --quiet: failures and errors only
            std::fprintf(out_, "%s\n", lines_[nextToPrint_]->c_str());
    if (terminal_) drawBar();
    std::fflush(out_);
}

void Progress::done() {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (terminal_) std::fputs("\r\033[K", out_);
    std::fflush(out_);
}

// "[=========>          ] 12/40  rasterize/fill_rule  ETA 3s"
void Progress::drawBar() {
    const size_t total = lines_.size();
    const int filled = total ? int(kBarWidth * finished_ / total) : kBarWidth;
    std::string bar(size_t(filled), '=');
    bar.resize(size_t(kBarWidth), ' ');
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::string eta = "ETA --";
    if (finished_ > 0) eta = "ETA " + std::to_string(int(elapsed / double(finished_) * double(total - finished_) + 0.5)) + "s";
    std::fprintf(out_, "\r\033[K[%s] %zu/%zu  %s  %s", bar.c_str(), finished_, total, current_.c_str(), eta.c_str());
    std::fflush(out_);
}

}  // namespace refrast::golden
