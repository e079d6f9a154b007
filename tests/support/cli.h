// SPDX-License-Identifier: MIT
// Runs the built `refrast` program from tests and captures its output.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/wait.h>
#include <unistd.h>

namespace refrast::test {

struct CliResult {
    int status = -1;     // exit status
    std::string output;  // stdout and stderr together
};

inline CliResult runRefrast(const std::string& args) {
    const std::string cmd = std::string(REFRAST_BINARY) + " " + args + " 2>&1";
    CliResult r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
}

// Writes `bytes` to `path` (a test's input file).
inline void writeBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A fresh directory under the system temp dir (mkdtemp: no other test run,
// of this checkout or another, gets the same one), removed with the object.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name = "test") {
        std::string tmpl = (std::filesystem::temp_directory_path() / ("refrast-" + name + "-XXXXXX")).string();
        path = mkdtemp(tmpl.data());
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(file(name), std::ios::binary) << text;
        return file(name);
    }
};

inline std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

struct RunResult {
    int status;
    std::string out, err;
};

// Runs `refrast ARGS` in `dir`, capturing stdout and stderr apart.
inline RunResult runRefrast(const TempDir& dir, const std::string& args) {
    const std::string out = dir.file("stdout.txt"), err = dir.file("stderr.txt");
    const std::string command = "cd '" + dir.path.string() + "' && '" REFRAST_BINARY "' " + args + " >'" + out +
                                "' 2>'" + err + "'";
    const int raw = std::system(command.c_str());
    return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, readText(out), readText(err)};
}

}  // namespace refrast::test
