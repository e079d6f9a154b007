// SPDX-License-Identifier: MIT
// writeFileAtomic and the output transaction (formats/output_file.h).
#include "formats/output_file.h"

#include "refrast/error.h"
#include "refrast/image.h"

#include <cerrno>
#include <csignal>
#include <exception>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace refrast {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTempTag = ".refrast-tmp.";

struct Staged {
    std::string target;  // the path as given (for messages)
    std::string final;   // where the rename goes (links followed); empty: direct write
    std::string temp;
    std::vector<uint8_t> direct;  // bytes of a direct write, written on commit
};

std::mutex mutex;                       // writes may come from worker threads
std::vector<Staged>* staging = nullptr;  // the open transaction's writes
std::set<std::string> cleanedDirs;

[[noreturn]] void fail(const std::string& path, const std::string& what) {
    throw InputError(path, "", what + ": " + std::strerror(errno));
}

// Follows symbolic links to the path the data must finally land at.
fs::path followLinks(fs::path p, const std::string& given) {
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
        std::error_code ec;
        const fs::path to = fs::read_symlink(p, ec);
        if (ec) throw InputError(given, "", "cannot read the symbolic link: " + ec.message());
        p = to.is_absolute() ? to : p.parent_path() / to;
    }
    errno = ELOOP;
    fail(given, "cannot write");
}

// Removes ".NAME.refrast-tmp.PID" files of dead processes, once per folder.
void removeStaleTemporaries(const fs::path& dir) {
    if (!cleanedDirs.insert(dir.string()).second) return;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        const size_t tag = name.rfind(kTempTag);
        if (name.empty() || name[0] != '.' || tag == std::string::npos) continue;
        const std::string pidText = name.substr(tag + std::strlen(kTempTag));
        if (pidText.empty() || pidText.find_first_not_of("0123456789") != std::string::npos || pidText.size() > 9) continue;
        const long pid = std::stol(pidText);
        if (pid <= 0 || pid == long(::getpid())) continue;
        if (::kill(pid_t(pid), 0) != 0 && errno == ESRCH) ::unlink(it->path().c_str());
    }
}

void writeAll(int fd, const std::vector<uint8_t>& bytes, const std::string& path) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail(path, "write failed");
        done += size_t(n);
    }
}

void writeDirect(const std::string& path, const std::vector<uint8_t>& bytes) {
    if (path == "-") {
        std::cout.flush();
        std::fflush(stdout);
        writeAll(1, bytes, "<stdout>");
        return;
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_TRUNC);
    if (fd < 0) fail(path, "cannot write");
    try {
        writeAll(fd, bytes, path);
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
}

// Writes the temporary for `final`; returns its path. Removes it on failure.
std::string writeTemporary(const fs::path& final, const std::string& given, const std::vector<uint8_t>& bytes) {
    const fs::path dir = final.has_parent_path() ? final.parent_path() : fs::path(".");
    removeStaleTemporaries(dir);
    const std::string temp = (dir / temporaryName(final.filename().string(), long(::getpid()))).string();
    ::unlink(temp.c_str());  // our own leftover of a staged write to the same target
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) fail(given, "cannot write");
    try {
        struct stat st {};
        // Replacing keeps the old file's permission bits.
        if (::stat(final.c_str(), &st) == 0 && S_ISREG(st.st_mode)) ::fchmod(fd, st.st_mode & 07777);
        writeAll(fd, bytes, given);
        if (::fsync(fd) != 0) fail(given, "fsync failed");
        if (::close(fd) != 0) fail(given, "write failed");
    } catch (...) {
        ::close(fd);
        ::unlink(temp.c_str());
        throw;
    }
    return temp;
}

void renameIntoPlace(const Staged& s) {
    if (::rename(s.temp.c_str(), s.final.c_str()) != 0) {
        const int saved = errno;
        ::unlink(s.temp.c_str());
        errno = saved;
        fail(s.target, "cannot rename the temporary into place");
    }
}

}  // namespace

std::string temporaryName(const std::string& fileName, long pid) {
    return "." + fileName + kTempTag + std::to_string(pid);
}

void writeFileAtomic(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::lock_guard<std::mutex> lock(mutex);
    Staged s;
    s.target = path;
    struct stat st {};
    const bool direct = path == "-" || (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode));
    if (direct && path != "-" && S_ISDIR(st.st_mode)) throw InputError(path, "", "is a directory, expected a file");
    if (direct) {
        if (!staging) return writeDirect(path, bytes);
        s.direct = bytes;
    } else {
        s.final = followLinks(fs::path(path), path).string();
        // A second write to the same target within one transaction replaces the first.
        if (staging)
            for (auto it = staging->begin(); it != staging->end(); ++it)
                if (!it->final.empty() && it->final == s.final) {
                    ::unlink(it->temp.c_str());
                    staging->erase(it);
                    break;
                }
        s.temp = writeTemporary(fs::path(s.final), path, bytes);
        if (!staging) return renameIntoPlace(s);
    }
    staging->push_back(std::move(s));
}

OutputTransaction::OutputTransaction() {
    std::lock_guard<std::mutex> lock(mutex);
    staging = new std::vector<Staged>();
}

OutputTransaction::~OutputTransaction() {
    std::lock_guard<std::mutex> lock(mutex);
    if (!staging) return;
    for (const Staged& s : *staging)
        if (!s.temp.empty()) ::unlink(s.temp.c_str());
    delete staging;
    staging = nullptr;
}

void OutputTransaction::commit() {
    std::vector<Staged> writes;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (!staging) return;
        writes.swap(*staging);
        delete staging;
        staging = nullptr;
    }
    // Renames first (they cannot half-fail the way a stream can), then the
    // direct writes; an error on one still removes the remaining temporaries.
    std::exception_ptr error;
    for (const Staged& s : writes) {
        if (s.temp.empty()) continue;
        if (error) {
            ::unlink(s.temp.c_str());
            continue;
        }
        try {
            renameIntoPlace(s);
        } catch (...) {
            error = std::current_exception();
        }
    }
    if (error) std::rethrow_exception(error);
    for (const Staged& s : writes)
        if (s.temp.empty()) writeDirect(s.target, s.direct);
}

}  // namespace refrast
