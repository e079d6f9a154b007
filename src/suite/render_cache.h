// SPDX-License-Identifier: MIT
// The suite's render cache: an oracle render is reused while the scene, every
// file it loads and the refrast binary are byte-for-byte unchanged. The key is
// a SHA-256 over exactly those bytes (docs/suite.md, "Cache").
#pragma once

#include "src/golden/golden_check.h"

#include <string>

namespace refrast::suite {

// A renderer that loads the scene (hashing what it reads), then returns the
// render stored under DIR/KEY.rfcache or renders and stores it.
golden::SceneRenderer cachedRenderer(const std::string& dir);

// Serialised render (colour, draw-id and touch planes) and its parse; parse
// returns false for anything that is not an entry of exactly width x height.
std::vector<uint8_t> encodeCacheEntry(const Image& image, const std::vector<uint32_t>& drawId,
                                      const DrawTouches& touches);
bool decodeCacheEntry(const std::vector<uint8_t>& bytes, int width, int height, Image& image,
                      std::vector<uint32_t>& drawId, DrawTouches& touches);

}  // namespace refrast::suite
