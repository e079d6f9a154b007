// SPDX-License-Identifier: MIT
#include "formats/apitrace/trace_dump.h"

#include "formats/apitrace/guid_names.h"

#include <cstdio>

namespace refrast::apitrace {
namespace {

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

// apitrace dump's string rule: quote and backslash escaped, tab and newline
// kept as they are (a shader's text prints on several lines), carriage return
// dropped, anything else unprintable as an octal escape.
void escapeInto(std::string& out, uint32_t c) {
    switch (c) {
        case '"': out += "\\\""; return;
        case '\\': out += "\\\\"; return;
        case '\n': out += '\n'; return;
        case '\r': return;
        case '\t': out += '\t'; return;
        default: break;
    }
    if (c >= 0x20 && c < 0x7f) {
        out += char(c);
    } else {
        char buf[16];
        std::snprintf(buf, sizeof buf, "\\%03o", c & 0xff);
        out += buf;
    }
}

void formatInto(std::string& out, const Value& v) {
    using T = Value::Type;
    char buf[40];
    switch (v.type) {
        case T::Null: out += "NULL"; break;
        case T::False: out += "false"; break;
        case T::True: out += "true"; break;
        case T::SInt: out += std::to_string(v.sint); break;
        case T::UInt: out += std::to_string(v.uint); break;
        // apitrace streams floats with digits10 + 1 significant digits.
        case T::Float: std::snprintf(buf, sizeof buf, "%.7g", double(v.f)); out += buf; break;
        case T::Double: std::snprintf(buf, sizeof buf, "%.16g", v.d); out += buf; break;
        case T::String:
            out += '"';
            for (unsigned char c : v.bytes) escapeInto(out, c);
            out += '"';
            break;
        case T::WString:
            out += "L\"";
            for (uint32_t c : v.wide) escapeInto(out, c);
            out += '"';
            break;
        case T::Blob: out += "blob(" + std::to_string(v.bytes.size()) + ")"; break;
        case T::Enum:
            if (const std::string* n = v.enumSig->nameOf(v.sint)) out += *n;
            else out += std::to_string(v.sint);
            break;
        case T::Bitmask: {
            // apitrace's rule: flags in signature order, each whose bits are all
            // set (a zero flag only for the value 0), then any rest in hex.
            uint64_t rest = v.uint;
            bool first = true;
            for (const auto& [name, bits] : v.bitmaskSig->flags) {
                if ((bits && (rest & bits) == bits) || (!bits && rest == 0)) {
                    if (!first) out += " | ";
                    out += name;
                    rest &= ~bits;
                    first = false;
                }
                if (rest == 0) break;
            }
            if (rest || first) {
                if (!first) out += " | ";
                out += hex(rest);
            }
            break;
        }
        case T::Array:
            if (v.items.size() == 1) {
                out += '&';
                formatInto(out, v.items[0]);
            } else {
                out += '{';
                for (size_t i = 0; i < v.items.size(); ++i) {
                    if (i) out += ", ";
                    formatInto(out, v.items[i]);
                }
                out += '}';
            }
            break;
        case T::Struct:
            if (const char* guid = guidName(v)) {
                out += guid;
                break;
            }
            out += '{';
            for (size_t i = 0; i < v.items.size(); ++i) {
                if (i) out += ", ";
                out += v.structSig->memberNames[i] + " = ";
                formatInto(out, v.items[i]);
            }
            out += '}';
            break;
        case T::Opaque: out += hex(v.uint); break;
        case T::Repr:
            if (!v.items.empty()) formatInto(out, v.items[0]);
            break;
    }
}

}  // namespace

std::string formatValue(const Value& v) {
    std::string out;
    formatInto(out, v);
    return out;
}

std::string formatCall(const Call& c) {
    std::string out = std::to_string(c.no) + " " + c.name() + "(";
    for (size_t i = 0; i < c.args.size(); ++i) {
        if (i) out += ", ";
        out += c.sig->argNames[i] + " = ";
        formatInto(out, c.args[i]);
    }
    out += ')';
    if (c.ret) {
        out += " = ";
        formatInto(out, *c.ret);
    }
    return out;
}

}  // namespace refrast::apitrace
