// SPDX-License-Identifier: MIT
// `golden check`: render every scene, compare it with its golden image under
// the scene's gate, and collect one outcome per scene (docs/golden.md).
#pragma once

#include "refrast/diff.h"
#include "refrast/scene.h"
#include "src/golden/progress.h"
#include "src/golden/scene_list.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace refrast::golden {

// A rendered scene and the gate it is compared under.
struct RenderedScene {
    Image image;
    GateSpec gate;
};

// Renders the scene file at `path` with `threads` worker threads (0: all cores).
using SceneRenderer = std::function<RenderedScene(const std::string& path, int threads)>;
SceneRenderer defaultRenderer();  // loadScene + render

enum class SceneStatus { Pass, Fail, Error };

struct ReportImages {
    std::string golden, render, diff;  // relative to the report directory; empty: not written
};

struct SceneOutcome {
    std::string name, scenePath, goldenPath;
    SceneStatus status = SceneStatus::Pass;
    std::string message;              // why it failed, or the error; empty on a pass
    GateSpec gate;
    std::optional<DiffResult> diff;   // absent when no comparison happened
    double ms = 0.0;
    ReportImages images;
};

struct GoldenCheckConfig {
    std::string goldenDir = "golden";
    std::string reportDir;      // set: write each scene's golden, render and heat map under reportDir/images/
    bool determinism = false;   // also render with 1 thread and with several; any byte difference fails
    int threads = 0;            // render threads (0: all cores)
};

std::string goldenPathFor(const std::string& goldenDir, const std::string& name);

// Checks every scene (in parallel; the outcomes keep the list's order),
// reporting progress as they finish.
std::vector<SceneOutcome> checkScenes(const std::vector<SceneEntry>& scenes, const GoldenCheckConfig& config,
                                      const SceneRenderer& renderer, Progress& progress);

// "PASS name  differing 0 (0.0000e+00)  12 ms", "FAIL name  ...", "ERROR name  message".
std::string outcomeLine(const SceneOutcome& outcome);

}  // namespace refrast::golden
