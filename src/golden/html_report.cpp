// SPDX-License-Identifier: MIT
// The static HTML report page (opens from disk, no server, no external files).
#include "src/golden/golden_report.h"

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
img.zoomed { max-width: none; cursor: zoom-out; }
table { border-collapse: collapse; font-size: 0.85em; } td { padding: 0 0.8em 0 0; }
.message { font-family: monospace; white-space: pre-wrap; }
</style></head>
)";

// Clicking toggles 4x nearest-neighbour enlargement; after load the body
// records how many images decoded (data-images-loaded / data-images-total),
// which the headless-browser test reads.
constexpr const char* kScript = R"(<script>
document.querySelectorAll('img').forEach(function (img) {
  img.addEventListener('click', function () {
    var zoom = !img.classList.contains('zoomed');
    img.classList.toggle('zoomed', zoom);
    img.style.width = zoom ? (img.naturalWidth * 4) + 'px' : '';
  });
});
window.addEventListener('load', function () {
  var imgs = Array.prototype.slice.call(document.querySelectorAll('img'));
  var ok = imgs.filter(function (i) { return i.complete && i.naturalWidth > 0; }).length;
  document.body.setAttribute('data-images-loaded', ok);
  document.body.setAttribute('data-images-total', imgs.length);
});
</script>
)";

std::string figure(const Json& path, const char* caption) {
    if (path.is_null()) return "<figure><figcaption>" + std::string(caption) + ": none</figcaption></figure>";
    const std::string src = escapeMarkup(path.get<std::string>());
    return "<figure><img src=\"" + src + "\" alt=\"" + caption + "\"><figcaption>" + caption + "</figcaption></figure>";
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

std::string sceneSection(const Json& s) {
    const std::string status = s.at("status").get<std::string>();
    std::string html = "<section class=\"" + status + "\"><h2><span class=\"status\">" + status + "</span>" +
                       escapeMarkup(s.at("name").get<std::string>()) + "</h2>";
    if (!s.at("message").is_null()) html += "<p class=\"message\">" + escapeMarkup(s.at("message").get<std::string>()) + "</p>";
    const Json& images = s.at("images");
    html += figure(images.at("golden"), "golden") + figure(images.at("render"), "render") + figure(images.at("diff"), "diff");
    return html + metricsTable(s.at("diff")) + "</section>\n";
}

}  // namespace

std::string htmlReport(const Json& report) {
    std::string html = kHead;
    html += "<body><h1>refrast golden report</h1><p>" + escapeMarkup(summaryLine(report)) + "</p>\n";
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
