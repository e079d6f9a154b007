// SPDX-License-Identifier: MIT
// The static HTML report page (opens from disk, no server, no external files).
#include "src/golden/golden_report.h"

#include "src/diff/draw_attribution.h"

#include <cstdio>

namespace refrast::golden {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kHead = R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>refrast golden report</title>
<style>
body { font-family: sans-serif; margin: 1em; background: #fafafa; }
section { background: #fff; border: 1px solid #ccc; margin: 0 0 1em; padding: 0.5em 1em; }
section.fail, section.error { border-left: 6px solid #c00; }
section.pass { border-left: 6px solid #080; }
h2 { font-size: 1.05em; margin: 0.3em 0; font-family: monospace; }
.status { font-weight: bold; margin-right: 0.6em; }
.fail .status, .error .status { color: #c00; } .pass .status { color: #080; }
figure { display: inline-block; margin: 0 1em 0.5em 0; vertical-align: top; }
figcaption { font-size: 0.85em; color: #555; }
img { image-rendering: pixelated; image-rendering: crisp-edges; cursor: zoom-in; border: 1px solid #ddd; max-width: 32em; }
figure img { min-width: 16em; height: auto; }  /* small captures enlarged, nearest neighbour */
img.zoomed { max-width: none; cursor: zoom-out; }
table { border-collapse: collapse; font-size: 0.85em; } td { padding: 0 0.8em 0 0; }
.message { font-family: monospace; white-space: pre-wrap; }
.toolbar { position: sticky; top: 0; background: #fafafa; padding: 0.4em 0; border-bottom: 1px solid #ccc; margin-bottom: 1em; }
.toolbar label { margin-right: 1em; }
details.pass > summary { cursor: pointer; font-family: monospace; }
.legend span.swatch { display: inline-block; width: 1.2em; height: 0.9em; vertical-align: middle; border: 1px solid #999; margin: 0 0.3em 0 0.8em; }
.legend .ramp { width: 8em; background: linear-gradient(to right, rgb(255,239,0), rgb(255,0,0)); }
table.draws td, table.draws th { border-bottom: 1px solid #eee; text-align: left; padding: 0.1em 0.6em 0.1em 0; vertical-align: top; }
button.blink { margin: 0.2em 0; }
.wipe { position: relative; display: inline-block; line-height: 0; }
.wipe img { min-width: 16em; height: auto; cursor: default; }
.wipe .wipe-b { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
.wipe .wipe-b img { width: 100%; height: 100%; min-width: 0; border-left: 1px solid #f0f; }
.hidden { display: none; }
</style></head>
)";

// Clicking toggles 4x nearest-neighbour enlargement; a figure's caption
// shows the image coordinates under the pointer; the toolbar filters the
// sections by status and name; a failure's "blink" button alternates its A
// picture with B in place (the eye finds a moved edge faster than in two
// panels); its wipe slider (a range input, so the arrow keys move it) shows
// A left of the handle and B right of it, by clipping B's overlay. After load the body records how many images decoded
// (data-images-loaded / data-images-total), which the headless-browser test reads.
constexpr const char* kScript = R"(<script>
function refrastFilter() {
  var show = {};
  document.querySelectorAll('.toolbar input[type=checkbox]').forEach(function (c) { show[c.value] = c.checked; });
  var text = document.getElementById('search').value.toLowerCase();
  var shown = 0;
  document.querySelectorAll('[data-status]').forEach(function (s) {
    var ok = show[s.getAttribute('data-status')] && s.getAttribute('data-name').toLowerCase().indexOf(text) >= 0;
    s.classList.toggle('hidden', !ok);
    shown += ok ? 1 : 0;
  });
  document.body.setAttribute('data-shown', shown);
}
document.querySelectorAll('.toolbar input').forEach(function (i) { i.addEventListener('input', refrastFilter); });
document.querySelectorAll('button.blink').forEach(function (button) {
  var timer = null;
  button.addEventListener('click', function () {
    var figures = button.parentNode.querySelectorAll('figure img');
    if (figures.length < 2) return;
    var a = figures[0], srcA = a.getAttribute('src'), srcB = figures[1].getAttribute('src');
    if (timer) { clearInterval(timer); timer = null; a.setAttribute('src', srcA); button.textContent = 'blink A / B'; return; }
    var showB = false;
    timer = setInterval(function () { showB = !showB; a.src = showB ? srcB : srcA; }, 500);
    button.textContent = 'stop blinking';
  });
});
document.querySelectorAll('input.wipe').forEach(function (slider) {
  var overlay = slider.closest('.wipe-view').querySelector('.wipe-b');
  function wipe() { overlay.style.clipPath = 'inset(0 0 0 ' + slider.value + '%)'; }
  slider.addEventListener('input', wipe);
  wipe();
});
document.querySelectorAll('figure img').forEach(function (img) {
  var caption = img.parentNode.querySelector('figcaption'), text = caption.textContent;
  img.addEventListener('mousemove', function (e) {
    var x = Math.floor(e.offsetX * img.naturalWidth / img.clientWidth), y = Math.floor(e.offsetY * img.naturalHeight / img.clientHeight);
    caption.textContent = text + ' (' + x + ', ' + y + ')';
  });
  img.addEventListener('mouseleave', function () { caption.textContent = text; });
});
document.querySelectorAll('img').forEach(function (img) {
  if (img.closest('.wipe')) return;  // the wipe's two layers keep one size
  img.addEventListener('click', function () {
    var zoom = !img.classList.contains('zoomed');
    img.classList.toggle('zoomed', zoom);
    img.style.width = zoom ? (img.naturalWidth * 4) + 'px' : '';
  });
});
window.addEventListener('load', function () {
  if (location.hash === '#selftest') {  // the headless test: hide the passes, count what is left
    document.querySelector('.toolbar input[value=pass]').checked = false;
    refrastFilter();
    var slider = document.querySelector('input.wipe');  // and moves the first wipe from 50 to 25
    if (slider) {
      var overlay = slider.closest('.wipe-view').querySelector('.wipe-b');
      document.body.setAttribute('data-wipe-before', overlay.style.clipPath);
      slider.value = 25;
      slider.dispatchEvent(new Event('input'));
      document.body.setAttribute('data-wipe-after', overlay.style.clipPath);
    }
  }
  var imgs = Array.prototype.slice.call(document.querySelectorAll('img'));
  var ok = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
  document.body.setAttribute('data-images-loaded', ok);
  document.body.setAttribute('data-images-total', imgs.length);
});
</script>
)";

// The caption of an "images" key: A is always the oracle's picture.
std::string captionOf(const std::string& kind) {
    if (kind == "golden") return "golden (A)";
    if (kind == "render") return "render (B)";
    if (kind == "oracle") return "oracle: refrast (A)";
    if (kind == "readback") return "readback: GPU (B)";
    return kind;
}

// A over B with a slider between them: B's overlay is clipped to the right of
// the slider's position, so dragging (or the arrow keys) wipes from one to the
// other over the same pixels.
std::string wipeView(const Json& images) {
    auto it = images.begin();
    const Json& a = *it;
    const Json& b = *++it;
    if (a.is_null() || b.is_null()) return "";
    const std::string srcA = escapeMarkup(a.get<std::string>()), srcB = escapeMarkup(b.get<std::string>());
    return "<div class=\"wipe-view\"><div class=\"wipe\"><img src=\"" + srcA + "\" alt=\"A\"><div class=\"wipe-b\"><img src=\"" +
           srcB + "\" alt=\"B\"></div></div><br><label>A &#8596; B wipe <input type=\"range\" class=\"wipe\" min=\"0\" "
           "max=\"100\" value=\"50\" aria-label=\"wipe between A and B\"></label></div>";
}

std::string figure(const Json& path, const std::string& kind) {
    const std::string caption = escapeMarkup(captionOf(kind));
    if (path.is_null()) return "<figure><figcaption>" + caption + ": none</figcaption></figure>";
    const std::string src = escapeMarkup(path.get<std::string>());
    return "<figure><img src=\"" + src + "\" alt=\"" + caption + "\"><figcaption>" + caption + "</figcaption></figure>";
}

// The draws owning the differences, worst first (the oracle's last writer),
// then those that only touched them (docs/diff.md, "Draw attribution").
std::string drawsTable(const Json& draws, const Json& overflow) {
    if (!draws.is_array() || draws.empty()) return "";
    const auto orDash = [](const Json& v) { return v.is_null() ? std::string("-") : v.dump(); };
    std::string rows = "<tr><th>draw</th><th>name</th><th>pixels written last</th><th>max delta</th><th>mean delta</th>"
                       "<th>bbox</th><th>moved in B</th><th>touched, not written last</th><th>touched bbox</th>"
                       "<th>A | B | diff around it</th></tr>";
    for (const Json& d : draws) {
        char mean[32];
        std::snprintf(mean, sizeof mean, "%.1f", d.at("mean_delta").get<double>());
        const bool owns = d.at("pixels").get<int64_t>() > 0;
        rows += "<tr><td>" + (d.at("draw").is_null() ? std::string("clear") : d.at("draw").dump()) + "</td><td>" +
                (d.at("name").is_null() ? "" : escapeMarkup(d.at("name").get<std::string>())) + "</td><td>" +
                d.at("pixels").dump() + "</td><td>" + (owns ? d.at("max_delta").dump() : "-") + "</td><td>" +
                (owns ? std::string(mean) : "-") + "</td><td>" + orDash(d.at("bbox")) + "</td><td>" +
                orDash(d.value("moved", Json(nullptr))) + "</td><td>" +
                d.at("touched_pixels").dump() + "</td><td>" + orDash(d.at("touched_bbox")) + "</td><td>" +
                (d.contains("crop") && d.at("crop").is_string()
                     ? "<img src=\"" + escapeMarkup(d.at("crop").get<std::string>()) + "\" alt=\"draw crop\">"
                     : "") +
                "</td></tr>";
    }
    std::string note;
    if (overflow.is_number_integer() && overflow.get<int64_t>() > 0)
        note = "<p class=\"overflow\">" + escapeMarkup(diff::touchOverflowNote(overflow.get<int64_t>())) + "</p>";
    return "<table class=\"draws\">" + rows + "</table>" + note;
}

std::string number(const Json& v) {
    if (v.is_null()) return "-";
    if (v.is_number_float()) {
        char text[32];
        std::snprintf(text, sizeof text, "%.6g", v.get<double>());
        return text;
    }
    return v.dump();
}

// Real and knife-edge differences apart (docs/ambiguity.md), by criterion.
std::string ambiguityLine(const Json& s) {
    if (!s.contains("ambiguity") || s.at("ambiguity").is_null()) return "";
    const Json& a = s.at("ambiguity");
    std::string causes;
    for (const auto& [name, c] : a.at("criteria").items())
        if (c.at("pixels").get<int64_t>() > 0)
            causes += (causes.empty() ? "" : ", ") + name + " " + number(c.at("differing")) + " of " + number(c.at("pixels"));
    return "<p class=\"ambiguity\">ambiguous (knife-edge) pixels: " + number(a.at("differing")) + " of " +
           number(a.at("pixels")) + " differ" + (causes.empty() ? "" : " (" + causes + ")") + "</p>";
}

std::string metricsTable(const Json& d) {
    if (d.is_null()) return "";
    std::string rows;
    const auto row = [&rows](const std::string& k, const std::string& v) { rows += "<tr><td>" + k + "</td><td>" + v + "</td></tr>"; };
    row("differing pixels", number(d.at("differing_pixels")) + " of " + number(d.at("compared_pixels")));
    row("differing fraction", number(d.at("differing_fraction")));
    row("excused pixels", number(d.at("excused_pixels")));
    const Json& m = d.at("max_delta");
    row("max delta r g b a", number(m.at("r")) + " " + number(m.at("g")) + " " + number(m.at("b")) + " " + number(m.at("a")));
    row("mean abs RGB error", number(d.at("mean_abs_error").at("rgb")));
    row("rmse / psnr", number(d.at("rmse")) + " / " + number(d.at("psnr")));
    row("tolerance / position deviation", number(d.at("tolerance")) + " / " + number(d.at("position_deviation")));
    return "<table>" + rows + "</table>";
}

// The heat map's colours (docs/diff.md, "Pictures").
constexpr const char* kLegend =
    "<p class=\"legend\">diff colours:<span class=\"swatch\" style=\"background:#6f6f6f\"></span>equal (dimmed grey A)"
    "<span class=\"swatch\" style=\"background:rgb(0,96,0)\"></span>within tolerance"
    "<span class=\"swatch ramp\"></span>differing: |&Delta;| = 1 at the left, 16 at a quarter, 64 halfway, 255 (red) "
    "at the right (square-root scale)"
    "<span class=\"swatch\" style=\"background:rgb(0,160,255)\"></span>excused (position deviation)"
    "<span class=\"swatch\" style=\"background:rgb(0,0,96)\"></span>masked</p>\n";

constexpr const char* kToolbar =
    "<div class=\"toolbar\"><label><input type=\"checkbox\" value=\"fail\" checked> failed</label>"
    "<label><input type=\"checkbox\" value=\"error\" checked> errors</label>"
    "<label><input type=\"checkbox\" value=\"pass\" checked> passed</label>"
    "<label>search <input type=\"search\" id=\"search\" placeholder=\"scene name\"></label></div>\n";

std::string sceneSection(const Json& s) {
    const std::string status = s.at("status").get<std::string>();
    const std::string name = escapeMarkup(s.at("name").get<std::string>());
    const std::string attributes = " data-status=\"" + status + "\" data-name=\"" + name + "\"";
    // Passing scenes are collapsed to one line; failures and errors are open.
    std::string html = status == "pass" ? "<details class=\"pass\"" + attributes + "><summary><span class=\"status\">pass</span>" +
                                              name + "</summary><section class=\"pass\">"
                                        : "<section class=\"" + status + "\"" + attributes + "><h2><span class=\"status\">" +
                                              status + "</span>" + name + "</h2>";
    if (status == "fail" && s.at("images").size() >= 2) html += "<button class=\"blink\">blink A / B</button><br>";
    if (!s.at("message").is_null()) html += "<p class=\"message\">" + escapeMarkup(s.at("message").get<std::string>()) + "</p>";
    const Json& gate = s.at("gate");
    if (gate.contains("reason") && !gate.at("reason").is_null())
        html += "<p class=\"reason\">gate reason: " + escapeMarkup(gate.at("reason").get<std::string>()) + "</p>";
    for (const auto& [kind, path] : s.at("images").items()) html += figure(path, kind);
    if (status == "fail" && s.at("images").size() >= 2) html += wipeView(s.at("images"));
    html += metricsTable(s.at("diff"));
    html += ambiguityLine(s);
    if (s.contains("draws")) html += drawsTable(s.at("draws"), s.value("touch_overflow_pixels", Json(nullptr)));
    return html + (status == "pass" ? "</section></details>\n" : "</section>\n");
}

}  // namespace

std::string htmlReport(const Json& report) {
    std::string html = kHead;
    const bool golden = report.at("schema") == reportSchema(ReferenceKind::Golden);
    html += std::string("<body><h1>") + (golden ? "refrast golden report" : "refrast readback report: oracle vs GPU") +
            "</h1><p>" + escapeMarkup(summaryLine(report)) + "</p>\n";
    if (report.contains("refrast"))
        html += "<p class=\"version\">refrast " + escapeMarkup(report.at("refrast").at("version").get<std::string>()) +
                " (" + escapeMarkup(report.at("refrast").at("revision").get<std::string>()) + ")</p>\n";
    html += std::string(kToolbar) + kLegend;
    // Failures and errors first, each group in name order.
    for (const bool failures : {true, false})
        for (const Json& s : report.at("scenes"))
            if ((s.at("status").get<std::string>() != "pass") == failures) html += sceneSection(s);
    return html + kScript + "</body></html>\n";
}

std::string escapeMarkup(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace refrast::golden
