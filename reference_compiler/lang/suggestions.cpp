// CPython 3.11's suggestion algorithm (Python/suggestions.c), transcribed so
// that refc proposes exactly the names CPython proposes.
#include "reference_compiler/lang/suggestions.h"

#include <algorithm>
#include <cstdint>

namespace refc::lang {

namespace {

constexpr size_t kMaxCandidateItems = 750;
constexpr size_t kMaxStringSize = 40;
constexpr size_t kMoveCost = 2;
constexpr size_t kCaseCost = 1;

size_t substitution_cost(char a, char b) {
  if ((a & 31) != (b & 31)) return kMoveCost;
  if (a == b) return 0;
  if ('A' <= a && a <= 'Z') a += 'a' - 'A';
  if ('A' <= b && b <= 'Z') b += 'a' - 'A';
  if (a == b) return kCaseCost;
  return kMoveCost;
}

size_t levenshtein_distance(const char* a, size_t a_size, const char* b, size_t b_size,
                            size_t max_cost) {
  size_t buffer[kMaxStringSize];
  if (a == b && a_size == b_size) return 0;
  while (a_size && b_size && a[0] == b[0]) {
    ++a;
    ++b;
    --a_size;
    --b_size;
  }
  while (a_size && b_size && a[a_size - 1] == b[b_size - 1]) {
    --a_size;
    --b_size;
  }
  if (a_size == 0 || b_size == 0) return (a_size + b_size) * kMoveCost;
  if (a_size > kMaxStringSize || b_size > kMaxStringSize) return max_cost + 1;
  if (b_size < a_size) {
    std::swap(a, b);
    std::swap(a_size, b_size);
  }
  if ((b_size - a_size) * kMoveCost > max_cost) return max_cost + 1;
  size_t tmp = kMoveCost;
  for (size_t i = 0; i < a_size; ++i) {
    buffer[i] = tmp;
    tmp += kMoveCost;
  }
  size_t result = 0;
  for (size_t b_index = 0; b_index < b_size; ++b_index) {
    char code = b[b_index];
    size_t distance = result = b_index * kMoveCost;
    size_t minimum = SIZE_MAX;
    for (size_t index = 0; index < a_size; ++index) {
      size_t substitute = distance + substitution_cost(code, a[index]);
      distance = buffer[index];
      size_t insert_delete = std::min(result, distance) + kMoveCost;
      result = std::min(insert_delete, substitute);
      buffer[index] = result;
      if (result < minimum) minimum = result;
    }
    if (minimum > max_cost) return max_cost + 1;
  }
  return result;
}

} // namespace

std::string suggest_name(std::string_view name, const std::vector<std::string>& candidates) {
  if (candidates.size() >= kMaxCandidateItems) return {};
  size_t best_distance = SIZE_MAX;
  const std::string* best = nullptr;
  for (const std::string& item : candidates) {
    if (item == name) continue;
    size_t max_distance = (name.size() + item.size() + 3) * kMoveCost / 6;
    if (best_distance - 1 < max_distance) max_distance = best_distance - 1;
    size_t d = levenshtein_distance(name.data(), name.size(), item.data(), item.size(),
                                    max_distance);
    if (d > max_distance) continue;
    if (!best || d < best_distance) {
      best = &item;
      best_distance = d;
    }
  }
  return best ? *best : std::string();
}

} // namespace refc::lang
