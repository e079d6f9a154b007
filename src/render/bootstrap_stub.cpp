// TEMPORARY bootstrap so the skeleton links; replaced by the pipeline.
#include "refrast/render.h"
#include "refrast/error.h"
namespace refrast {
Scene loadScene(const std::string& path) { throw InputError(path, "", "scene loading not implemented yet"); }
Image render(const Scene& scene, const RenderOptions&) { return Image(scene.target.width, scene.target.height); }
}
