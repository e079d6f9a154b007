// SPDX-License-Identifier: MIT
// Whole-file reads: "-" is standard input; a regular file is read by its size,
// a pipe or device until end of file; everything read is charged against the
// memory budget first (a hostile 10 GB "image" is an error, not an allocation).
#include "formats/read_log.h"
#include "formats/resource_budget.h"
#include "refrast/error.h"
#include "refrast/image.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace refrast {

namespace {

// Closes the descriptor on every path out.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::vector<uint8_t> readAll(int fd, const struct stat& st, const std::string& path) {
    std::vector<uint8_t> bytes;
    if (S_ISREG(st.st_mode)) {
        requireMemory(uint64_t(st.st_size), "reading the file", path, "");
        bytes.resize(size_t(st.st_size));
    }
    size_t got = 0;
    for (;;) {
        if (got == bytes.size()) {
            if (S_ISREG(st.st_mode) && got == size_t(st.st_size)) {
                // The file may have grown since fstat: one probe byte tells.
                uint8_t probe;
                const ssize_t n = ::read(fd, &probe, 1);
                if (n == 0) break;
                if (n < 0 && errno == EINTR) continue;
                if (n < 0) throw InputError(path, "", std::string("read failed: ") + std::strerror(errno));
                throw InputError(path, "", "the file grew while it was read");
            }
            requireMemory(uint64_t(bytes.size()) + 65536, "reading the stream", path, "");
            bytes.resize(bytes.size() + 65536);
        }
        const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw InputError(path, "", std::string("read failed: ") + std::strerror(errno));
        if (n == 0) break;
        got += size_t(n);
    }
    bytes.resize(got);
    ReadLog::recordRead(bytes);  // the suite cache keys renders by every file read
    return bytes;
}

}  // namespace

std::vector<uint8_t> readFileBytes(const std::string& path) {
    if (path == "-") {
        struct stat st {};
        if (::fstat(0, &st) != 0) throw InputError("<stdin>", "", std::string("cannot read: ") + std::strerror(errno));
        return readAll(0, st, "<stdin>");
    }
    Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
    if (f.fd < 0) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) throw InputError(path, "", std::string("cannot stat: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode)) throw InputError(path, "", "is a directory, expected a file");
    return readAll(f.fd, st, path);
}

std::vector<uint8_t> readRegularFileBytes(const std::string& path) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
    Fd f{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)};
    if (f.fd < 0) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) throw InputError(path, "", std::string("cannot stat: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw InputError(path, "", "not a regular file");
    return readAll(f.fd, st, path);
}

}  // namespace refrast
