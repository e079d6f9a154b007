// SPDX-License-Identifier: MIT
#include "formats/huge_pages.h"

#include "raster/memory/page_advice.h"

namespace refrast {

void adviseHugePages(const void* data, size_t bytes) { advisePages(data, bytes, size_t(2) << 20, PageAdvice::HugePages); }

}  // namespace refrast
