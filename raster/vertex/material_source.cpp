// SPDX-License-Identifier: MIT
#include "raster/vertex/material_source.h"

namespace refrast {

namespace {

float clamp01(float v) { return v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f; }  // NaN -> 0

ColorValue pick(MaterialColorSource source, bool colorVertex, const ColorValue& material, const Vec4* diffuse,
                const Vec4* specular) {
    const MaterialInput input = materialInput(source, colorVertex, diffuse != nullptr, specular != nullptr);
    if (input == MaterialInput::Material) return material;
    const Vec4* vertex = input == MaterialInput::VertexDiffuse ? diffuse : specular;
    const Vec4& c = *vertex;
    return {clamp01(c.x()), clamp01(c.y()), clamp01(c.z()), clamp01(c.w())};
}

}  // namespace

MaterialInput materialInput(MaterialColorSource source, bool colorVertex, bool vertexDiffuse, bool vertexSpecular) {
    if (!colorVertex) return MaterialInput::Material;
    if (source == MaterialColorSource::Color1 && vertexDiffuse) return MaterialInput::VertexDiffuse;
    if (source == MaterialColorSource::Color2 && vertexSpecular) return MaterialInput::VertexSpecular;
    return MaterialInput::Material;
}

MaterialColors materialColors(const VertexProcessingState& s, const Vec4* diffuse, const Vec4* specular) {
    const Material& m = s.material;
    return {pick(s.diffuseMaterialSource, s.colorVertex, m.diffuse, diffuse, specular),
            pick(s.ambientMaterialSource, s.colorVertex, m.ambient, diffuse, specular),
            pick(s.specularMaterialSource, s.colorVertex, m.specular, diffuse, specular),
            pick(s.emissiveMaterialSource, s.colorVertex, m.emissive, diffuse, specular)};
}

}  // namespace refrast
