// SPDX-License-Identifier: MIT
// The stable JSON report of a diff (schema "refrast-diff/1", docs/diff.md).
#include "src/diff/diff_json.h"

namespace refrast::diff {

namespace {

using Json = nlohmann::ordered_json;

template <class T>
Json orNull(const std::optional<T>& value) {
    return value ? Json(*value) : Json(nullptr);
}

Json rectJson(const std::optional<PixelRect>& r) {
    return r ? Json::array({r->left, r->top, r->right, r->bottom}) : Json(nullptr);
}

Json thresholdsJson(const DiffGate& g) {
    return Json{{"exact", g.exact()},
                {"max_fraction", orNull(g.maxFraction)},
                {"max_pixels", orNull(g.maxPixels)},
                {"max_delta", orNull(g.maxDelta)},
                {"max_mean_error", orNull(g.maxMeanError)}};
}

// {"kind", "shift": [dx, dy] | null, "differing_pixels", "explained_pixels", "remaining_pixels"}
Json hintJson(const PortHint& h) {
    if (h.text.empty()) return Json(nullptr);
    const bool shift = h.kind == "shift" || h.kind == "half_pixel_shift";
    const Json by = h.kind == "half_pixel_shift" ? Json::array({0.5 * h.dx, 0.5 * h.dy}) : Json::array({h.dx, h.dy});
    return Json{{"kind", h.kind},
                {"shift", shift ? by : Json(nullptr)},
                {"differing_pixels", h.differingPixels},
                {"explained_pixels", h.differingPixels - h.remainingPixels},
                {"remaining_pixels", h.remainingPixels}};
}

}  // namespace

Json metricsJson(const DiffMetrics& m, bool ignoreAlpha) {
    const Json alphaMax = ignoreAlpha ? Json(nullptr) : Json(m.maxDelta[3]);
    const Json alphaMean = ignoreAlpha ? Json(nullptr) : Json(m.meanAbsError[3]);
    return Json{{"compared_pixels", m.comparedPixels},
                {"differing_pixels", m.differingPixels},
                {"excused_pixels", m.excusedPixels},
                {"differing_fraction", m.differingFraction},
                {"max_delta", {{"r", m.maxDelta[0]}, {"g", m.maxDelta[1]}, {"b", m.maxDelta[2]}, {"a", alphaMax}}},
                {"mean_abs_error",
                 {{"r", m.meanAbsError[0]},
                  {"g", m.meanAbsError[1]},
                  {"b", m.meanAbsError[2]},
                  {"a", alphaMean},
                  {"rgb", m.meanAbsErrorRgb}}},
                {"rmse", m.rmse},
                {"psnr", orNull(m.psnr)},
                {"bbox", rectJson(m.bbox)}};
}

Json resultJson(const DiffResult& r) {
    Json j{{"width", r.width},
           {"height", r.height},
           {"tolerance", r.tolerance},
           {"position_deviation", r.positionDeviation},
           {"ignore_alpha", r.ignoreAlpha},
           {"thresholds", thresholdsJson(r.gate)},
           {"pass", r.pass}};
    j.update(metricsJson(r.metrics, r.ignoreAlpha));
    Json regions = Json::array();
    for (const RegionMetrics& region : r.regions) {
        Json e{{"name", region.region.name}, {"rect", rectJson(region.region.rect)}};
        e.update(metricsJson(region.metrics, r.ignoreAlpha));
        e["thresholds"] = region.region.gate ? thresholdsJson(*region.region.gate) : Json(nullptr);
        e["pass"] = region.pass;
        regions.push_back(std::move(e));
    }
    j["regions"] = std::move(regions);
    j["hint"] = r.hint.empty() ? Json(nullptr) : Json(r.hint);
    j["hint_detail"] = hintJson(r.hintDetail);
    return j;
}

}  // namespace refrast::diff

namespace refrast {

std::string diffReportJson(const DiffResult& result, const DiffInputs& inputs) {
    using Json = nlohmann::ordered_json;
    const auto input = [](const std::string& file, const std::optional<PixelRect>& crop) {
        return Json{{"file", file}, {"crop", crop ? Json::array({crop->left, crop->top, crop->right, crop->bottom}) : Json(nullptr)}};
    };
    Json j{{"schema", "refrast-diff/1"},
           {"a", input(inputs.a, inputs.cropA)},
           {"b", input(inputs.b, inputs.cropB)},
           {"mask", inputs.mask.empty() ? Json(nullptr) : Json(inputs.mask)}};
    j.update(diff::resultJson(result));
    return j.dump(2) + "\n";
}

}  // namespace refrast
