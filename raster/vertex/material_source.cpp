// SPDX-License-Identifier: MIT
#include "raster/vertex/material_source.h"

#include "raster/pixel/rgba.h"

namespace refrast {

namespace {

ColorValue pick(MaterialColorSource source, bool colorVertex, const ColorValue& material, const Vec4* diffuse,
                const Vec4* specular) {
    const MaterialInput input = materialInput(source, colorVertex, diffuse != nullptr, specular != nullptr);
    if (input == MaterialInput::Material) return material;
    const Vec4* vertex = input == MaterialInput::VertexDiffuse ? diffuse : specular;
    const Vec4& c = *vertex;
    return {saturate(c.x()), saturate(c.y()), saturate(c.z()), saturate(c.w())};
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
