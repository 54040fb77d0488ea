// A memo of constructions: the rules of FloorDiv, Mod, Max, relations, ...
// give the same result for the same arguments, and tracing builds the same
// size expressions again and again (sympy caches its constructors the same
// way, with cacheit). Bounded: cleared when full.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include <ginac/ex.h>

namespace refc::symbolic {

// The construction an entry memoizes: a Function's own value (its tag), or
// one of these.
namespace memo_tag {
constexpr uint8_t kRelations = 100; // + the relation's operator
constexpr uint8_t kCeilDiv = 200;   // not a function of its own: CleanDiv or FloorDiv
constexpr uint8_t kAdd = 210;
constexpr uint8_t kMultiply = 211;
} // namespace memo_tag

class ConstructionMemo {
public:
  // The result of construction `tag` on up to three arguments, computed by
  // make() the first time.
  template <class Make>
  GiNaC::ex get(uint8_t tag, const GiNaC::ex& a, const GiNaC::ex& b, const GiNaC::ex& c, Make&& make) {
    Key key{tag, {a, b, c}};
    auto it = entries_.find(key);
    if (it != entries_.end()) return it->second;
    GiNaC::ex result = make();
    if (entries_.size() >= kCapacity) entries_.clear();
    entries_.emplace(std::move(key), result);
    return result;
  }

  static ConstructionMemo& instance() {
    static ConstructionMemo* memo = new ConstructionMemo; // outlives static destruction order
    return *memo;
  }

private:
  static constexpr size_t kCapacity = 1 << 14;

  struct Key {
    uint8_t tag;
    std::array<GiNaC::ex, 3> args;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const {
      size_t h = k.tag;
      for (const GiNaC::ex& a : k.args) h = h * 1000003u ^ a.gethash();
      return h;
    }
  };
  struct KeyEqual {
    bool operator()(const Key& x, const Key& y) const {
      return x.tag == y.tag && x.args[0].is_equal(y.args[0]) && x.args[1].is_equal(y.args[1]) &&
             x.args[2].is_equal(y.args[2]);
    }
  };

  std::unordered_map<Key, GiNaC::ex, KeyHash, KeyEqual> entries_;
};

} // namespace refc::symbolic
