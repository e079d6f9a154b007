// SPDX-License-Identifier: MIT
#include "src/convert/v1_to_v2.h"

#include "formats/d3d/d3d_constants.h"
#include "formats/d3d/state_vocabulary.h"
#include "formats/json_reader.h"
#include "refrast/error.h"
#include "src/convert/v1_state_defaults.h"

#include <filesystem>
#include <functional>
#include <map>
#include <set>

namespace refrast::convert {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using ojson = nlohmann::ordered_json;
using StateMap = std::map<std::string, json>;  // canonical key -> value as written

constexpr int kStages = 8, kLights = 8, kClipPlanes = 6;

// Keys whose readers interact: when one changes, every member the draw gives
// is written again in the same SetRenderState (ZBIAS, read after DEPTHBIAS,
// overrides it); `together` groups also write their resets there (the
// depth-fade pair is checked far > near on the values it ends with).
struct CoupledStates {
    std::set<std::string> keys;
    bool together;
};
const std::vector<CoupledStates> kCoupledRenderStates = {{{"depthbias", "zbias"}, false},
                                                         {{"depthfadenear", "depthfadefar"}, true}};

class Converter {
public:
    Converter(const json& v1, const std::string& inFile, const std::string& outDirectory)
        : v1_(v1), file_(inFile), inDir_(folder(fs::path(inFile).parent_path())), outDir_(folder(outDirectory)) {}

    ojson run() {
        ojson out;
        out["refrast_scene"] = 2;
        if (v1_.contains("description")) out["description"] = v1_["description"];
        if (v1_.contains("time")) out["time"] = v1_["time"];
        const json& target = v1_["target"];
        if (v1_.contains("gate")) {
            json gate = v1_["gate"];
            if (gate.contains("mask")) gate["mask"] = relocate(gate["mask"]);
            out["gate"] = gate;
        }
        out["pixel_center"] = target.value("pixel_center", "d3d9");
        if (v1_.contains("buffers")) {
            json buffers = v1_["buffers"];
            for (json& b : buffers) b["uri"] = relocate(b["uri"]);
            out["buffers"] = buffers;
        }
        std::set<std::string> names;
        if (v1_.contains("textures")) {
            json textures = v1_["textures"];
            for (json& t : textures) {
                names.insert(t["name"].get<std::string>());
                if (t.contains("file")) t["file"] = relocate(t["file"]);
                if (t.contains("palette") && t["palette"].contains("bank"))
                    t["palette"]["bank"] = relocate(t["palette"]["bank"]);
            }
            out["textures"] = textures;
        }
        const std::string colorName = freeName("backbuffer", names), depthName = freeName("depthstencil", names);
        const int width = target["width"].get<int>(), height = target["height"].get<int>();
        out["surfaces"] = ojson::array(
            {ojson{{"name", colorName}, {"format", target.value("color_format", "A8R8G8B8")}, {"width", width}, {"height", height}},
             ojson{{"name", depthName}, {"format", depthFormat(target)}, {"width", width}, {"height", height}}});
        out["output"] = colorName;
        commands_ = ojson::array();
        // Version 1 clears the whole target before the viewport applies.
        const json clear = target.value("clear", json::object());
        ojson c{{"flags", "TARGET|ZBUFFER|STENCIL"}};
        c["color"] = clear.value("color", json(0));
        c["z"] = clear.value("z", clear.value("depth", json(1.0)));
        c["stencil"] = clear.value("stencil", json(0));
        emit("Clear", c);
        // Version 1's own defaults where version 2 starts elsewhere: lighting
        // (§16.1) and the scissor rectangle (v1 [0, 0, 0, 0]; v2 the surface).
        emit("SetRenderState", ojson{{"lighting", false}, {"scissorrect", {0, 0, 0, 0}}});
        if (target.contains("viewport")) {
            const json& vp = target["viewport"];
            if (vp.value("x", 0) + vp["width"].get<int>() > width || vp.value("y", 0) + vp["height"].get<int>() > height)
                fail("/target/viewport", "extends past the target: version 2's SetViewport must lie within it, as D3D9's does");
            emit("SetViewport", vp);
        }
        const json& draws = v1_["draws"];
        for (size_t i = 0; i < draws.size(); ++i) convertDraw(draws[i], "/draws/" + std::to_string(i));
        if (v1_.contains("sfx")) {
            if (target.contains("viewport")) {
                const json& vp = target["viewport"];
                if (vp.value("x", 0) != 0 || vp.value("y", 0) != 0 || vp["width"] != width || vp["height"] != height)
                    fail("/sfx", "effects draw with the target's viewport; version 2's sfx draw with the whole output surface");
            }
            json sfx = v1_["sfx"];
            for (json& e : sfx) e["descriptors"] = relocate(e["descriptors"]);
            out["sfx"] = sfx;
        }
        out["commands"] = commands_;
        return out;
    }

private:
    static fs::path folder(const fs::path& p) { return fs::absolute(p.empty() ? fs::path(".") : p).lexically_normal(); }

    [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
        throw InputError(file_, pointer, "cannot convert to version 2: " + what);
    }

    // Version 1's D32F is a binary32 depth with 8 stencil bits: version 2's
    // D24FS8 (stored at full binary32 precision, docs/fixed-function.md §15.2).
    static json depthFormat(const json& target) {
        const json f = target.value("depth_format", json("D24S8"));
        const std::optional<int64_t> d32f = d3d::valueOf("D3DFORMAT", "D3DFMT_D32F_LOCKABLE");
        if (f == "D32F" || f == "D3DFMT_D32F" || (f.is_number() && d32f && f.get<int64_t>() == *d32f)) return "D24FS8";
        return f;
    }

    static std::string freeName(std::string name, const std::set<std::string>& taken) {
        while (taken.count(name)) name += "_";
        return name;
    }

    // A file name relative to the input's folder, as the output's folder sees it.
    json relocate(const json& name) const {
        const fs::path p(name.get<std::string>());
        if (p.is_absolute()) return name;
        const fs::path rel = (inDir_ / p).lexically_normal().lexically_relative(outDir_);
        return rel.empty() ? json((inDir_ / p).lexically_normal().string()) : json(rel.generic_string());
    }

    void emit(const char* call, ojson arg) { commands_.push_back(ojson{{call, std::move(arg)}}); }

    static StateMap canonical(const json& object, const ::refrast::json::StateVocabulary* vocabulary,
                              const std::set<std::string>& skip = {}) {
        StateMap m;
        if (!object.is_object()) return m;
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (skip.count(it.key())) continue;
            std::optional<std::string> key = vocabulary ? d3d::canonicalStateKey(*vocabulary, it.key()) : std::nullopt;
            m[key ? *key : it.key()] = it.value();
        }
        return m;
    }

    // The delta from `before` to `after`: keys left out return to `fallback`'s
    // default (emitted first, as `resets`), changed keys follow (`changes`).
    void delta(const StateMap& before, const StateMap& after,
               const std::function<std::optional<json>(const std::string&)>& fallback,
               const std::vector<CoupledStates>& coupled, const std::string& pointer, ojson& resets,
               ojson& changes) const {
        auto valueOf = [&](const std::string& k) -> json {
            if (auto it = after.find(k); it != after.end()) return it->second;
            std::optional<json> d = fallback(k);
            if (!d) fail(pointer, "no version 1 default is known for \"" + k + "\", which the draw before set");
            return *d;
        };
        std::set<std::string> touched;
        for (const auto& [k, v] : before)
            if (!after.count(k)) touched.insert(k);
        for (const auto& [k, v] : after)
            if (auto it = before.find(k); it == before.end() || it->second != v) touched.insert(k);
        for (const CoupledStates& group : coupled) {
            bool any = false;
            for (const std::string& k : group.keys) any = any || touched.count(k);
            if (!any) continue;
            for (const std::string& k : group.keys) {
                touched.erase(k);
                if (after.count(k)) changes[k] = after.at(k);
                else if (before.count(k)) (group.together ? changes : resets)[k] = valueOf(k);
            }
        }
        for (const std::string& k : touched) (after.count(k) ? changes : resets)[k] = valueOf(k);
    }

    void convertDraw(const json& d, const std::string& at) {
        // Render states.
        const StateMap state = canonical(d.value("state", json::object()), &d3d::kRenderStates);
        ojson resets = ojson::object(), changes = ojson::object();
        delta(renderState_, state, renderStateDefault, kCoupledRenderStates, at + "/state", resets, changes);
        if (!resets.empty()) emit("SetRenderState", resets);
        if (!changes.empty()) emit("SetRenderState", changes);
        renderState_ = state;
        convertStages(d, at);
        convertTransforms(d);
        convertLighting(d, at);
        convertDrawCall(d, at);
    }

    void convertStages(const json& d, const std::string& at) {
        const json stages = d.value("stages", json::array());
        for (int s = 0; s < kStages; ++s) {
            const json entry = size_t(s) < stages.size() ? stages[size_t(s)] : json::object();
            const std::string pointer = at + "/stages/" + std::to_string(s);
            const StateMap stage = canonical(entry, &d3d::kTextureStageStates, {"texture", "sampler"});
            const StateMap sampler = canonical(entry.value("sampler", json::object()), &d3d::kSamplerStates);
            const json texture = entry.value("texture", json(nullptr));
            ojson resets = ojson::object(), changes = ojson::object();
            delta(stageState_[s], stage, [s](const std::string& k) { return stageStateDefault(k, s); }, {}, pointer,
                  resets, changes);
            // Resets first, while the old texture is bound (page_cell needs one).
            if (!resets.empty()) {
                ojson r{{"stage", s}};
                r.update(resets);
                emit("SetTextureStageState", r);
            }
            if (texture != texture_[s]) emit("SetTexture", ojson{{"stage", s}, {"texture", texture}});
            ojson sResets = ojson::object(), sChanges = ojson::object();
            delta(samplerState_[s], sampler, samplerStateDefault, {}, pointer + "/sampler", sResets, sChanges);
            sResets.update(sChanges);
            if (!sResets.empty()) {
                ojson r{{"sampler", s}};
                r.update(sResets);
                emit("SetSamplerState", r);
            }
            if (!changes.empty()) {
                ojson r{{"stage", s}};
                r.update(changes);
                emit("SetTextureStageState", r);
            }
            stageState_[s] = stage;
            samplerState_[s] = sampler;
            texture_[s] = texture;
        }
    }

    void convertTransforms(const json& d) {
        const json t = d.value("transform", json::object());
        const char* states[3] = {"WORLD", "VIEW", "PROJECTION"};
        const char* keys[3] = {"world", "view", "projection"};
        for (int i = 0; i < 3; ++i) {
            const json m = t.value(keys[i], identity());
            if (m == transform_[i]) continue;
            emit("SetTransform", ojson{{"state", states[i]}, {"matrix", m}});
            transform_[i] = m;
        }
    }

    static json identity() { return json::array({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}); }

    void convertLighting(const json& d, const std::string& at) {
        (void)at;
        std::array<json, kLights> fields;
        std::array<bool, kLights> enabled{};
        fields.fill(json::object());
        for (const json& l : d.value("lights", json::array())) {
            const int i = l["index"].get<int>();
            json f = l;
            f.erase("enable");
            fields[size_t(i)] = f;
            enabled[size_t(i)] = l.value("enable", true);
        }
        for (int i = 0; i < kLights; ++i) {
            json f = fields[size_t(i)];
            f["index"] = i;
            if (f != light_[i]) emit("SetLight", f);
            if (enabled[size_t(i)] != lightEnabled_[i]) emit("LightEnable", ojson{{"index", i}, {"enable", enabled[size_t(i)]}});
            light_[i] = f;
            lightEnabled_[i] = enabled[size_t(i)];
        }
        const json material = d.value("material", json::object());
        if (material != material_) emit("SetMaterial", material);
        material_ = material;
        const json planes = d.value("clipplanes", json::array());
        for (int i = 0; i < kClipPlanes; ++i) {
            const json p = size_t(i) < planes.size() ? planes[size_t(i)] : json::array({0, 0, 0, 0});
            if (p != clipPlane_[i]) emit("SetClipPlane", ojson{{"index", i}, {"plane", p}});
            clipPlane_[i] = p;
        }
    }

    struct Attribute {
        const json* node;
        const char* type;
        const char* usage;
        int usageIndex;
        int bytes;   // of one element
        int fields;  // values per vertex in inline data
    };

    std::vector<Attribute> attributes(const json& v) const {
        std::vector<Attribute> out;
        const std::string pos = v["position"]["format"];
        const int posComponents = pos == "XYZ" ? 3 : 4;
        out.push_back({&v["position"], posComponents == 3 ? "FLOAT3" : "FLOAT4", pos == "XYZRHW" ? "POSITIONT" : "POSITION",
                       0, posComponents * 4, posComponents});
        if (v.contains("normal")) out.push_back({&v["normal"], "FLOAT3", "NORMAL", 0, 12, 3});
        const char* colors[2] = {"diffuse", "specular"};
        for (int c = 0; c < 2; ++c) {
            if (!v.contains(colors[c])) continue;
            const bool packed = v[colors[c]]["format"] == "D3DCOLOR";
            out.push_back({&v[colors[c]], packed ? "D3DCOLOR" : "FLOAT4", "COLOR", c, packed ? 4 : 16, packed ? 1 : 4});
        }
        if (v.contains("texcoord")) {
            static const char* types[5] = {"", "FLOAT1", "FLOAT2", "FLOAT3", "FLOAT4"};
            for (size_t s = 0; s < v["texcoord"].size(); ++s) {
                const json& t = v["texcoord"][s];
                const int n = t["format"].get<std::string>().back() - '0';
                out.push_back({&t, types[n], "TEXCOORD", int(s), 4 * n, n});
            }
        }
        return out;
    }

    // DrawPrimitive's primitive_count for n vertices (or indices); the type as
    // version 1 accepts it: the suffix, the D3DPT_ name or the number.
    static size_t primitiveCount(const json& type, size_t n) {
        std::string name;
        if (type.is_number()) {
            const d3d::Constant* c = d3d::byValue("D3DPRIMITIVETYPE", type.get<int64_t>());
            name = c ? std::string(d3d::suffixOf(c->name)) : "";
        } else {
            name = type.get<std::string>();
            if (name.rfind("D3DPT_", 0) == 0) name = name.substr(6);
        }
        if (name == "TRIANGLELIST") return n / 3;
        if (name == "LINELIST") return n / 2;
        if (name == "LINESTRIP") return n >= 2 ? n - 1 : 0;
        if (name == "POINTLIST") return n;
        return n >= 3 ? n - 2 : 0;  // strips and fans
    }

    void convertDrawCall(const json& d, const std::string& at) {
        const json& v = d["vertices"];
        const std::vector<Attribute> attrs = attributes(v);
        bool inlineData = false, buffered = false;
        for (const Attribute& a : attrs) (a.node->contains("data") ? inlineData : buffered) = true;
        if (inlineData && buffered)
            fail(at + "/vertices", "mixes inline and buffer attributes (a version 2 draw reads either inline vertices or streams)");
        const bool indexed = d.contains("indices");
        const bool inlineIndices = indexed && d["indices"].is_array();
        if (indexed && inlineIndices != inlineData)
            fail(at + "/indices", inlineData ? "buffer indices with inline vertices have no D3D9 call"
                                              : "inline indices with buffer vertices have no D3D9 call");
        size_t count = 0;
        if (inlineData) {
            const Attribute& p = attrs[0];
            count = (*p.node)["data"].size() / size_t(p.fields);
        } else {
            count = v["count"].get<size_t>();
        }
        const size_t n = !indexed ? count : inlineIndices ? d["indices"].size() : d["indices"]["count"].get<size_t>();
        const json primitive = d.value("primitive", json("TRIANGLELIST"));
        const size_t primitives = primitiveCount(primitive, n);
        ojson decl = ojson::array();
        int offset = 0;
        for (size_t i = 0; i < attrs.size(); ++i) {
            const Attribute& a = attrs[i];
            ojson e{{"stream", inlineData ? 0 : int(i)}, {"offset", inlineData ? offset : 0}, {"type", a.type}, {"usage", a.usage}};
            if (a.usageIndex) e["usage_index"] = a.usageIndex;
            decl.push_back(e);
            offset += a.bytes;
        }
        const std::string layout = decl.dump();
        if (layout != layout_) emit("SetVertexDeclaration", decl);
        layout_ = layout;
        if (primitives == 0) return;  // nothing to draw (an empty list)
        ojson call;
        if (d.contains("name")) call["name"] = d["name"];
        call["primitive"] = primitive;
        if (inlineData) {
            ojson rows = ojson::array();
            for (size_t k = 0; k < count; ++k) {
                ojson row = ojson::array();
                for (const Attribute& a : attrs)
                    for (int f = 0; f < a.fields; ++f) row.push_back(ojson((*a.node)["data"][k * size_t(a.fields) + size_t(f)]));
                rows.push_back(row);
            }
            if (indexed) {
                call["min_index"] = 0;
                call["num_vertices"] = count;
                call["primitive_count"] = primitives;
                call["indices"] = d["indices"];
                call["vertices"] = rows;
                emit("DrawIndexedPrimitiveUP", call);
            } else {
                call["primitive_count"] = primitives;
                call["vertices"] = rows;
                emit("DrawPrimitiveUP", call);
            }
            return;
        }
        for (size_t i = 0; i < attrs.size(); ++i) {
            const json& a = *attrs[i].node;
            emit("SetStreamSource", ojson{{"stream", int(i)}, {"buffer", a["buffer"]}, {"offset", a["offset"]},
                                          {"stride", a.value("stride", json(attrs[i].bytes))}});
        }
        if (indexed) {
            const json& ix = d["indices"];
            emit("SetIndices", ojson{{"buffer", ix["buffer"]}, {"offset", ix["offset"]}, {"format", ix["format"]}});
            call["base_vertex_index"] = 0;
            call["min_index"] = 0;
            call["num_vertices"] = count;
            call["start_index"] = 0;
            call["primitive_count"] = primitives;
            emit("DrawIndexedPrimitive", call);
        } else {
            call["start_vertex"] = 0;
            call["primitive_count"] = primitives;
            emit("DrawPrimitive", call);
        }
    }

    const json& v1_;
    std::string file_;
    fs::path inDir_, outDir_;
    ojson commands_;
    StateMap renderState_;
    std::array<StateMap, kStages> stageState_, samplerState_;
    std::array<json, kStages> texture_{};
    std::array<json, 3> transform_ = {identity(), identity(), identity()};
    std::array<json, kLights> light_ = [] {
        std::array<json, kLights> a;
        for (int i = 0; i < kLights; ++i) a[size_t(i)] = json{{"index", i}};
        return a;
    }();
    std::array<bool, kLights> lightEnabled_{};
    json material_ = json::object();
    std::array<json, kClipPlanes> clipPlane_ = [] {
        std::array<json, kClipPlanes> a;
        a.fill(json::array({0, 0, 0, 0}));
        return a;
    }();
    std::string layout_;
};

}  // namespace

ojson convertV1ToV2(const json& v1, const std::string& inFile, const std::string& outDirectory) {
    return Converter(v1, inFile, outDirectory).run();
}

std::string formatCapture(const ojson& capture) {
    std::string s = "{\n";
    bool first = true;
    for (auto it = capture.begin(); it != capture.end(); ++it) {
        if (!first) s += ",\n";
        first = false;
        s += "  " + ojson(it.key()).dump() + ": ";
        if (it.value().is_array() && (it.key() == "commands" || it.key() == "textures" || it.key() == "surfaces" ||
                                      it.key() == "buffers" || it.key() == "sfx") && !it.value().empty()) {
            s += "[\n";
            for (size_t i = 0; i < it.value().size(); ++i)
                s += "    " + it.value()[i].dump() + (i + 1 < it.value().size() ? ",\n" : "\n");
            s += "  ]";
        } else {
            s += it.value().dump();
        }
    }
    return s + "\n}\n";
}

}  // namespace refrast::convert
