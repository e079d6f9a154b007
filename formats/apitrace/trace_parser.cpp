// SPDX-License-Identifier: MIT
// apitrace's stream decoder (see trace_parser.h for the grammar). Sizes read
// from the stream are checked against the bytes left before anything is
// allocated, and nesting is bounded, so no input can exhaust memory or stack.
#include "formats/apitrace/trace_parser.h"

#include "refrast/error.h"
#include "refrast/image.h"

#include <cstring>
#include <map>
#include <unordered_map>

namespace refrast::apitrace {
namespace {

enum Event : uint8_t { kEnter = 0, kLeave = 1 };
enum Detail : uint8_t { kEnd = 0, kArg = 1, kRet = 2, kThread = 3, kBacktrace = 4, kFlags = 5 };
enum BacktraceDetail : uint8_t { kBtEnd = 0, kBtModule, kBtFunction, kBtFilename, kBtLineNumber, kBtOffset };
constexpr int kMaxDepth = 64;  // structs of arrays of structs: D3D needs 4

}  // namespace

// Reads the stream through a window: the whole stream in memory, or one
// decompressed chunk of a TraceFile at a time. Offsets are the stream's.
class TraceDecoder {
public:
    TraceDecoder(const TraceStream& s, const std::string& path)
        : table_(s), path_(path), window_(s.bytes.data()), windowEnd_(s.bytes.size()), total_(s.bytes.size()) {
        header();
    }
    TraceDecoder(TraceFile& file, const std::string& path)
        : table_(file.table()), path_(path), file_(&file), total_(file.streamBytes()) {
        header();
    }

    uint64_t streamBytes() const { return total_; }
    Trace& trace() { return trace_; }

    Call* next() {
        while (pos_ < total_)
            if (event()) return &current_;
        // Calls never left: apitrace keeps them, marked incomplete, in call order.
        if (pending_.empty()) return nullptr;
        auto it = pending_.begin();
        current_ = std::move(it->second);
        current_.flags |= kCallFlagIncomplete;
        pending_.erase(it);
        return &current_;
    }

private:
    void header() {
        trace_.streamBytes = total_;
        trace_.version = uint("trace format version");
        if (trace_.version > kMaxTraceVersion)
            throw failAt(0, "trace format version " + std::to_string(trace_.version) + " is newer than the " +
                                std::to_string(kMaxTraceVersion) + " this reader knows");
        if (trace_.version >= 6) {
            trace_.semanticVersion = uint("semantic version");
            for (;;) {
                std::string name = string("property name");
                if (name.empty()) break;
                std::string value = string("property value");
                trace_.properties.emplace_back(std::move(name), std::move(value));
            }
        }
    }

    // Makes pos_ readable: loads the chunks after the window until one holds
    // it (chunks may be empty). Only called with pos_ < total_.
    void advance() {
        while (pos_ >= windowEnd_) {
            if (!file_ || nextChunk_ >= file_->chunkCount()) throw fail("truncated trace: the chunks end early");
            file_->readChunk(nextChunk_, chunk_);
            windowBase_ = table_.chunkStart[nextChunk_];
            windowEnd_ = windowBase_ + chunk_.size();
            window_ = chunk_.data();
            ++nextChunk_;
        }
    }
    // n bytes (already checked against the stream's size) copied out, across chunks.
    void read(void* out, uint64_t n) {
        auto* dst = static_cast<uint8_t*>(out);
        while (n > 0) {
            advance();
            const uint64_t k = std::min(n, windowEnd_ - pos_);
            std::memcpy(dst, window_ + (pos_ - windowBase_), size_t(k));
            dst += k;
            pos_ += k;
            n -= k;
        }
    }

    InputError failAt(uint64_t at, const std::string& what) const { return InputError(path_, table_.describe(at), what); }
    InputError fail(const std::string& what) const { return failAt(pos_, what); }

    uint8_t byte(const char* what) {
        if (pos_ >= total_) throw fail(std::string("truncated trace: end of stream in ") + what);
        if (pos_ >= windowEnd_) advance();
        return window_[pos_++ - windowBase_];
    }
    // LEB128, at most 64 bits.
    uint64_t uint(const char* what) {
        const uint64_t at = pos_;
        uint64_t v = 0;
        for (int shift = 0;; shift += 7) {
            const uint8_t b = byte(what);
            if (shift == 63 && (b & 0x7e)) throw failAt(at, std::string("varint overflows 64 bits in ") + what);
            v |= uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) return v;
            if (shift == 63) throw failAt(at, std::string("varint overflows 64 bits in ") + what);
        }
    }
    void require(uint64_t n, const char* what) {
        if (n > total_ - pos_)
            throw fail(std::string("truncated trace: ") + what + " of " + std::to_string(n) + " bytes, " +
                       std::to_string(total_ - pos_) + " remain");
    }
    std::string string(const char* what) {
        const uint64_t n = uint(what);
        require(n, what);
        std::string out(size_t(n), '\0');
        read(out.data(), n);
        return out;
    }
    // An enum's value list and a few struct fields are written as a typed
    // integer (SINT or UINT tag, then the magnitude).
    int64_t sint(const char* what) {
        const uint64_t at = pos_;
        const uint8_t t = byte(what);
        const uint64_t m = uint(what);
        if (t == uint8_t(Value::Type::SInt)) return -int64_t(m);
        if (t == uint8_t(Value::Type::UInt)) return int64_t(m);
        throw failAt(at, std::string("expected an integer in ") + what + ", found value type " + std::to_string(t));
    }

    const FunctionSig* functionSig() {
        const uint64_t id = uint("call signature id");
        if (auto it = functions_.find(id); it != functions_.end()) return it->second;
        FunctionSig& sig = trace_.functionSigs.emplace_back();
        sig.id = id;
        sig.name = string("function name");
        const uint64_t n = uint("argument count");
        require(n, "argument names");  // each name takes at least its length byte
        for (uint64_t i = 0; i < n; ++i) sig.argNames.push_back(string("argument name"));
        functions_[id] = &sig;
        return &sig;
    }
    const EnumSig* enumSig() {
        const uint64_t id = uint("enum signature id");
        if (auto it = enums_.find(id); it != enums_.end()) return it->second;
        EnumSig& sig = trace_.enumSigs.emplace_back();
        sig.id = id;
        const uint64_t n = uint("enum value count");
        require(n, "enum values");
        for (uint64_t i = 0; i < n; ++i) {
            std::string name = string("enum value name");
            sig.values.emplace_back(std::move(name), sint("enum value"));
        }
        enums_[id] = &sig;
        return &sig;
    }
    const BitmaskSig* bitmaskSig() {
        const uint64_t id = uint("bitmask signature id");
        if (auto it = bitmasks_.find(id); it != bitmasks_.end()) return it->second;
        BitmaskSig& sig = trace_.bitmaskSigs.emplace_back();
        sig.id = id;
        const uint64_t n = uint("bitmask flag count");
        require(n, "bitmask flags");
        for (uint64_t i = 0; i < n; ++i) {
            std::string name = string("bitmask flag name");
            sig.flags.emplace_back(std::move(name), uint("bitmask flag value"));
        }
        bitmasks_[id] = &sig;
        return &sig;
    }
    const StructSig* structSig() {
        const uint64_t id = uint("struct signature id");
        if (auto it = structs_.find(id); it != structs_.end()) return it->second;
        StructSig& sig = trace_.structSigs.emplace_back();
        sig.id = id;
        sig.name = string("struct name");
        const uint64_t n = uint("struct member count");
        require(n, "struct member names");
        for (uint64_t i = 0; i < n; ++i) sig.memberNames.push_back(string("struct member name"));
        structs_[id] = &sig;
        return &sig;
    }

    Value value(int depth) {
        if (depth > kMaxDepth) throw fail("values nested deeper than " + std::to_string(kMaxDepth));
        const uint64_t at = pos_;
        const uint8_t t = byte("value");
        Value v;
        v.type = Value::Type(t);
        switch (v.type) {
            case Value::Type::Null:
            case Value::Type::False:
            case Value::Type::True: break;
            case Value::Type::SInt: v.sint = -int64_t(uint("integer")); break;
            case Value::Type::UInt: v.uint = uint("integer"); break;
            case Value::Type::Float:
                require(4, "float");
                read(&v.f, 4);  // little-endian host (x86-64, arm64)
                break;
            case Value::Type::Double:
                require(8, "double");
                read(&v.d, 8);
                break;
            case Value::Type::String: v.bytes = string("string"); break;
            case Value::Type::Blob: v.bytes = string("blob"); break;
            case Value::Type::WString: {
                const uint64_t n = uint("wide string length");
                require(n, "wide string");
                v.wide.reserve(size_t(n));
                for (uint64_t i = 0; i < n; ++i) v.wide.push_back(uint32_t(uint("wide character")));
                break;
            }
            case Value::Type::Enum: {
                v.enumSig = enumSig();
                const Value inner = value(depth + 1);
                const auto x = inner.integer();
                if (!x || (inner.type != Value::Type::SInt && inner.type != Value::Type::UInt))
                    throw failAt(at, "enum value is not an integer");
                v.sint = *x;
                break;
            }
            case Value::Type::Bitmask:
                v.bitmaskSig = bitmaskSig();
                v.uint = uint("bitmask value");
                break;
            case Value::Type::Array: {
                const uint64_t n = uint("array length");
                require(n, "array");  // each element takes at least its type byte
                v.items.reserve(size_t(n));
                for (uint64_t i = 0; i < n; ++i) v.items.push_back(value(depth + 1));
                break;
            }
            case Value::Type::Struct: {
                v.structSig = structSig();
                const size_t n = v.structSig->memberNames.size();
                require(n, "struct members");
                v.items.reserve(n);
                for (size_t i = 0; i < n; ++i) v.items.push_back(value(depth + 1));
                break;
            }
            case Value::Type::Opaque: v.uint = uint("pointer"); break;
            case Value::Type::Repr:
                v.items.push_back(value(depth + 1));
                v.items.push_back(value(depth + 1));
                break;
            default: throw failAt(at, "unknown value type " + std::to_string(t));
        }
        return v;
    }

    void backtrace() {
        const uint64_t frames = uint("backtrace frame count");
        require(frames, "backtrace");
        for (uint64_t i = 0; i < frames; ++i) {
            const uint64_t id = uint("backtrace frame id");
            if (!frameIds_.insert({id, true}).second) continue;  // defined before
            for (;;) {
                const uint64_t at = pos_;
                const uint8_t d = byte("backtrace frame detail");
                if (d == kBtEnd) break;
                if (d == kBtModule || d == kBtFunction || d == kBtFilename) (void)string("backtrace string");
                else if (d == kBtLineNumber || d == kBtOffset) (void)uint("backtrace number");
                else throw failAt(at, "unknown backtrace detail " + std::to_string(d));
            }
        }
    }

    void details(Call& call) {
        for (;;) {
            const uint64_t at = pos_;
            const uint8_t d = byte("call detail");
            switch (d) {
                case kEnd: return;
                case kArg: {
                    const uint64_t index = uint("argument index");
                    if (index >= call.sig->argNames.size())
                        throw failAt(at, "call " + std::to_string(call.no) + " " + call.name() + ": argument index " +
                                             std::to_string(index) + " beyond its " +
                                             std::to_string(call.sig->argNames.size()) + " arguments");
                    call.args[size_t(index)] = value(0);
                    break;
                }
                case kRet: call.ret = value(0); break;
                case kThread: call.thread = uint("thread number"); break;
                case kBacktrace: backtrace(); break;
                case kFlags: call.flags |= uint32_t(uint("call flags")); break;
                default: throw failAt(at, "unknown call detail " + std::to_string(d));
            }
        }
    }

    // True when the event completed a call (now in current_).
    bool event() {
        const uint64_t at = pos_;
        const uint8_t e = byte("event");
        if (e == kEnter) {
            Call call;
            call.streamOffset = at;
            call.thread = uint("thread number");
            call.sig = functionSig();
            call.no = nextCallNo_++;
            call.args.resize(call.sig->argNames.size());
            details(call);
            pending_.emplace(call.no, std::move(call));
            return false;
        }
        if (e == kLeave) {
            const uint64_t no = uint("call number");
            auto it = pending_.find(no);
            if (it == pending_.end())
                throw failAt(at, "leave event for call " + std::to_string(no) + ", which is not pending");
            details(it->second);
            current_ = std::move(it->second);
            pending_.erase(it);
            return true;
        }
        throw failAt(at, "unknown event " + std::to_string(e) + " (expected enter 0 or leave 1)");
    }

    const TraceStream& table_;
    const std::string path_;
    TraceFile* file_ = nullptr;
    std::vector<uint8_t> chunk_;
    size_t nextChunk_ = 0;
    const uint8_t* window_ = nullptr;  // stream bytes [windowBase_, windowEnd_)
    uint64_t windowBase_ = 0, windowEnd_ = 0, total_ = 0;
    uint64_t pos_ = 0;
    Call current_;
    uint64_t nextCallNo_ = 0;
    Trace trace_;
    std::map<uint64_t, Call> pending_;
    std::unordered_map<uint64_t, const FunctionSig*> functions_;
    std::unordered_map<uint64_t, const EnumSig*> enums_;
    std::unordered_map<uint64_t, const BitmaskSig*> bitmasks_;
    std::unordered_map<uint64_t, const StructSig*> structs_;
    std::unordered_map<uint64_t, bool> frameIds_;
};

CallStream::CallStream(const TraceStream& stream, const std::string& path)
    : parser_(std::make_unique<TraceDecoder>(stream, path)) {}
CallStream::CallStream(TraceFile& file, const std::string& path) : parser_(std::make_unique<TraceDecoder>(file, path)) {}
CallStream::~CallStream() = default;
Call* CallStream::next() { return parser_->next(); }
uint64_t CallStream::streamBytes() const { return parser_->streamBytes(); }
const Trace& CallStream::header() const { return parser_->trace(); }
Trace CallStream::takeHeader() { return std::move(parser_->trace()); }

namespace {

Trace drain(CallStream& calls) {
    std::vector<Call> all;
    while (Call* c = calls.next()) all.push_back(std::move(*c));
    Trace t = calls.takeHeader();  // the signature deques move whole: the calls' pointers stay valid
    t.calls = std::move(all);
    return t;
}

}  // namespace

Trace parseTrace(const TraceStream& stream, const std::string& path) {
    CallStream calls(stream, path);
    return drain(calls);
}

Trace loadTrace(const std::string& path) {
    TraceFile file(path);
    CallStream calls(file, path);
    return drain(calls);
}

}  // namespace refrast::apitrace
