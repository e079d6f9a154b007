// SPDX-License-Identifier: MIT
// Name suggestions: the command line and every JSON reader.
#include "formats/name_suggestion.h"

#include <algorithm>

namespace refrast {

size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string closestName(const std::string& word, const std::vector<std::string>& candidates) {
    std::string prefixed;
    int prefixCount = 0;
    for (const std::string& c : candidates)
        if (c.size() > word.size() && c.compare(0, word.size(), word) == 0) prefixed = c, ++prefixCount;
    const size_t allowed = std::clamp<size_t>(word.size() / 3, 1, 3);
    std::string best;
    size_t bestDistance = allowed + 1;
    for (const std::string& c : candidates)  // first of equals wins: the order given
        if (const size_t d = editDistance(word, c); d < bestDistance) best = c, bestDistance = d;
    if (!best.empty()) return best;
    return prefixCount == 1 ? prefixed : "";
}

}  // namespace refrast
