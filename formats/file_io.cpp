// SPDX-License-Identifier: MIT
// Whole-file reads and atomic writes (temporary + rename: no partial outputs).
#include "formats/read_log.h"
#include "refrast/error.h"
#include "refrast/image.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <unistd.h>

namespace refrast {

std::vector<uint8_t> readFileBytes(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw InputError(path, "", "is a directory, expected a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) throw InputError(path, "", "cannot determine file size");
    in.seekg(0, std::ios::beg);
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    if (size > 0 && !in.read(reinterpret_cast<char*>(bytes.data()), size))
        throw InputError(path, "", "read failed");
    ReadLog::recordRead(bytes);
    return bytes;
}

void writeFileAtomic(const std::string& path, const std::vector<uint8_t>& bytes) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    // A hidden sibling, so the rename stays on one file system.
    std::string tmpName(".");
    tmpName.append(target.filename().string()).append(".tmp.").append(std::to_string(::getpid()));
    const std::string tmp = (dir / tmpName).string();
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        out.flush();
        if (!out) {
            out.close();
            std::remove(tmp.c_str());
            throw std::runtime_error(path + ": write failed");
        }
    }
    std::error_code ec;
    fs::rename(tmp, target, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw std::runtime_error(path + ": cannot rename temporary into place: " + ec.message());
    }
}

}  // namespace refrast
