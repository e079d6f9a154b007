// SPDX-License-Identifier: MIT
// refrast's stable C++ interface for a port's own tools and tests: load a
// scene file, render it (with the per-pixel planes reports use), compare two
// images. What `cmake --install` puts under include/refrast is this header and
// the plain headers it includes; none of them includes the pipeline's
// internals or Eigen, so a program built against an installed refrast needs
// only that include directory and the target refrast::refrast
// (find_package(refrast), docs/architecture.md "The public API").
//
// Errors are exceptions: InputError (refrast/error.h) for bad input, with the
// one-line message the command line prints (`FILE: /json/pointer: message`).
#pragma once

#include "refrast/ambiguity.h"
#include "refrast/diff.h"
#include "refrast/error.h"
#include "refrast/image.h"
#include "refrast/render_view.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace refrast {

// A parsed scene (format 1 or 2, docs/scene-format.md), ready to render many
// times. Its contents stay behind a pointer: the scene's own types are not
// part of the interface.
class LoadedScene {
public:
    // Reads and validates the scene at `path` ("-": standard input) with the
    // files it names. Throws InputError.
    static LoadedScene fromFile(const std::string& path);

    LoadedScene(LoadedScene&&) noexcept;
    LoadedScene& operator=(LoadedScene&&) noexcept;
    ~LoadedScene();

    int width() const;   // of the rendered output
    int height() const;
    int drawCount() const;
    std::string drawName(int draw) const;  // "" when the draw has no name

    struct Impl;

private:
    explicit LoadedScene(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
    friend struct LoadedSceneAccess;
};

struct RenderRequest {
    int threads = 0;                   // worker threads, 0: all cores
    RenderView view = RenderView::Final;
    int untilDraw = -1;                // >= 0: only draws 0..untilDraw (bisecting by hand)
    bool ambiguity = false;            // also compute RenderedFrame::ambiguous
};

struct RenderedFrame {
    Image image;
    std::vector<uint32_t> drawId;      // per pixel, row-major: draw index + 1 of the last write, 0 = cleared
    std::vector<uint8_t> ambiguous;    // per pixel: AmbiguityCause bits; empty unless request.ambiguity
};

RenderedFrame renderFrame(const LoadedScene& scene, const RenderRequest& request = {});

// The final image of the scene file at `path` (LoadedScene::fromFile, then renderFrame).
Image renderSceneFile(const std::string& path, int threads = 0);

// Comparing two images: compareImages (refrast/diff.h), A the oracle, B the
// image checked. Reading and writing PNGs: readPng, writePng (refrast/image.h).

}  // namespace refrast
