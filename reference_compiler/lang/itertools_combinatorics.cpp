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
      for (const auto& pool : c->pools) if (pool.empty()) return c->stop();
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

  // The frame of the one-pool iterators: the first call starts the index
  // vector, later calls advance it; either step returns false when no
  // selection is left.
  using StepFn = bool (*)(Combinatoric* c, int64_t n, int64_t r);
  template <StepFn start, StepFn advance> static Value one_pool_next(IteratorObject* self) {
    auto* c = static_cast<Combinatoric*>(self);
    if (c->stopped) return exhausted();
    const std::vector<Value>& pool = c->pools[0];
    int64_t n = static_cast<int64_t>(pool.size()), r = c->r;
    bool more;
    if (!c->started) {
      c->started = true;
      more = start(c, n, r);
    } else {
      more = advance(c, n, r);
    }
    return more ? c->result_of(pool, r) : c->stop();
  }

  static bool permutations_start(Combinatoric* c, int64_t n, int64_t r) {
    if (r > n) return false;
    for (int64_t i = 0; i < n; ++i) c->indices.push_back(i);
    for (int64_t i = n; i > n - r; --i) c->cycles.push_back(i);
    return true;
  }
  static bool permutations_advance(Combinatoric* c, int64_t n, int64_t r) {
    if (n == 0) return false;
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
        return true;
      }
    }
    return false;
  }

  static bool combinations_start(Combinatoric* c, int64_t n, int64_t r) {
    if (r > n) return false;
    for (int64_t i = 0; i < r; ++i) c->indices.push_back(i);
    return true;
  }
  static bool combinations_advance(Combinatoric* c, int64_t n, int64_t r) {
    int64_t i = r - 1;
    while (i >= 0 && c->indices[i] == i + n - r) --i;
    if (i < 0) return false;
    ++c->indices[i];
    for (int64_t j = i + 1; j < r; ++j) c->indices[j] = c->indices[j - 1] + 1;
    return true;
  }

  static bool cwr_start(Combinatoric* c, int64_t n, int64_t r) {
    if (n == 0 && r > 0) return false;
    c->indices.assign(static_cast<size_t>(r), 0);
    return true;
  }
  static bool cwr_advance(Combinatoric* c, int64_t n, int64_t r) {
    int64_t i = r - 1;
    while (i >= 0 && c->indices[i] == n - 1) --i;
    if (i < 0) return false;
    int64_t value = c->indices[i] + 1;
    for (int64_t j = i; j < r; ++j) c->indices[j] = value;
    return true;
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

constexpr IteratorObject::NextFn permutations_next =
    &Combinatoric::one_pool_next<&Combinatoric::permutations_start,
                                 &Combinatoric::permutations_advance>;
constexpr IteratorObject::NextFn combinations_next =
    &Combinatoric::one_pool_next<&Combinatoric::combinations_start,
                                 &Combinatoric::combinations_advance>;
constexpr IteratorObject::NextFn cwr_next =
    &Combinatoric::one_pool_next<&Combinatoric::cwr_start, &Combinatoric::cwr_advance>;

// permutations, combinations and combinations_with_replacement take
// (iterable, r); only permutations may leave r out (or pass None), meaning the
// pool's length.
Value one_pool_new(Args a, std::string_view fname, TypeObject* type, IteratorObject::NextFn next,
                   bool r_optional) {
  Value p[2];
  bind_clinic_args(a.drop_first(), fname, {"iterable", "r"}, r_optional ? 1 : 2, p);
  Ref<Combinatoric> c = make<Combinatoric>(type, next);
  c->pools.push_back(collect_items(p[0]));
  c->r = r_optional && (p[1].is_null() || p[1].is_none()) ? static_cast<int64_t>(c->pools[0].size())
                                                          : r_arg(p[1]);
  return Value(std::move(c));
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
  return one_pool_new(a, "permutations", t::permutations, permutations_next, true);
}

Value combinations_new(Args a) {
  return one_pool_new(a, "combinations", t::combinations, combinations_next, false);
}

Value cwr_new(Args a) {
  return one_pool_new(a, "combinations_with_replacement", t::combinations_with_replacement,
                      cwr_next, false);
}

} // namespace refc::lang::itertools_detail
