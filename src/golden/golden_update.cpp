// SPDX-License-Identifier: MIT
// Rewriting goldens whose pixels changed.
#include "src/golden/golden_update.h"

#include "src/diff/size_text.h"

#include "refrast/error.h"

#include <tbb/parallel_for.h>

#include <cstdio>
#include <filesystem>

namespace refrast::golden {

namespace fs = std::filesystem;

namespace {

// How the old golden differs from the new render, or "" when the pixels are equal.
std::string changeText(const Image& old, const Image& rendered) {
    if (old.width != rendered.width || old.height != rendered.height)
        return "size " + sizeText(old) + " -> " + sizeText(rendered);
    if (old.rgba == rendered.rgba) return "";
    DiffOptions options;
    options.hints = false;
    const DiffMetrics m = compareImages(old, rendered, options).metrics;
    char text[160];
    std::snprintf(text, sizeof text, "%lld of %lld pixels changed (%.4e), max delta %d",
                  static_cast<long long>(m.differingPixels), static_cast<long long>(m.comparedPixels),
                  m.differingFraction, m.maxDeltaAnyChannel());
    return text;
}

void writeGolden(const std::string& path, const Image& image) {
    fs::create_directories(fs::path(path).parent_path());
    writePng(path, image);
}

UpdateOutcome updateOne(const SceneEntry& e, const std::string& goldenDir, const SceneRenderer& renderer, int threads) {
    const std::string path = goldenPathFor(goldenDir, e.name);
    const Image rendered = renderer(e.path, threads).image;
    if (!fs::exists(path)) {
        writeGolden(path, rendered);
        return {UpdateKind::Created, "created " + e.name + ": " + path + " (" + sizeText(rendered) + ")"};
    }
    std::string change;
    try {
        change = changeText(readPng(path), rendered);
    } catch (const InputError& error) {
        change = "replacing an unreadable golden (" + std::string(error.what()) + ")";
    }
    if (change.empty()) return {UpdateKind::Unchanged, "unchanged " + e.name};
    writeGolden(path, rendered);
    return {UpdateKind::Updated, "updated " + e.name + ": " + change};
}

}  // namespace

std::vector<UpdateOutcome> updateScenes(const std::vector<SceneEntry>& scenes, const std::string& goldenDir,
                                        const SceneRenderer& renderer, int threads, Progress& progress) {
    std::vector<UpdateOutcome> outcomes(scenes.size());
    tbb::parallel_for(size_t(0), scenes.size(), [&](size_t i) {
        progress.started(scenes[i].name);
        try {
            outcomes[i] = updateOne(scenes[i], goldenDir, renderer, threads);
        } catch (const std::exception& error) {
            outcomes[i] = {UpdateKind::Error, "ERROR " + scenes[i].name + "  " + error.what()};
        }
        progress.finished(i, outcomes[i].line);
    });
    return outcomes;
}

std::string updateSummaryLine(const std::vector<UpdateOutcome>& outcomes) {
    int counts[4] = {};
    for (const UpdateOutcome& o : outcomes) ++counts[int(o.kind)];
    return "golden update: " + std::to_string(outcomes.size()) + " scenes: " + std::to_string(counts[1]) + " created, " +
           std::to_string(counts[2]) + " updated, " + std::to_string(counts[0]) + " unchanged, " +
           std::to_string(counts[3]) + " errors";
}

}  // namespace refrast::golden
