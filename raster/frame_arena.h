// SPDX-License-Identifier: MIT
// The memory one run of draws needs between its stages: each draw's vertex
// records, each chunk's set-up triangles and tile bins. It lives for the
// frame and is then handed back for the next one (the next run of draws, the
// next --repeat render, the next scene of a golden check), so a frame writes
// into pages an earlier one already faulted in instead of first-touching
// hundreds of megabytes (W4's profile: a third of the frame was the kernel
// zeroing fresh pages). Contents never carry over: every stage overwrites
// what it reads.
#pragma once

#include "raster/memory/scratch_array.h"
#include "raster/primitive/setup.h"
#include "raster/vertex/vertex_stage.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace refrast {

// Output of the primitive stage for one chunk: its set-up triangles, the
// vertices clipping created, and the triangles binned per tile (CSR).
struct ChunkBins {
    std::vector<SetupTriangle> triangles;
    std::vector<float> clipArena;
    std::vector<uint32_t> tileStart;  // tiles + 1 offsets into the bins below
    // The triangles tile by tile (a triangle over several tiles once per
    // tile), as indices into `triangles` when consecutive triangles mostly
    // share a tile (W3's grid rows: the tile stage's reads are near each
    // other already), else as copies (W4's scattered triangles: the tile
    // stage streams through its range instead of waiting on a scattered read
    // per triangle). `copies` says which; only the first tileStart.back()
    // are this chunk's. Both keep their size between frames, so a frame
    // writes its entries once instead of constructing every element first.
    // A copy carries the part of its three vertex records the tile stage
    // reads too (binnedRecords: [kRecordTileFirst, stride) of each, after
    // kRecordTileFirst floats of padding, so that its v[] point at where each
    // record would start and stay inside the array): the records of scattered
    // triangles lie all over the draw's records, and reading them in tile
    // order was a cache and TLB miss per vertex.
    bool copies = false;
    std::vector<uint32_t> binnedIndex;
    std::vector<SetupTriangle> binned;
    ScratchArray<float> binnedRecords;  // not zero-filled when it grows: every float read is written first
    const SetupTriangle& binnedTriangle(uint32_t i) const { return copies ? binned[i] : triangles[binnedIndex[i]]; }
    int stride = 0;                   // floats per vertex record
    size_t assembled = 0;

    // Empties it for the next chunk, keeping the memory.
    void reset() {
        triangles.clear();
        clipArena.clear();
        tileStart.clear();
        stride = 0;
        assembled = 0;
    }
};

struct FrameArena {
    std::vector<TransformedVertices> vertices;  // by draw of the run: storage for the vertex stage to reuse
    std::vector<ChunkBins> bins;                 // by chunk; only the first chunks-of-this-run are live
};

// A FrameArena from the process's pool (a fresh one when none is free); it
// goes back to the pool when the handle is destroyed. Safe to call from
// concurrent renders: each gets its own arena.
struct FrameArenaReturn {
    void operator()(FrameArena* arena) const;
};
using FrameArenaHandle = std::unique_ptr<FrameArena, FrameArenaReturn>;
FrameArenaHandle acquireFrameArena();

}  // namespace refrast
