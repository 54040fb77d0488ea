// A natural merge sort (runs found as timsort finds them, short runs extended
// by binary insertion, then pairwise merges) over a scratch array of
// trivially copyable handles, so a comparison that throws can never leave a
// half-moved Value behind: the scratch array is simply dropped and the caller's
// vector is untouched. See list_sort.h for the contract.
#include "reference_compiler/lang/list_sort.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>

namespace refc::lang {

namespace {

// CPython's merge_compute_minrun: a run length in [32, 64] that makes the
// number of runs a power of two or slightly less.
size_t compute_minrun(size_t n) {
  size_t r = 0;
  while (n >= 64) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

// Sorts a[0, n) stably with less(x, y) meaning x < y. T must be trivially
// copyable. `less` may throw; a is then left in an unspecified permutation-ish
// state, which callers discard.
template <class T, class Less> void merge_sort(T* a, size_t n, Less less) {
  if (n < 2) return;
  std::vector<size_t> runs; // run start offsets; a final n closes the last run
  const size_t minrun = compute_minrun(n);
  size_t lo = 0;
  while (lo < n) {
    // count_run: a non-descending run, or a strictly descending one (reversed).
    size_t hi = lo + 1;
    if (hi < n) {
      if (less(a[hi], a[hi - 1])) {
        ++hi;
        while (hi < n && less(a[hi], a[hi - 1])) ++hi;
        std::reverse(a + lo, a + hi);
      } else {
        ++hi;
        while (hi < n && !less(a[hi], a[hi - 1])) ++hi;
      }
    }
    // Extend a short run to minrun items by binary insertion.
    size_t end = std::min(n, lo + std::max(minrun, hi - lo));
    for (size_t i = hi; i < end; ++i) {
      T pivot = a[i];
      size_t l = lo, r = i;
      while (l < r) {
        size_t m = l + (r - l) / 2;
        if (less(pivot, a[m]))
          r = m;
        else
          l = m + 1;
      }
      std::move_backward(a + l, a + i, a + i + 1);
      a[l] = pivot;
    }
    runs.push_back(lo);
    lo = end;
  }
  runs.push_back(n);

  std::vector<T> buf;
  while (runs.size() > 2) {
    std::vector<size_t> merged;
    merged.reserve(runs.size() / 2 + 2);
    size_t i = 0;
    for (; i + 2 < runs.size(); i += 2) {
      size_t s = runs[i], m = runs[i + 1], e = runs[i + 2];
      merged.push_back(s);
      if (!less(a[m], a[m - 1])) continue; // already in order
      buf.assign(a + s, a + m);
      size_t bi = 0, bn = m - s, j = m, k = s;
      while (bi < bn && j < e) {
        if (less(a[j], buf[bi]))
          a[k++] = a[j++];
        else
          a[k++] = buf[bi++];
      }
      while (bi < bn) a[k++] = buf[bi++];
    }
    if (i + 1 < runs.size()) merged.push_back(runs[i]); // an odd run left over
    merged.push_back(n);
    runs.swap(merged);
  }
}

struct IntKey {
  int64_t k;
  uint32_t index;
};
struct FloatKey {
  double k;
  uint32_t index;
};
struct TupleKey {
  const Tuple* k;
  uint32_t index;
};
struct StrKey {
  const Str* k;
  uint32_t index;
};

// `a < b` for two items of tuple keys: inline for ints, floats and strs.
bool item_less(const Value& a, const Value& b) {
  if (a.is_int() && b.is_int()) return a.as_int() < b.as_int();
  if (a.is_float() && b.is_float()) return a.as_float() < b.as_float();
  if (is_str(a) && is_str(b)) return a.as<Str>()->view() < b.as<Str>()->view();
  return compare_bool(CompareOp::Lt, a, b);
}

// Tuple `x < y` as tuple.__lt__ computes it (first differing item decides,
// else the lengths), without the method dispatch.
bool tuple_less(const Tuple* x, const Tuple* y) {
  const std::vector<Value>& a = x->items;
  const std::vector<Value>& b = y->items;
  size_t n = std::min(a.size(), b.size()), i = 0;
  for (; i < n; ++i)
    if (!keys_equal(a[i], b[i])) break;
  if (i >= n) return a.size() < b.size();
  return item_less(a[i], b[i]);
}

} // namespace

void sort_values(std::vector<Value>& items, const Value& key, bool reverse) {
  const size_t n = items.size();
  if (n < 2 && (key.is_null() || key.is_none())) return;
  if (n > UINT32_MAX) raise(exc::MemoryError, "");

  std::vector<Value> computed;
  const std::vector<Value>* keys = &items;
  if (!key.is_null() && !key.is_none()) {
    computed.reserve(n);
    for (size_t i = 0; i < n; ++i) computed.push_back(call(key, {items[i]}));
    keys = &computed;
  }
  if (n < 2) return;

  // Position p of the sorted order holds the index of the item that goes there.
  // With `reverse`, indices are taken in reverse so equal keys keep their
  // original relative order after the final reversal (as CPython does).
  auto source = [&](size_t p) { return static_cast<uint32_t>(reverse ? n - 1 - p : p); };

  bool all_int = true, all_float = true, all_str = true, all_tuple = true;
  for (const Value& k : *keys) {
    all_int = all_int && k.is_int();
    all_float = all_float && k.is_float();
    all_str = all_str && k.is_obj() && k.as_obj()->type == types::str;
    all_tuple = all_tuple && k.is_obj() && k.as_obj()->type == types::tuple;
    if (!all_int && !all_float && !all_str && !all_tuple) break;
  }

  bool identity_keys = keys == &items;
  std::vector<uint32_t> order;
  if (identity_keys && (all_int || all_float)) {
    // The items are their own keys and carry nothing but their number: sort
    // the raw numbers (stably: 0.0 and -0.0 keep their order) and write back.
    if (all_int) {
      std::unique_ptr<int64_t[]> v(new int64_t[n]);
      for (size_t p = 0; p < n; ++p) v[p] = items[source(p)].as_int();
      merge_sort(v.get(), n, [](int64_t x, int64_t y) { return x < y; });
      for (size_t p = 0; p < n; ++p) items[reverse ? n - 1 - p : p] = Value::integer(v[p]);
    } else {
      std::unique_ptr<double[]> v(new double[n]);
      for (size_t p = 0; p < n; ++p) v[p] = items[source(p)].as_float();
      merge_sort(v.get(), n, [](double x, double y) { return x < y; });
      for (size_t p = 0; p < n; ++p) items[reverse ? n - 1 - p : p] = Value::floating(v[p]);
    }
    return;
  }
  order.resize(n);
  if (all_int) {
    std::unique_ptr<IntKey[]> v(new IntKey[n]);
    for (size_t p = 0; p < n; ++p) v[p] = {(*keys)[source(p)].as_int(), source(p)};
    merge_sort(v.get(), n, [](const IntKey& x, const IntKey& y) { return x.k < y.k; });
    for (size_t p = 0; p < n; ++p) order[p] = v[p].index;
  } else if (all_float) {
    std::unique_ptr<FloatKey[]> v(new FloatKey[n]);
    for (size_t p = 0; p < n; ++p) v[p] = {(*keys)[source(p)].as_float(), source(p)};
    merge_sort(v.get(), n, [](const FloatKey& x, const FloatKey& y) { return x.k < y.k; });
    for (size_t p = 0; p < n; ++p) order[p] = v[p].index;
  } else if (all_str) {
    std::unique_ptr<StrKey[]> v(new StrKey[n]);
    for (size_t p = 0; p < n; ++p) v[p] = {(*keys)[source(p)].as<Str>(), source(p)};
    merge_sort(v.get(), n,
               [](const StrKey& x, const StrKey& y) { return x.k->view() < y.k->view(); });
    for (size_t p = 0; p < n; ++p) order[p] = v[p].index;
  } else if (all_tuple) {
    std::unique_ptr<TupleKey[]> v(new TupleKey[n]);
    for (size_t p = 0; p < n; ++p) v[p] = {(*keys)[source(p)].as<Tuple>(), source(p)};
    merge_sort(v.get(), n,
               [](const TupleKey& x, const TupleKey& y) { return tuple_less(x.k, y.k); });
    for (size_t p = 0; p < n; ++p) order[p] = v[p].index;
  } else {
    for (size_t p = 0; p < n; ++p) order[p] = source(p);
    const std::vector<Value>& kv = *keys;
    merge_sort(order.data(), n, [&kv](uint32_t x, uint32_t y) {
      return compare_bool(CompareOp::Lt, kv[x], kv[y]);
    });
  }

  std::vector<Value> sorted;
  sorted.reserve(n);
  if (reverse) {
    for (size_t p = n; p-- > 0;) sorted.push_back(std::move(items[order[p]]));
  } else {
    for (size_t p = 0; p < n; ++p) sorted.push_back(std::move(items[order[p]]));
  }
  items.swap(sorted);
}

} // namespace refc::lang
