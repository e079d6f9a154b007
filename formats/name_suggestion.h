// SPDX-License-Identifier: MIT
// "Did you mean ...?" for an unknown word (an option, a subcommand, a JSON
// key or command): the closest known name by edit distance (docs/cli.md).
#pragma once

#include <string>
#include <vector>

namespace refrast {

// Levenshtein distance (insert, delete, substitute: 1 each).
size_t editDistance(const std::string& a, const std::string& b);

// The candidate closest to `word` when it is within a third of the word's
// length (at least 1, at most 3 edits) or `word` is a prefix of exactly one
// candidate; "" otherwise.
std::string closestName(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace refrast
