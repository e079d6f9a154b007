// SPDX-License-Identifier: MIT
// Uninitialised storage for per-frame data that is written before it is read
// (vertex records, outcodes): it keeps its memory when reused for the next
// frame or draw and reallocates only to grow, so a repeated render touches no
// fresh pages.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace refrast {

template <class T>
class ScratchArray {
    static_assert(std::is_trivially_default_constructible_v<T>, "elements are left uninitialised");

public:
    ScratchArray() = default;
    ScratchArray(ScratchArray&& o) noexcept : data_(std::move(o.data_)), capacity_(std::exchange(o.capacity_, 0)) {}
    ScratchArray& operator=(ScratchArray&& o) noexcept {
        data_ = std::move(o.data_);
        capacity_ = std::exchange(o.capacity_, 0);
        return *this;
    }

    // Room for n elements, their values unspecified: the caller writes each one it reads.
    T* ensure(size_t n) {
        if (n > capacity_) {
            data_.reset(new T[n]);  // default-initialised: no page is touched here
            capacity_ = n;
        }
        return data_.get();
    }
    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }
    T& operator[](size_t i) { return data_[i]; }
    const T& operator[](size_t i) const { return data_[i]; }

private:
    std::unique_ptr<T[]> data_;
    size_t capacity_ = 0;
};

}  // namespace refrast
