// SPDX-License-Identifier: MIT
#include "src/suite/raw_sidecar.h"

#include "formats/json_reader.h"
#include "refrast/image.h"

#include <filesystem>

namespace refrast::suite {

std::optional<RawLayout> rawLayoutFor(const std::string& path, const std::optional<RawLayout>& suiteLayout,
                                      int oracleWidth, int oracleHeight) {
    const std::string sidecar = path + ".json";
    if (path.size() < 4 || path.compare(path.size() - 4, 4, ".raw") != 0 || !std::filesystem::exists(sidecar))
        return suiteLayout;
    const nlohmann::json doc = json::parseDocument(readRegularFileBytes(sidecar), sidecar);
    json::Object o(json::Node(doc, "", sidecar));
    RawLayout layout;
    layout.format = o.required("format").kind("raw format").asEnum<RawFormat>(
        {{"rgba8", RawFormat::Rgba8}, {"bgra8", RawFormat::Bgra8}, {"rgbx8", RawFormat::Rgbx8}, {"bgrx8", RawFormat::Bgrx8}});
    const auto side = [&o](const char* key, int fallback) {
        const std::optional<json::Node> n = o.optional(key);
        return n ? int(n->asInt(1, kMaxRawSide)) : fallback;
    };
    layout.width = side("width", oracleWidth);
    layout.height = side("height", oracleHeight);
    if (const std::optional<json::Node> n = o.optional("stride")) {
        layout.stride = n->asInt(0, int64_t(1) << 40);
        if (layout.stride != 0 && layout.stride < int64_t(layout.width) * 4)
            n->fail("stride " + std::to_string(layout.stride) + " is less than width * 4 = " +
                    std::to_string(int64_t(layout.width) * 4));
    }
    if (const std::optional<json::Node> n = o.optional("flip_y")) layout.flipY = n->asBool();
    o.finish();
    return layout;
}

}  // namespace refrast::suite
