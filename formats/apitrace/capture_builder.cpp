// SPDX-License-Identifier: MIT
#include "formats/apitrace/capture_builder.h"

namespace refrast::apitrace {

CaptureBuilder::CaptureBuilder() {
    capture_.json["refrast_scene"] = 2;
    capture_.json["description"] = "";
    capture_.json["pixel_center"] = "d3d9";
    capture_.json["buffers"] = nlohmann::ordered_json::array();
    capture_.json["textures"] = nlohmann::ordered_json::array();
    capture_.json["surfaces"] = nlohmann::ordered_json::array();
    capture_.json["commands"] = nlohmann::ordered_json::array();
}

size_t CaptureBuilder::buffer(uint64_t resource, uint64_t generation, const std::vector<uint8_t>& bytes) {
    const auto key = std::make_pair(resource, generation);
    if (auto it = buffers_.find(key); it != buffers_.end()) return it->second;
    const size_t index = capture_.json["buffers"].size();
    const std::string name = "buffer" + std::to_string(index) + ".bin";
    capture_.json["buffers"].push_back({{"uri", name}, {"byte_length", bytes.size()}});
    capture_.files.push_back({name, bytes});
    fileBytes_ += bytes.size();
    buffers_[key] = index;
    return index;
}

std::string CaptureBuilder::texture(uint64_t resource, uint64_t generation, const std::vector<uint8_t>& dds) {
    const auto key = std::make_pair(resource, generation);
    if (auto it = textures_.find(key); it != textures_.end()) return it->second;
    const std::string name = "texture" + std::to_string(textures_.size());
    capture_.json["textures"].push_back({{"name", name}, {"source", "dds"}, {"file", name + ".dds"}});
    capture_.files.push_back({name + ".dds", dds});
    fileBytes_ += dds.size();
    textures_[key] = name;
    return name;
}

void CaptureBuilder::surface(const std::string& name, const std::string& format, uint32_t width, uint32_t height) {
    capture_.json["surfaces"].push_back({{"name", name}, {"format", format}, {"width", width}, {"height", height}});
}

std::pair<uint32_t, uint32_t> CaptureBuilder::surfaceSize(const std::string& name) const {
    const std::string surface = name.substr(0, name.find('/'));
    for (const auto& s : capture_.json["surfaces"])
        if (s["name"] == surface) return {s["width"].get<uint32_t>(), s["height"].get<uint32_t>()};
    return {0, 0};
}

void CaptureBuilder::command(const std::string& name, nlohmann::ordered_json value) {
    nlohmann::ordered_json c;
    c[name] = std::move(value);
    capture_.json["commands"].push_back(std::move(c));
    fileBytes_ += 64;  // a command's JSON, roughly: inline vertices are counted by the caller
}

Capture CaptureBuilder::finish() { return std::move(capture_); }

}  // namespace refrast::apitrace
