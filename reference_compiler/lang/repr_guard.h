// ReprGuard: CPython's Py_ReprEnter/Py_ReprLeave. A container's __repr__ holds
// one while it formats its items; a nested repr of the same container sees
// `recursive()` and prints "[...]" / "{...}" instead of recursing forever.
#pragma once

#include "reference_compiler/lang/object.h"

#include <algorithm>
#include <vector>

namespace refc::lang {

class ReprGuard {
public:
  explicit ReprGuard(Object* o) : o_(o) {
    auto& s = stack();
    recursive_ = std::find(s.begin(), s.end(), o) != s.end();
    if (!recursive_) s.push_back(o);
  }
  ~ReprGuard() {
    if (recursive_) return;
    auto& s = stack();
    // Guards nest (RAII), so o_ is normally last; search anyway for safety.
    for (size_t i = s.size(); i-- > 0;)
      if (s[i] == o_) {
        s.erase(s.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
  }
  ReprGuard(const ReprGuard&) = delete;
  ReprGuard& operator=(const ReprGuard&) = delete;
  bool recursive() const { return recursive_; }

private:
  static std::vector<Object*>& stack() {
    static std::vector<Object*> s;
    return s;
  }
  Object* o_;
  bool recursive_;
};

} // namespace refc::lang
