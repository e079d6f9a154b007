// SPDX-License-Identifier: MIT
// Where an import reads a trace's calls from, in the order they completed:
// a trace decoded whole into memory (tests, the fuzz harness), or a trace
// file streamed chunk by chunk (the commands), so that importing a frame of a
// long recording holds one chunk and one call of the stream at a time, not
// the recording (docs/apitrace.md "Streaming"). An import reads the calls
// twice: once to find the frames, once to replay them up to the chosen one.
#pragma once

#include "formats/apitrace/snappy_container.h"
#include "formats/apitrace/trace_model.h"
#include "formats/apitrace/trace_parser.h"

#include <memory>
#include <string>
#include <vector>

namespace refrast::apitrace {

class CallSource {
public:
    virtual ~CallSource() = default;
    // Back to the first call. Calls returned before are no longer valid.
    virtual void rewind() = 0;
    // The next call, or nullptr after the last; valid until the next call of next() or rewind().
    virtual const Call* next() = 0;
    // The decompressed stream's size (what resource memory is measured against).
    virtual uint64_t streamBytes() const = 0;
};

class DecodedCalls final : public CallSource {
public:
    explicit DecodedCalls(const Trace& trace) : trace_(trace) {}
    void rewind() override { next_ = 0; }
    const Call* next() override { return next_ < trace_.calls.size() ? &trace_.calls[next_++] : nullptr; }
    uint64_t streamBytes() const override { return trace_.streamBytes; }

private:
    const Trace& trace_;
    size_t next_ = 0;
};

class TraceFileCalls final : public CallSource {
public:
    explicit TraceFileCalls(const std::string& path)
        : path_(path), file_(path), calls_(std::make_unique<CallStream>(file_, path_)) {}
    // A trace file's bytes in memory, read the same way (the fuzz harness).
    TraceFileCalls(std::vector<uint8_t> bytes, const std::string& path)
        : path_(path), file_(std::move(bytes), path), calls_(std::make_unique<CallStream>(file_, path_)) {}
    void rewind() override {
        calls_.reset();
        calls_ = std::make_unique<CallStream>(file_, path_);
    }
    const Call* next() override { return calls_->next(); }
    uint64_t streamBytes() const override { return file_.streamBytes(); }

private:
    std::string path_;
    TraceFile file_;
    std::unique_ptr<CallStream> calls_;
};

}  // namespace refrast::apitrace
