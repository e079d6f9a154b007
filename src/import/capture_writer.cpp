// SPDX-License-Identifier: MIT
#include "src/import/capture_writer.h"

#include "refrast/error.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

namespace refrast::import {

namespace fs = std::filesystem;

namespace {
void writeAll(const fs::path& p, const char* data, size_t n) {
    std::ofstream out(p, std::ios::binary);
    out.write(data, std::streamsize(n));
    if (!out) throw std::runtime_error(p.string() + ": write failed");
}
}  // namespace

void writeCaptureDir(const apitrace::Capture& capture, const std::string& dir) {
    fs::path target = fs::absolute(dir).lexically_normal();
    if (target.filename().empty()) target = target.parent_path();  // "out/" names the folder out
    std::error_code ec;
    if (fs::exists(target, ec) && !(fs::is_directory(target, ec) && fs::is_empty(target, ec)))
        throw UsageError(dir + ": exists and is not an empty folder (refrast writes a new capture folder)");
    // Names come from the trace's own signatures: bytes that are not UTF-8
    // are replaced (the loader then rejects the name, naming it).
    const std::string json = capture.json.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    fs::path tmp;
    for (int attempt = 0;; ++attempt) {
        tmp = target.parent_path() / ("." + target.filename().string() + ".tmp" + std::to_string(std::random_device{}()));
        if (fs::create_directory(tmp, ec)) break;
        if (attempt > 8) throw std::runtime_error(dir + ": cannot create a temporary folder beside it: " + ec.message());
    }
    try {
        for (const apitrace::CaptureFile& f : capture.files)
            writeAll(tmp / f.name, reinterpret_cast<const char*>(f.bytes.data()), f.bytes.size());
        writeAll(tmp / "capture.json", json.data(), json.size());
        if (fs::exists(target)) fs::remove(target);
        fs::rename(tmp, target);
    } catch (...) {
        fs::remove_all(tmp, ec);
        throw;
    }
}

}  // namespace refrast::import
