// SPDX-License-Identifier: MIT
#include "raster/frame_arena.h"

#include <mutex>

namespace refrast {

namespace {

// Free arenas kept for reuse: as many as renders usually run at once (a
// golden check renders a scene per core); more are freed when handed back.
constexpr size_t kKeptArenas = 4;

struct Pool {
    std::mutex mutex;
    std::vector<std::unique_ptr<FrameArena>> free;
};

Pool& pool() {
    static Pool* p = new Pool;  // never destroyed: renders may end during static destruction
    return *p;
}

}  // namespace

void FrameArenaReturn::operator()(FrameArena* arena) const {
    std::unique_ptr<FrameArena> owned(arena);
    Pool& p = pool();
    std::lock_guard<std::mutex> lock(p.mutex);
    if (p.free.size() < kKeptArenas) p.free.push_back(std::move(owned));
}

FrameArenaHandle acquireFrameArena() {
    Pool& p = pool();
    {
        std::lock_guard<std::mutex> lock(p.mutex);
        if (!p.free.empty()) {
            FrameArena* arena = p.free.back().release();
            p.free.pop_back();
            return FrameArenaHandle(arena);
        }
    }
    return FrameArenaHandle(new FrameArena);
}

}  // namespace refrast
