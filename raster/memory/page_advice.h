// SPDX-License-Identifier: MIT
// Advice to the kernel about the pages of a buffer: only advice, the
// contents and every result are the same with or without it.
#pragma once

#include <cstddef>

namespace refrast {

enum class PageAdvice {
    HugePages,      // back it with transparent huge pages (Linux MADV_HUGEPAGE)
    PopulateWrite,  // map its pages now, in one call, not a fault each (Linux MADV_POPULATE_WRITE)
};

// Gives `advice` for the `alignment`-aligned part of [data, data + bytes)
// (alignment a power of two, at least the page size); nothing where the
// system lacks it, and errors are ignored.
void advisePages(const void* data, size_t bytes, size_t alignment, PageAdvice advice);

}  // namespace refrast
