// SPDX-License-Identifier: MIT
// Scene-relative file resolution and its rules.
#include "formats/input_path.h"

#include "formats/resource_budget.h"

#include <filesystem>
#include <sys/stat.h>

namespace refrast {

namespace fs = std::filesystem;

namespace {

// What a non-regular file is, for the message.
const char* kindOf(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

// True when `path` (both canonical) lies inside `dir`.
bool isInside(const fs::path& path, const fs::path& dir) {
    auto d = dir.begin(), p = path.begin();
    for (; d != dir.end(); ++d, ++p)
        if (p == path.end() || *p != *d) return false;
    return p != path.end();
}

}  // namespace

std::string resolveSceneFile(const json::Node& fileNode, const std::string& sceneDir, const std::string& what) {
    const std::string text = fileNode.asString();
    if (text.empty()) fileNode.fail(what + " path is empty");
    if (text.find('\0') != std::string::npos) fileNode.fail(what + " path holds a NUL byte");
    const fs::path file(text);
    const fs::path dir = sceneDir.empty() ? fs::path(".") : fs::path(sceneDir);
    const fs::path path = file.is_absolute() ? file : dir / file;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) fileNode.fail(what + " \"" + path.string() + "\" not found");
    if (!S_ISREG(st.st_mode))
        fileNode.fail(what + " \"" + path.string() + "\" is " + kindOf(st.st_mode) + ", expected a regular file");
    if (!resourceLimits().allowOutsideFiles) {
        // Canonical on both sides: a symbolic link out of the folder is outside too.
        std::error_code ec;
        const fs::path real = fs::canonical(path, ec);
        const fs::path realDir = fs::canonical(dir, ec);
        if (ec || file.is_absolute() || !isInside(real, realDir))
            fileNode.fail(what + " \"" + text + "\" is outside the scene's folder (--allow-outside-files permits it)");
    }
    return path.string();
}

}  // namespace refrast
