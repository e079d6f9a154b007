// SPDX-License-Identifier: MIT
// Uninitialised storage for per-frame data that is written before it is read
// (vertex records, outcodes): it keeps its memory when reused for the next
// frame or draw and reallocates only to grow, so a repeated render touches no
// fresh pages; a fresh large buffer's pages are mapped in one call rather
// than a fault each (a process's first frame).
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

namespace refrast {

// Maps the pages of a fresh buffer in one call instead of a fault per page
// (Linux MADV_POPULATE_WRITE; elsewhere, or on an older kernel, nothing).
void prefaultPages(void* data, size_t bytes);

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
            prefaultPages(data_.get(), n * sizeof(T));
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
