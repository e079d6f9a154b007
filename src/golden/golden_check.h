// SPDX-License-Identifier: MIT
// `golden check`: render every scene, compare it with its golden image under
// the scene's gate, and collect one outcome per scene (docs/golden.md).
#pragma once

#include "formats/raw_image.h"
#include "refrast/ambiguity.h"
#include "refrast/diff.h"
#include "refrast/render.h"
#include "refrast/scene.h"
#include "src/diff/draw_attribution.h"
#include "src/golden/progress.h"
#include "src/golden/scene_list.h"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace refrast::golden {

// A rendered scene and the gate it is compared under.
struct RenderedScene {
    Image image;
    GateSpec gate;
    diff::DrawPlanes draws;              // draw-id plane (empty: no attribution), touches, names
    bool cached = false;                 // taken from the render cache, not rendered now
    std::vector<uint8_t> ambiguous;      // the ambiguity map (AmbiguityCause bits), when the gate uses it
};

// The knife-edge pixels of a compared scene and how many of them differ
// (beyond the gate's tolerance, before the "ambiguous" rule excuses them).
struct AmbiguityCount {
    int64_t pixels = 0, differing = 0;
    // The same by criterion (AmbiguityCause bit k, refrast/ambiguity.h); a
    // pixel with several causes counts under each.
    std::array<int64_t, kAmbiguityCauses> causePixels{}, causeDiffering{};
};

// Renders the scene file at `path` with `threads` worker threads (0: all cores).
using SceneRenderer = std::function<RenderedScene(const std::string& path, int threads)>;
SceneRenderer defaultRenderer();  // loadScene + render
// The render's draw-id plane and touches with the scene's draw names.
diff::DrawPlanes drawPlanesOf(const Scene& scene, RenderPlanes&& planes);

enum class SceneStatus { Pass, Fail, Error };

// What the render is compared with: the suite's golden image (A = golden,
// B = render) or a GPU readback (A = refrast's render, the oracle; B = the
// readback). Either way A is the oracle's picture.
enum class ReferenceKind { Golden, Readback };

struct ReportImages {
    std::string reference, render, diff;  // relative to the report directory; empty: not written
};

struct SceneOutcome {
    std::string name, scenePath, goldenPath;  // goldenPath: the golden or the readback
    SceneStatus status = SceneStatus::Pass;
    std::string message;              // why it failed, or the error; empty on a pass
    GateSpec gate;
    std::optional<DiffResult> diff;   // absent when no comparison happened
    double ms = 0.0;
    ReportImages images;
    bool cached = false;
    std::optional<AmbiguityCount> ambiguity;  // when the gate uses the ambiguity map
    std::vector<diff::DrawBlame> draws;  // differing pixels by draw, worst first
    int64_t touchOverflow = 0;           // DrawAttribution::touchOverflow
    std::vector<std::string> drawCrops;  // report images of the first draws (failures with --report)
};

struct GoldenCheckConfig {
    std::string goldenDir = "golden";
    std::string reportDir;      // set: write each scene's golden, render and heat map under reportDir/images/
    bool determinism = false;   // also render with 1 thread and with several; any byte difference fails
    int threads = 0;            // render threads (0: all cores)
    ReferenceKind reference = ReferenceKind::Golden;
    std::optional<RawLayout> raw;  // readbacks that are not PNG are read with this
};

std::string goldenPathFor(const std::string& goldenDir, const std::string& name);
// READBACKS/NAME.png, or READBACKS/NAME.raw when only that exists.
std::string readbackPathFor(const std::string& readbackDir, const std::string& name);

// Checks every scene (in parallel; the outcomes keep the list's order),
// reporting progress as they finish.
std::vector<SceneOutcome> checkScenes(const std::vector<SceneEntry>& scenes, const GoldenCheckConfig& config,
                                      const SceneRenderer& renderer, Progress& progress);

// "PASS name  differing 0 (0.0000e+00)", "FAIL name  ...", "ERROR name  message";
// a failure is followed by its worst draws, one indented line each.
std::string outcomeLine(const SceneOutcome& outcome);

// How many draws a failure's text lists (the JSON report lists all).
constexpr size_t kDrawsInText = 5;

}  // namespace refrast::golden
