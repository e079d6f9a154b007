// SPDX-License-Identifier: MIT
// The scene format 2 capture an import writes (docs/scene-format.md,
// "version 2"): the JSON document and the binary files beside it (vertex and
// index buffers as .bin, textures as .dds with every level in the format the
// program uploaded).
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace refrast::apitrace {

struct CaptureFile {
    std::string name;  // relative to the capture folder
    std::vector<uint8_t> bytes;
};

struct Capture {
    nlohmann::ordered_json json;
    std::vector<CaptureFile> files;
    std::vector<std::string> notes;  // what the import could not carry, with call numbers
    size_t draws = 0;
    size_t droppedShaderDraws = 0;
};

// Accumulates buffers, textures and commands; one snapshot of a resource's
// contents is written once however many draws read it.
class CaptureBuilder {
public:
    CaptureBuilder();
    // The index in "buffers" of (resource id, generation), adding it when new.
    size_t buffer(uint64_t resource, uint64_t generation, const std::vector<uint8_t>& bytes);
    // The texture name of (resource id, generation), adding its DDS when new.
    std::string texture(uint64_t resource, uint64_t generation, const std::vector<uint8_t>& dds);
    void surface(const std::string& name, const std::string& format, uint32_t width, uint32_t height);
    // The width and height of the surface `name` (a cube face "NAME/FACE" is
    // its cube's), or {0, 0} for none.
    std::pair<uint32_t, uint32_t> surfaceSize(const std::string& name) const;
    void command(const std::string& name, nlohmann::ordered_json value);
    void setOutput(const std::string& surface) { capture_.json["output"] = surface; }
    void setDescription(const std::string& d) { capture_.json["description"] = d; }
    Capture& capture() { return capture_; }
    uint64_t fileBytes() const { return fileBytes_; }
    Capture finish();

private:
    Capture capture_;
    uint64_t fileBytes_ = 0;
    std::map<std::pair<uint64_t, uint64_t>, size_t> buffers_;
    std::map<std::pair<uint64_t, uint64_t>, std::string> textures_;
};

}  // namespace refrast::apitrace
