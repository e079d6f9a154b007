// SPDX-License-Identifier: MIT
// Reading a scene file's "gate" object.
#include "src/golden/gate_spec.h"

#include "formats/json_reader.h"

namespace refrast::golden {

DiffOptions GateSpec::diffOptions() const {
    DiffOptions o;
    o.tolerance = tolerance;
    o.positionDeviation = positionDeviation;
    o.gate = gate;
    return o;
}

GateSpec readGate(const std::string& path) {
    const nlohmann::json document = json::parseDocument(readFileBytes(path), path);
    const json::Node root(document, "", path);
    GateSpec spec;
    if (!root.isObject() || !document.contains("gate")) return spec;
    json::Object gate(root.child("gate"));
    if (auto n = gate.optional("tolerance")) spec.tolerance = int(n->asInt(0, 255));
    if (auto n = gate.optional("position_deviation")) spec.positionDeviation = int(n->asInt(0, 64));
    if (auto n = gate.optional("max_fraction")) spec.gate.maxFraction = n->asDouble(0.0, 1.0);
    if (auto n = gate.optional("max_pixels")) spec.gate.maxPixels = n->asInt(0, INT64_MAX);
    if (auto n = gate.optional("reason")) spec.reason = n->asString();
    gate.finish();
    return spec;
}

}  // namespace refrast::golden
