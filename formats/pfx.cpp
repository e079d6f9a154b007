// SPDX-License-Identifier: MIT
// .PFX emitter file parser.
// Spec: shared/spec/legacy-behaviours.md §3.1 ("Particle emitters"); docs/sfx.md "PFX files".
#include "formats/pfx.h"

#include "refrast/error.h"
#include "refrast/image.h"

namespace refrast {

namespace {

const IniSection& requireSection(const IniDocument& doc, const std::string& name) {
    const IniSection* s = doc.find(name);
    if (!s) throw InputError(doc.file, "[" + name + "]", "missing section");
    return *s;
}

void readEmitterSection(const IniDocument& doc, PfxEmitter& e) {
    IniSectionReader r(doc, requireSection(doc, "emitter"));
    r.readInt("version", 1, 1);
    e.maxIssue = r.readInt("maxIssue", 1, 10000);
    e.releasePeriod = r.readFloat("releasePeriod", 0.001f, 3600.0f);
    e.authoredRate = r.readFloat("rate", 0.0f, 1.0e6f);
    e.duration = r.readFloat("duration", 0.0f, 3600.0f);
    r.finish();
}

}  // namespace

PfxEmitter parsePfx(const std::string& text, const std::string& file) {
    const IniDocument doc = parseIni(text, file);
    PfxEmitter e;
    e.file = file;
    readEmitterSection(doc, e);
    e.particle = readSfxDescriptor(doc, requireSection(doc, "particle"), SfxDescriptorKind::PfxParticle);
    for (const IniSection& s : doc.sections)
        if (s.name != "emitter" && s.name != "particle")
            throw InputError(file, "line " + std::to_string(s.line), "unknown section [" + s.name + "]");
    return e;
}

PfxEmitter loadPfx(const std::string& path) {
    const std::vector<uint8_t> bytes = readFileBytes(path);
    return parsePfx(std::string(bytes.begin(), bytes.end()), path);
}

}  // namespace refrast
