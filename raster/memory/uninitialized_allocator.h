// SPDX-License-Identifier: MIT
// A std::vector allocator whose resize leaves new elements uninitialised
// (default-initialised) instead of zero-filling them: for planes whose every
// element is written before it is read by the code that sized them (the
// framebuffer's depth and stencil, which the render threads clear tile by
// tile: a serial zero fill first was a write of the whole plane on one core
// for nothing). Values given explicitly (assign, resize(n, v)) are written as usual.
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace refrast {

template <class T>
struct UninitializedAllocator : std::allocator<T> {
    static_assert(std::is_trivially_default_constructible_v<T>, "elements are left uninitialised");
    template <class U>
    struct rebind {
        using other = UninitializedAllocator<U>;
    };
    UninitializedAllocator() = default;
    template <class U>
    UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}

    // Value-initialisation (what resize(n) asks for) becomes default-initialisation.
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

template <class T>
using UninitializedVector = std::vector<T, UninitializedAllocator<T>>;

}  // namespace refrast
