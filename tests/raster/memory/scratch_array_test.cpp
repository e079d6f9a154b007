// SPDX-License-Identifier: MIT
// ScratchArray (raster/memory/scratch_array.h): it keeps its memory, and a
// fresh large buffer's pages are mapped in one call (prefaultPages).
#include "raster/memory/scratch_array.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#if defined(__linux__)
#include <cerrno>
#include <sys/mman.h>
#include <unistd.h>
#endif

using namespace refrast;

TEST_CASE("memory/scratch_array: reuses its storage until it must grow") {
    ScratchArray<float> a;
    float* first = a.ensure(1000);
    first[999] = 1.5f;
    CHECK(a.ensure(10) == first);    // smaller: the same storage, contents kept
    CHECK(a.ensure(1000) == first);
    CHECK(a[999] == 1.5f);
    CHECK(a.ensure(1001) != nullptr);  // larger: new storage
}

#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
TEST_CASE("memory/scratch_array: prefaultPages maps a fresh region's pages without touching them") {
    const size_t page = size_t(sysconf(_SC_PAGESIZE)), pages = 1024;  // 4 MiB: above the size it bothers with
    const auto resident = [&](void* p) {
        std::vector<unsigned char> in(pages);
        REQUIRE(mincore(p, pages * page, in.data()) == 0);
        size_t n = 0;
        for (unsigned char c : in) n += c & 1;
        return n;
    };
    void* probe = mmap(nullptr, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(probe != MAP_FAILED);
    const bool supported = madvise(probe, page, MADV_POPULATE_WRITE) == 0 || errno != EINVAL;
    munmap(probe, page);
    if (!supported) {
        MESSAGE("this kernel has no MADV_POPULATE_WRITE (Linux < 5.14): prefaultPages does nothing");
        return;
    }
    void* p = mmap(nullptr, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(p != MAP_FAILED);
    CHECK(resident(p) == 0);  // anonymous memory: no page until the first write
    prefaultPages(p, pages * page);
    CHECK(resident(p) == pages);
    munmap(p, pages * page);
    // Below the threshold (1 MiB) it leaves the pages to fault in.
    void* small = mmap(nullptr, 16 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(small != MAP_FAILED);
    prefaultPages(small, 16 * page);
    std::vector<unsigned char> in(16);
    REQUIRE(mincore(small, 16 * page, in.data()) == 0);
    size_t n = 0;
    for (unsigned char c : in) n += c & 1;
    CHECK(n == 0);
    munmap(small, 16 * page);
}
#endif
