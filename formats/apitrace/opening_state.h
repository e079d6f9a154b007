// SPDX-License-Identifier: MIT
// The part of a capture's opening state the D3D9 and D3D7 interpreters
// write alike: the texture stage and sampler state deltas of stages 0..7 and
// the transforms accumulated before the frame, as the commands that set them.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <string>

namespace refrast::apitrace {

template <class Emit, size_t Stages, size_t Samplers, class Transforms>
void emitStageSamplerTransformState(Emit&& emit, const std::array<nlohmann::ordered_json, Stages>& stageStates,
                                    const std::array<nlohmann::ordered_json, Samplers>& samplerStates,
                                    const Transforms& transforms) {
    using json = nlohmann::ordered_json;
    static_assert(Stages >= 8 && Samplers >= 8);
    for (size_t s = 0; s < 8; ++s)
        if (!stageStates[s].is_null()) {
            json j = {{"stage", s}};
            for (auto& [k, v] : stageStates[s].items()) j[k] = v;
            emit(std::string("SetTextureStageState"), j);
        }
    for (size_t s = 0; s < 8; ++s)
        if (!samplerStates[s].is_null()) {
            json j = {{"sampler", s}};
            for (auto& [k, v] : samplerStates[s].items()) j[k] = v;
            emit(std::string("SetSamplerState"), j);
        }
    for (const auto& [state, matrix] : transforms) emit(std::string("SetTransform"), json{{"state", state}, {"matrix", matrix}});
}

}  // namespace refrast::apitrace
