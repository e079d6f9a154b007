// SPDX-License-Identifier: MIT
// The whole D3D9 state vocabulary (render, texture stage and sampler states,
// plus the Direct3D 7 render states without a D3D9 twin): how a state key
// may be written, and what refrast does with the states no reader takes.
// Each such state is either documented as having no effect on refrast's
// device model, or unsupported: accepted at its D3D9 default value only.
// docs/fixed-function.md §15.5 lists every state with its status.
#pragma once

#include "formats/json_reader.h"

#include <optional>
#include <string>

namespace refrast::d3d {

extern const json::StateVocabulary kRenderStates;        // D3DRS_* (and D3DRENDERSTATE_*)
extern const json::StateVocabulary kTextureStageStates;  // D3DTSS_*
extern const json::StateVocabulary kSamplerStates;       // D3DSAMP_*

// The lower-case key of a state written as "zfunc", "D3DRS_ZFUNC" or "23";
// nothing when `member` is no state of the vocabulary.
std::optional<std::string> canonicalStateKey(const json::StateVocabulary& v, const std::string& member);

// A state that no reader took: returns true if it has no effect or holds its
// D3D9 default; fails with "unsupported state ..." if it is a state refrast
// does not implement set to another value; false if `key` is no state at all.
bool checkUnreadState(const json::StateVocabulary& v, const std::string& key, const json::Node& value);

enum class StateStatus : uint8_t { Implemented, NoEffect, Unsupported };
// For the documentation and tests: the status of a state no reader takes
// (Implemented when the table does not list it).
StateStatus unreadStateStatus(const json::StateVocabulary& v, const std::string& key);

}  // namespace refrast::d3d
