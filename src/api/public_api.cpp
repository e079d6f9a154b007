// SPDX-License-Identifier: MIT
// The public API (include/refrast/refrast.h) over the scene loader and render().
#include "refrast/refrast.h"

#include "refrast/render.h"
#include "refrast/scene.h"

#include <stdexcept>

namespace refrast {

struct LoadedScene::Impl {
    Scene scene;
};

struct LoadedSceneAccess {
    static const Scene& scene(const LoadedScene& s) { return s.impl_->scene; }
    static LoadedScene make(Scene scene) {
        auto impl = std::make_unique<LoadedScene::Impl>();
        impl->scene = std::move(scene);
        return LoadedScene(std::move(impl));
    }
};

LoadedScene::LoadedScene(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
LoadedScene::LoadedScene(LoadedScene&&) noexcept = default;
LoadedScene& LoadedScene::operator=(LoadedScene&&) noexcept = default;
LoadedScene::~LoadedScene() = default;

LoadedScene LoadedScene::fromFile(const std::string& path) { return LoadedSceneAccess::make(loadScene(path)); }

int LoadedScene::width() const { return impl_->scene.target.width; }
int LoadedScene::height() const { return impl_->scene.target.height; }
int LoadedScene::drawCount() const { return int(impl_->scene.draws.size()); }
std::string LoadedScene::drawName(int draw) const {
    if (draw < 0 || draw >= drawCount()) throw std::out_of_range("refrast: no draw " + std::to_string(draw));
    return impl_->scene.draws[size_t(draw)].name;
}

RenderedFrame renderFrame(const LoadedScene& scene, const RenderRequest& request) {
    RenderOptions options;
    options.threads = request.threads;
    options.view = request.view;
    options.untilDraw = request.untilDraw;
    options.ambiguity = request.ambiguity;
    RenderPlanes planes;
    RenderedFrame frame;
    frame.image = render(LoadedSceneAccess::scene(scene), options, nullptr, &planes);
    frame.drawId = std::move(planes.drawId);
    frame.ambiguous = std::move(planes.ambiguous);
    return frame;
}

Image renderSceneFile(const std::string& path, int threads) {
    RenderRequest request;
    request.threads = threads;
    return renderFrame(LoadedScene::fromFile(path), request).image;
}

}  // namespace refrast
