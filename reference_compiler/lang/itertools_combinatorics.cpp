// The combinatoric iterators of itertools: product, permutations,
// combinations and combinations_with_replacement, the lazy odometers of
// CPython's itertoolsmodule.c — each holds its pools and an index vector and
// advances it one step per item, so results come in CPython's order without
// building them all first.
#include "reference_compiler/lang/itertools_internal.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/tuple_object.h"

#include <string>
#include <vector>

namespace refc::lang::itertools_detail {

namespace {

struct Combinatoric : IteratorObject {
  Combinatoric(TypeObject* type, NextFn fn) : IteratorObject(type, fn) {}
  std::vector<std::vector<Value>> pools; // product: one per factor; the others: one
  std::vector<int64_t> indices, cycles;
  int64_t r = 0;
  bool started = false, stopped = false;

  Value stop() {
    stopped = true;
    return exhausted();
  }
  Value result_of(const std::vector<Value>& pool, int64_t count) const {
    std::vector<Value> out;
    out.reserve(static_cast<size_t>(count));
    for (int64_t i = 0; i < count; ++i) out.push_back(pool[static_cast<size_t>(indices[i])]);
    return Value(make_tuple(std::move(out)));
  }

  static Value product_next(IteratorObject* self) {
    auto* c = static_cast<Combinatoric*>(self);
    if (c->stopped) return exhausted();
    size_t n = c->pools.size();
    if (!c->started) {
      c->started = true;
      for (const auto& pool : c->pools)
        if (pool.empty()) return c->stop();
      c->indices.assign(n, 0);
    } else {
      // The odometer: advance the rightmost index that can, reset those after it.
      size_t i = n;
      while (i-- > 0) {
        if (++c->indices[i] < static_cast<int64_t>(c->pools[i].size())) break;
        c->indices[i] = 0;
        if (i == 0) return c->stop();
      }
      if (n == 0) return c->stop();
    }
    std::vector<Value> out;
    out.reserve(n);
    for (size_t i = 0; i < n; ++i) out.push_back(c->pools[i][static_cast<size_t>(c->indices[i])]);
    return Value(make_tuple(std::move(out)));
  }

  static Value permutations_next(IteratorObject* self) {
    auto* c = static_cast<Combinatoric*>(self);
    if (c->stopped) return exhausted();
    const std::vector<Value>& pool = c->pools[0];
    int64_t n = static_cast<int64_t>(pool.size()), r = c->r;
    if (!c->started) {
      c->started = true;
      if (r > n) return c->stop();
      for (int64_t i = 0; i < n; ++i) c->indices.push_back(i);
      for (int64_t i = n; i > n - r; --i) c->cycles.push_back(i);
      return c->result_of(pool, r);
    }
    if (n == 0) return c->stop();
    for (int64_t i = r - 1; i >= 0; --i) {
      if (--c->cycles[i] == 0) {
        // Rotate indices[i:] left by one.
        int64_t first = c->indices[i];
        for (int64_t j = i; j < n - 1; ++j) c->indices[j] = c->indices[j + 1];
        c->indices[n - 1] = first;
        c->cycles[i] = n - i;
      } else {
        int64_t j = c->cycles[i];
        std::swap(c->indices[i], c->indices[n - j]);
        return c->result_of(pool, r);
      }
    }
    return c->stop();
  }

  static Value combinations_next(IteratorObject* self) {
    auto* c = static_cast<Combinatoric*>(self);
    if (c->stopped) return exhausted();
    const std::vector<Value>& pool = c->pools[0];
    int64_t n = static_cast<int64_t>(pool.size()), r = c->r;
    if (!c->started) {
      c->started = true;
      if (r > n) return c->stop();
      for (int64_t i = 0; i < r; ++i) c->indices.push_back(i);
      return c->result_of(pool, r);
    }
    int64_t i = r - 1;
    while (i >= 0 && c->indices[i] == i + n - r) --i;
    if (i < 0) return c->stop();
    ++c->indices[i];
    for (int64_t j = i + 1; j < r; ++j) c->indices[j] = c->indices[j - 1] + 1;
    return c->result_of(pool, r);
  }

  static Value cwr_next(IteratorObject* self) {
    auto* c = static_cast<Combinatoric*>(self);
    if (c->stopped) return exhausted();
    const std::vector<Value>& pool = c->pools[0];
    int64_t n = static_cast<int64_t>(pool.size()), r = c->r;
    if (!c->started) {
      c->started = true;
      if (n == 0 && r > 0) return c->stop();
      c->indices.assign(static_cast<size_t>(r), 0);
      return c->result_of(pool, r);
    }
    int64_t i = r - 1;
    while (i >= 0 && c->indices[i] == n - 1) --i;
    if (i < 0) return c->stop();
    int64_t value = c->indices[i] + 1;
    for (int64_t j = i; j < r; ++j) c->indices[j] = value;
    return c->result_of(pool, r);
  }
};

// r for permutations and combinations: a non-negative int.
int64_t r_arg(const Value& v) {
  if (!v.is_intlike() && lookup_special(v, names::__index__).is_null())
    raise(exc::TypeError, "Expected int as r");
  int64_t r = index_value(v);
  if (r < 0) raise(exc::ValueError, "r must be non-negative");
  return r;
}

} // namespace

Value product_new(Args a) {
  int64_t repeat = 1;
  for (size_t k = 0; k < a.nkw(); ++k) {
    if (a.kwname(k)->view() != "repeat")
      raise(exc::TypeError, "'" + std::string(a.kwname(k)->view()) +
                                "' is an invalid keyword argument for product()");
    repeat = index_value(a.kwvalue(k));
  }
  if (repeat < 0) raise(exc::ValueError, "repeat argument cannot be negative");
  Ref<Combinatoric> c = make<Combinatoric>(t::product, &Combinatoric::product_next);
  std::vector<std::vector<Value>> pools;
  for (size_t i = 1; i < a.npos; ++i) pools.push_back(collect_items(a[i]));
  for (int64_t k = 0; k < repeat; ++k)
    for (const auto& pool : pools) c->pools.push_back(pool);
  return Value(std::move(c));
}

Value permutations_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "permutations", {"iterable", "r"}, 1, p);
  Ref<Combinatoric> c = make<Combinatoric>(t::permutations, &Combinatoric::permutations_next);
  c->pools.push_back(collect_items(p[0]));
  c->r = p[1].is_null() || p[1].is_none() ? static_cast<int64_t>(c->pools[0].size()) : r_arg(p[1]);
  return Value(std::move(c));
}

Value combinations_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "combinations", {"iterable", "r"}, 2, p);
  Ref<Combinatoric> c = make<Combinatoric>(t::combinations, &Combinatoric::combinations_next);
  c->pools.push_back(collect_items(p[0]));
  c->r = r_arg(p[1]);
  return Value(std::move(c));
}

Value cwr_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "combinations_with_replacement", {"iterable", "r"}, 2, p);
  Ref<Combinatoric> c =
      make<Combinatoric>(t::combinations_with_replacement, &Combinatoric::cwr_next);
  c->pools.push_back(collect_items(p[0]));
  c->r = r_arg(p[1]);
  return Value(std::move(c));
}

} // namespace refc::lang::itertools_detail
