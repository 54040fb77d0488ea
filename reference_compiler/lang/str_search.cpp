// The str methods that search a string or cut it into pieces: find, index,
// count, startswith/endswith, split/rsplit/splitlines, join, partition, strip,
// replace and removeprefix/removesuffix. Searches run on UTF-8 bytes and
// convert offsets to code point indices only where a result needs one.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_internal.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/utf8.h"

#include <algorithm>

namespace refc::lang {
namespace {

using namespace str_detail;

// ---- search helpers --------------------------------------------------------------

// find/rfind over code point range [start, end) of s; returns a code point index or -1.
int64_t find_in(const Str* s, const Str* sub, int64_t start, int64_t end, bool reverse) {
  adjust_indices(start, end, s->length);
  if (end - start < sub->length) return -1;
  if (sub->length == 0) return reverse ? end : start;
  size_t b0 = byte_offset(s, start);
  size_t b1 = s->ascii ? static_cast<size_t>(end) : b0 + utf8_offset(std::string_view(s->data).substr(b0), end - start);
  std::string_view hay = std::string_view(s->data).substr(b0, b1 - b0);
  size_t pos = reverse ? hay.rfind(sub->data) : hay.find(sub->data);
  if (pos == std::string_view::npos) return -1;
  return s->ascii ? start + static_cast<int64_t>(pos) : start + utf8_length(hay.substr(0, pos));
}

int64_t count_in(const Str* s, const Str* sub, int64_t start, int64_t end) {
  adjust_indices(start, end, s->length);
  if (end - start < sub->length) return 0;
  if (sub->length == 0) return end - start + 1;
  size_t b0 = byte_offset(s, start);
  size_t b1 = s->ascii ? static_cast<size_t>(end) : b0 + utf8_offset(std::string_view(s->data).substr(b0), end - start);
  std::string_view hay = std::string_view(s->data).substr(b0, b1 - b0);
  int64_t n = 0;
  for (size_t pos = hay.find(sub->data); pos != std::string_view::npos; pos = hay.find(sub->data, pos + sub->data.size()))
    ++n;
  return n;
}

// Python's tailmatch for startswith/endswith.
bool tail_match(const Str* s, const Str* sub, int64_t start, int64_t end, bool at_end) {
  adjust_indices(start, end, s->length);
  end -= sub->length;
  if (end < start) return false;
  if (sub->length == 0) return true;
  int64_t at = at_end ? end : start;
  size_t b = byte_offset(s, at);
  return std::string_view(s->data).substr(b, sub->data.size()) == sub->data;
}

Value find_common(const Args& a, const char* name, bool reverse, bool raise_missing) {
  Str* s = self_str(a, name);
  old_style_arity(a, name, 1, 3);
  Str* sub = str_arg(a[1], "must be str, not ");
  int64_t start = 0, end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  int64_t r = find_in(s, sub, start, end, reverse);
  if (r < 0 && raise_missing) raise(exc::ValueError, "substring not found");
  return Value::integer(r);
}

Value fix_match(const Args& a, const char* name, bool at_end) {
  Str* s = self_str(a, name);
  old_style_arity(a, name, 1, 3);
  int64_t start = 0, end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  const Value& arg = a[1];
  if (arg.is_obj() && arg.as_obj()->type == types::tuple) {
    for (const Value& item : arg.as<Tuple>()->items) {
      if (!is_str(item))
        raise(exc::TypeError, "tuple for " + std::string(name) + " must only contain str, not " + type_name(item));
      if (tail_match(s, item.as<Str>(), start, end, at_end)) return Value::boolean(true);
    }
    return Value::boolean(false);
  }
  if (!is_str(arg))
    raise(exc::TypeError, std::string(name) + " first arg must be str or a tuple of str, not " + type_name(arg));
  return Value::boolean(tail_match(s, arg.as<Str>(), start, end, at_end));
}

// ---- search methods ------------------------------------------------------------------

Value str_find(Args a) { return find_common(a, "find", false, false); }
Value str_rfind(Args a) { return find_common(a, "rfind", true, false); }
Value str_index(Args a) { return find_common(a, "index", false, true); }
Value str_rindex(Args a) { return find_common(a, "rindex", true, true); }

Value str_count(Args a) {
  Str* s = self_str(a, "count");
  old_style_arity(a, "count", 1, 3);
  Str* sub = str_arg(a[1], "must be str, not ");
  int64_t start = 0, end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  return Value::integer(count_in(s, sub, start, end));
}

Value str_startswith(Args a) { return fix_match(a, "startswith", false); }
Value str_endswith(Args a) { return fix_match(a, "endswith", true); }

// ---- split and join --------------------------------------------------------------------

// Whitespace split over a sequence of code units (ASCII bytes or code points);
// emit(start, end) receives each piece. Mirrors CPython's split_whitespace.
template <class CharT, class Emit> void split_whitespace(std::basic_string_view<CharT> s, int64_t maxcount, Emit emit) {
  auto space = [&](size_t i) { return is_space_cp(static_cast<uint32_t>(static_cast<std::make_unsigned_t<CharT>>(s[i]))); };
  size_t n = s.size(), i = 0, j;
  while (maxcount-- > 0) {
    while (i < n && space(i)) ++i;
    if (i == n) break;
    j = i++;
    while (i < n && !space(i)) ++i;
    emit(j, i);
  }
  if (i < n) {
    while (i < n && space(i)) ++i;
    if (i != n) emit(i, n);
  }
}

template <class CharT, class Emit> void rsplit_whitespace(std::basic_string_view<CharT> s, int64_t maxcount, Emit emit) {
  auto space = [&](int64_t i) {
    return is_space_cp(static_cast<uint32_t>(static_cast<std::make_unsigned_t<CharT>>(s[static_cast<size_t>(i)])));
  };
  int64_t i = static_cast<int64_t>(s.size()) - 1, j;
  while (maxcount-- > 0) {
    while (i >= 0 && space(i)) --i;
    if (i < 0) break;
    j = i--;
    while (i >= 0 && !space(i)) --i;
    emit(static_cast<size_t>(i + 1), static_cast<size_t>(j + 1));
  }
  if (i >= 0) {
    while (i >= 0 && space(i)) --i;
    if (i >= 0) emit(0, static_cast<size_t>(i + 1));
  }
}

Value split_common(Args a, bool reverse) {
  const char* name = reverse ? "rsplit" : "split";
  Str* s = self_str(a, name);
  Value v[2];
  bind_str_args(a, name, {"sep", "maxsplit"}, v);
  int64_t maxcount = INT64_MAX;
  if (!v[1].is_null()) {
    maxcount = int_arg(v[1]);
    if (maxcount < 0) maxcount = INT64_MAX;
  }
  Ref<List> out = make_list();
  std::vector<Value>& items = out->items;
  if (v[0].is_null() || v[0].is_none()) {
    if (s->ascii) {
      std::string_view d = s->data;
      auto emit = [&](size_t i, size_t j) { items.push_back(new_str(std::string(d.substr(i, j - i)))); };
      if (reverse)
        rsplit_whitespace<char>(d, maxcount, emit);
      else
        split_whitespace<char>(d, maxcount, emit);
    } else {
      std::u32string u = decode(s->data);
      std::u32string_view d = u;
      auto emit = [&](size_t i, size_t j) { items.push_back(new_str(encode(d.substr(i, j - i)))); };
      if (reverse)
        rsplit_whitespace<char32_t>(d, maxcount, emit);
      else
        split_whitespace<char32_t>(d, maxcount, emit);
    }
  } else {
    if (!is_str(v[0])) raise(exc::TypeError, "must be str or None, not " + type_name(v[0]));
    const std::string& sep = v[0].as<Str>()->data;
    if (sep.empty()) raise(exc::ValueError, "empty separator");
    std::string_view d = s->data;
    if (!reverse) {
      size_t i = 0;
      while (maxcount-- > 0) {
        size_t pos = d.find(sep, i);
        if (pos == std::string_view::npos) break;
        items.push_back(new_str(std::string(d.substr(i, pos - i))));
        i = pos + sep.size();
      }
      items.push_back(i == 0 ? a[0] : new_str(std::string(d.substr(i))));
    } else {
      size_t j = d.size();
      while (maxcount-- > 0) {
        if (j < sep.size()) break;
        size_t pos = d.substr(0, j).rfind(sep);
        if (pos == std::string_view::npos) break;
        items.push_back(new_str(std::string(d.substr(pos + sep.size(), j - pos - sep.size()))));
        j = pos;
      }
      items.push_back(j == d.size() ? a[0] : new_str(std::string(d.substr(0, j))));
    }
  }
  if (reverse) std::reverse(items.begin(), items.end());
  return Value(std::move(out));
}
Value str_split(Args a) { return split_common(a, false); }
Value str_rsplit(Args a) { return split_common(a, true); }

Value str_join(Args a) {
  Str* sep = self_str(a, "join");
  check_method_one_arg(a, "str.join");
  const Value& iterable = a[1];
  std::vector<Value> holder;
  const std::vector<Value>* items;
  if (iterable.is_obj() && iterable.as_obj()->type == types::list) {
    items = &iterable.as<List>()->items;
  } else if (iterable.is_obj() && iterable.as_obj()->type == types::tuple) {
    items = &iterable.as<Tuple>()->items;
  } else {
    Value it;
    try {
      it = get_iter(iterable);
    } catch (PyError& e) {
      if (e.exc.type()->is_subtype(exc::TypeError)) raise(exc::TypeError, "can only join an iterable");
      throw;
    }
    extend_from_iterable(holder, it);
    items = &holder;
  }
  size_t n = items->size();
  if (n == 0) return empty_str();
  size_t total = sep->data.size() * (n - 1);
  for (size_t i = 0; i < n; ++i) {
    const Value& item = (*items)[i];
    if (!is_str(item))
      raise(exc::TypeError, "sequence item " + std::to_string(i) + ": expected str instance, " + type_name(item) + " found");
    total += item.as<Str>()->data.size();
  }
  if (n == 1) return (*items)[0];
  if (static_cast<int64_t>(total) > kMaxStrBytes) raise(exc::MemoryError, "");
  std::string out;
  out.reserve(total);
  for (size_t i = 0; i < n; ++i) {
    if (i) out += sep->data;
    out += (*items)[i].as<Str>()->data;
  }
  return new_str(std::move(out));
}

Value str_splitlines(Args a) {
  Str* s = self_str(a, "splitlines");
  Value v[1];
  bind_str_args(a, "splitlines", {"keepends"}, v);
  bool keepends = !v[0].is_null() && int_arg(v[0]) != 0;
  Ref<List> out = make_list();
  std::string_view d = s->data;
  size_t i = 0, j = 0, n = d.size();
  while (i < n) {
    size_t eol;
    uint32_t c = 0;
    size_t next = i;
    // Find the next line break.
    for (;;) {
      if (i >= n) break;
      const char* p = d.data() + i;
      c = utf8_decode(p);
      next = static_cast<size_t>(p - d.data());
      if (unicode::is_linebreak(c)) break;
      i = next;
    }
    eol = i;
    if (i < n) {
      if (c == '\r' && next < n && d[next] == '\n')
        i = next + 1;
      else
        i = next;
      if (keepends) eol = i;
    }
    out->items.push_back(new_str(std::string(d.substr(j, eol - j))));
    j = i;
  }
  return Value(std::move(out));
}

Value partition_common(Args a, bool reverse) {
  const char* name = reverse ? "rpartition" : "partition";
  Str* s = self_str(a, name);
  check_method_one_arg(a, reverse ? "str.rpartition" : "str.partition");
  Str* sep = str_arg(a[1], "must be str, not ");
  if (sep->data.empty()) raise(exc::ValueError, "empty separator");
  std::string_view d = s->data;
  size_t pos = reverse ? d.rfind(sep->data) : d.find(sep->data);
  if (pos == std::string_view::npos) {
    if (reverse) return Value(make_tuple({empty_str(), empty_str(), a[0]}));
    return Value(make_tuple({a[0], empty_str(), empty_str()}));
  }
  return Value(make_tuple({new_str(std::string(d.substr(0, pos))), a[1],
                           new_str(std::string(d.substr(pos + sep->data.size())))}));
}
Value str_partition(Args a) { return partition_common(a, false); }
Value str_rpartition(Args a) { return partition_common(a, true); }

// ---- strip -------------------------------------------------------------------------------

// Narrows [i, j) of the UTF-8 text d past the code points `strip` accepts, from
// the left and/or from the right.
template <class Pred>
void strip_code_points(std::string_view d, size_t& i, size_t& j, bool left, bool right, Pred strip) {
  if (left)
    while (i < j) {
      const char* p = d.data() + i;
      if (!strip(utf8_decode(p))) break;
      i = static_cast<size_t>(p - d.data());
    }
  if (right)
    while (j > i) {
      size_t k = j - 1;
      while (k > i && (static_cast<uint8_t>(d[k]) & 0xC0) == 0x80) --k;
      const char* p = d.data() + k;
      if (!strip(utf8_decode(p))) break;
      j = k;
    }
}

Value strip_common(Args a, const char* name, bool left, bool right) {
  Str* s = self_str(a, name);
  clinic_arity(a, name, 0, 1);
  std::string_view d = s->data;
  size_t i = 0, j = d.size();
  if (a.npos < 2 || a[1].is_none()) {
    if (s->ascii) {
      if (left)
        while (i < j && is_space_cp(static_cast<uint8_t>(d[i]))) ++i;
      if (right)
        while (j > i && is_space_cp(static_cast<uint8_t>(d[j - 1]))) --j;
    } else {
      strip_code_points(d, i, j, left, right, is_space_cp);
    }
  } else {
    if (!is_str(a[1])) raise(exc::TypeError, std::string(name) + " arg must be None or str");
    const Str* chars = a[1].as<Str>();
    if (s->ascii && chars->ascii) {
      bool set[128] = {};
      for (char c : chars->data) set[static_cast<uint8_t>(c)] = true;
      if (left)
        while (i < j && set[static_cast<uint8_t>(d[i])]) ++i;
      if (right)
        while (j > i && set[static_cast<uint8_t>(d[j - 1])]) --j;
    } else {
      std::u32string cs = decode(chars->data);
      auto in_set = [&](uint32_t c) { return cs.find(static_cast<char32_t>(c)) != std::u32string::npos; };
      strip_code_points(d, i, j, left, right, in_set);
    }
  }
  if (i == 0 && j == d.size()) return a[0];
  return new_str(std::string(d.substr(i, j - i)));
}
Value str_strip(Args a) { return strip_common(a, "strip", true, true); }
Value str_lstrip(Args a) { return strip_common(a, "lstrip", true, false); }
Value str_rstrip(Args a) { return strip_common(a, "rstrip", false, true); }

Value str_replace(Args a) {
  Str* s = self_str(a, "replace");
  clinic_arity(a, "replace", 2, 3);
  if (!is_str(a[1])) raise(exc::TypeError, "replace() argument 1 must be str, not " + type_name(a[1]));
  if (!is_str(a[2])) raise(exc::TypeError, "replace() argument 2 must be str, not " + type_name(a[2]));
  int64_t count = a.npos > 3 ? int_arg(a[3]) : -1;
  if (count < 0) count = INT64_MAX;
  const std::string& old_s = a[1].as<Str>()->data;
  const std::string& new_s = a[2].as<Str>()->data;
  std::string_view d = s->data;
  if (count == 0) return a[0];
  std::string out;
  if (old_s.empty()) {
    // Insert `new` before every code point and at the end, `count` times at most.
    size_t i = 0;
    int64_t done = 0;
    while (done < count) {
      out += new_s;
      ++done;
      if (i >= d.size()) break;
      size_t len = static_cast<size_t>(utf8_seq_len(static_cast<uint8_t>(d[i])));
      out.append(d.substr(i, len));
      i += len;
      if (static_cast<int64_t>(out.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
    }
    out.append(d.substr(std::min(i, d.size())));
    return new_str(std::move(out));
  }
  size_t pos = d.find(old_s);
  if (pos == std::string_view::npos) return a[0];
  size_t i = 0;
  while (count-- > 0 && pos != std::string_view::npos) {
    out.append(d.substr(i, pos - i));
    out += new_s;
    i = pos + old_s.size();
    if (static_cast<int64_t>(out.size()) > kMaxStrBytes) raise(exc::MemoryError, "");
    pos = d.find(old_s, i);
  }
  out.append(d.substr(i));
  return new_str(std::move(out));
}

Value affix_common(Args a, const char* name, bool suffix) {
  Str* s = self_str(a, name);
  check_method_one_arg(a, std::string("str.") + name);
  if (!is_str(a[1])) raise(exc::TypeError, std::string(name) + "() argument must be str, not " + type_name(a[1]));
  const std::string& f = a[1].as<Str>()->data;
  std::string_view d = s->data;
  if (f.empty()) return a[0];
  if (suffix ? d.ends_with(f) : d.starts_with(f))
    return new_str(std::string(suffix ? d.substr(0, d.size() - f.size()) : d.substr(f.size())));
  return a[0];
}
Value str_removeprefix(Args a) { return affix_common(a, "removeprefix", false); }
Value str_removesuffix(Args a) { return affix_common(a, "removesuffix", true); }

} // namespace

void add_str_search_methods(TypeObject* t) {
  add_method(t, "find", str_find);
  add_method(t, "rfind", str_rfind);
  add_method(t, "index", str_index);
  add_method(t, "rindex", str_rindex);
  add_method(t, "count", str_count);
  add_method(t, "startswith", str_startswith);
  add_method(t, "endswith", str_endswith);
  add_method(t, "split", str_split);
  add_method(t, "rsplit", str_rsplit);
  add_method(t, "splitlines", str_splitlines);
  add_method(t, "join", str_join);
  add_method(t, "partition", str_partition);
  add_method(t, "rpartition", str_rpartition);
  add_method(t, "strip", str_strip);
  add_method(t, "lstrip", str_lstrip);
  add_method(t, "rstrip", str_rstrip);
  add_method(t, "replace", str_replace);
  add_method(t, "removeprefix", str_removeprefix);
  add_method(t, "removesuffix", str_removesuffix);
}

} // namespace refc::lang
