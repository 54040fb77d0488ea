// Helpers shared by the container implementations (see container_support.h).
#include "reference_compiler/lang/container_support.h"

#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/type_object.h"

#include <algorithm>
#include <charconv>

namespace refc::lang {

std::vector<Value> slice_items(const std::vector<Value>& items, const Slice& slice) {
  int64_t start, stop, step;
  slice.unpack(start, stop, step); // may run __index__, which may resize `items`
  int64_t n = Slice::adjust_indices(static_cast<int64_t>(items.size()), start, stop, step);
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(n));
  if (step == 1) {
    out.assign(items.begin() + start, items.begin() + start + n);
  } else {
    for (int64_t i = 0, j = start; i < n; ++i, j += step) out.push_back(items[static_cast<size_t>(j)]);
  }
  return out;
}

void append_repr(std::string& out, const Value& v) {
  if (v.is_int()) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v.as_int());
    out.append(buf, r.ptr);
    return;
  }
  Ref<Str> s = repr(v);
  out.append(s->data);
}

Value compare_item_arrays(const std::vector<Value>& v, const std::vector<Value>& w, CompareOp op,
                          bool length_shortcut) {
  if (length_shortcut && v.size() != w.size() && (op == CompareOp::Eq || op == CompareOp::Ne))
    return Value::boolean(op == CompareOp::Ne);
  size_t i = 0;
  for (; i < v.size() && i < w.size(); ++i) {
    Value a = v[i], b = w[i]; // owned copies: user __eq__ may shrink either array
    if (a.is(b)) continue;
    if (!keys_equal(a, b)) break;
  }
  if (i >= v.size() || i >= w.size()) {
    int64_t vs = static_cast<int64_t>(v.size()), ws = static_cast<int64_t>(w.size());
    bool r = false;
    switch (op) {
    case CompareOp::Lt: r = vs < ws; break;
    case CompareOp::Le: r = vs <= ws; break;
    case CompareOp::Eq: r = vs == ws; break;
    case CompareOp::Ne: r = vs != ws; break;
    case CompareOp::Gt: r = vs > ws; break;
    case CompareOp::Ge: r = vs >= ws; break;
    }
    return Value::boolean(r);
  }
  if (op == CompareOp::Eq) return Value::boolean(false);
  if (op == CompareOp::Ne) return Value::boolean(true);
  Value a = v[i], b = w[i];
  return compare(op, a, b);
}

bool repeat_count(const Value& n, int64_t& count) {
  if (n.is_intlike()) {
    count = n.as_int();
    return true;
  }
  if (is_big_int(n)) raise(exc::OverflowError, "cannot fit 'int' into an index-sized integer");
  if (!is_index_like(n)) return false;
  count = index_value(n);
  return true;
}

void raise_cant_multiply(const Value& n) {
  raise(exc::TypeError, "can't multiply sequence by non-int of type '" + type_name(n) + "'");
}

bool user_reflected_operand(const Value& other, Str* reflected) {
  if (!other.is_obj() || !other.as_obj()->type->heap) return false;
  return !lookup_special(other, reflected).is_null();
}

void raise_key_error(const Value& key) {
  raise(call(Value::borrow(exc::KeyError), {key}));
}

void raise_stop_iteration() { raise(exc::StopIteration, ""); }

Object* check_receiver(const Args& a, const TypeObject* t, std::string_view method) {
  check_self(a, t, method);
  return a[0].as_obj();
}

void raise_arg_count(const Args& a, std::string_view qualname, size_t receivers, bool one) {
  if (a.nkw() != 0) raise(exc::TypeError, std::string(qualname) + "() takes no keyword arguments");
  size_t given = a.npos - std::min(a.npos, receivers);
  if (one)
    raise(exc::TypeError, std::string(qualname) + "() takes exactly one argument (" +
                              std::to_string(given) + " given)");
  raise(exc::TypeError, std::string(qualname) + "() takes no arguments (" + std::to_string(given) +
                            " given)");
}

void index_range(const Args& a, int64_t size, int64_t& start, int64_t& stop) {
  if (a.npos < 2) raise(exc::TypeError, "index expected at least 1 argument, got 0");
  if (a.npos > 4)
    raise(exc::TypeError, "index expected at most 3 arguments, got " + std::to_string(a.npos - 1));
  auto bound = [size](const Value& v) {
    int64_t i = to_index(v);
    if (i < 0) {
      i += size;
      if (i < 0) i = 0;
    }
    return i;
  };
  start = a.npos > 2 ? bound(a[2]) : 0;
  stop = a.npos > 3 ? bound(a[3]) : size;
}

void raise_dunder_arity(const Args& a, std::string_view name, size_t min, size_t max) {
  if (a.nkw() > 0) raise(exc::TypeError, "wrapper " + std::string(name) + "() takes no keyword arguments");
  size_t n = a.npos - 1;
  size_t want = n < min ? min : max;
  raise(exc::TypeError, "expected " + std::to_string(want) + " argument" + (want == 1 ? "" : "s") +
                            ", got " + std::to_string(n));
}

} // namespace refc::lang
