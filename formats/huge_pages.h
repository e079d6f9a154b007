// SPDX-License-Identifier: MIT
// Decoded and encoded images are big buffers written once, in order, right
// after they are allocated. With 4 KiB pages the kernel takes one page fault
// per 4 KiB and zeroes each page: for a 33 MB 4K image that is 8,100 faults,
// more time than decoding it. Asking for transparent huge pages (Linux
// madvise MADV_HUGEPAGE; the machine's default is "madvise") makes it one
// fault per 2 MiB. Only advice: the contents and every result are the same.
// Not for the pipeline's buffers: advising W4's vertex records and the
// framebuffer planes made the tile stage, which reads them in scattered
// order, 2x slower on the benchmark machine; those are reused instead
// (raster/frame_arena.h, and the heap keeps freed planes: src/cli/main.cpp).
#pragma once

#include <cstddef>
#include <vector>

namespace refrast {

// Advises huge pages for the 2 MiB-aligned part of [data, data + bytes); does
// nothing for small buffers or where the system has no such advice.
void adviseHugePages(const void* data, size_t bytes);

// Gives `v` room for `n` elements, advised as above before its first touch
// (call it on an empty vector, before resize or the first push_back).
template <typename T>
void reserveWithHugePages(std::vector<T>& v, size_t n) {
    if (v.capacity() >= n) return;
    v.reserve(n);
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

}  // namespace refrast
