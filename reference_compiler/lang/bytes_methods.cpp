// The methods bytes and bytearray share, each registered on both types and
// returning a result of the receiver's kind: searching (find, index, count,
// startswith, ...), cutting (split, partition, strip, splitlines, ...),
// joining and replacing, ASCII case and class tests, padding, and hex /
// fromhex, with CPython 3.11's argument errors.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_internal.h"
#include "reference_compiler/lang/tuple_object.h"

#include <algorithm>

namespace refc::lang {
namespace {

using bytes_detail::same_kind;
using str_detail::adjust_indices;
using str_detail::int_arg;
using str_detail::slice_index;

template <bool Mutable> Bytes* self_of(const Args& a, std::string_view method) {
  return receiver<Bytes>(a, Mutable ? types::bytearray : types::bytes, method);
}

// Py_ISSPACE and friends: ASCII classes only, as bytes methods use them.
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\x0b' || c == '\x0c';
}
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return is_lower(c) || is_upper(c); }
char to_lower(char c) { return is_upper(c) ? static_cast<char>(c + 32) : c; }
char to_upper(char c) { return is_lower(c) ? static_cast<char>(c - 32) : c; }

// The needle of find/index/count: a bytes-like object or one byte as an int.
std::string needle_arg(const Value& v) {
  if (is_bytes_like(v)) return std::string(v.as<Bytes>()->view());
  if (is_index_like(v)) {
    int64_t n = int_arg(v);
    if (n < 0 || n > 255) raise(exc::ValueError, "byte must be in range(0, 256)");
    return std::string(1, static_cast<char>(n));
  }
  raise(exc::TypeError,
        "argument should be integer or bytes-like object, not '" + type_name(v) + "'");
}

// The search window [start, end) of find() and friends, clamped to `size`.
void search_window(const Args& a, const char* name, int64_t size, int64_t& start, int64_t& end) {
  str_detail::old_style_arity(a, name, 1, 3);
  start = 0;
  end = INT64_MAX;
  if (a.npos > 2) slice_index(a[2], start);
  if (a.npos > 3) slice_index(a[3], end);
  adjust_indices(start, end, size);
}

int64_t find_in(std::string_view hay, std::string_view sub, int64_t start, int64_t end,
                bool reverse) {
  if (end - start < static_cast<int64_t>(sub.size())) return -1;
  std::string_view window = hay.substr(static_cast<size_t>(start), static_cast<size_t>(end - start));
  size_t pos = reverse ? window.rfind(sub) : window.find(sub);
  return pos == std::string_view::npos ? -1 : start + static_cast<int64_t>(pos);
}

template <bool Mutable, bool Reverse, bool Raise> Value bytes_find(Args a) {
  const char* name = Reverse ? (Raise ? "rindex" : "rfind") : (Raise ? "index" : "find");
  Bytes* b = self_of<Mutable>(a, name);
  int64_t start, end;
  search_window(a, name, b->size(), start, end);
  int64_t r = find_in(b->view(), needle_arg(a[1]), start, end, Reverse);
  if (r < 0 && Raise) raise(exc::ValueError, "subsection not found");
  return Value::integer(r);
}

template <bool Mutable> Value bytes_count(Args a) {
  Bytes* b = self_of<Mutable>(a, "count");
  int64_t start, end;
  search_window(a, "count", b->size(), start, end);
  std::string sub = needle_arg(a[1]);
  if (end - start < static_cast<int64_t>(sub.size())) return Value::integer(0);
  if (sub.empty()) return Value::integer(end - start + 1);
  std::string_view window = b->view().substr(static_cast<size_t>(start), static_cast<size_t>(end - start));
  int64_t n = 0;
  for (size_t pos = window.find(sub); pos != std::string_view::npos; pos = window.find(sub, pos + sub.size())) ++n;
  return Value::integer(n);
}

template <bool Mutable, bool AtEnd> Value bytes_tailmatch(Args a) {
  const char* name = AtEnd ? "endswith" : "startswith";
  Bytes* b = self_of<Mutable>(a, name);
  int64_t start, end;
  search_window(a, name, b->size(), start, end);
  auto match = [&](const Value& v) {
    if (!is_bytes_like(v))
      raise(exc::TypeError, std::string(name) + " first arg must be bytes or a tuple of bytes, not " +
                                type_name(v));
    std::string_view sub = v.as<Bytes>()->view();
    int64_t last = end - static_cast<int64_t>(sub.size());
    if (last < start) return false;
    return b->view().substr(static_cast<size_t>(AtEnd ? last : start), sub.size()) == sub;
  };
  if (a[1].is_obj() && a[1].as_obj()->type == types::tuple) {
    for (const Value& item : a[1].as<Tuple>()->items)
      if (match(item)) return Value::boolean(true);
    return Value::boolean(false);
  }
  return Value::boolean(match(a[1]));
}

// ---- cutting ----------------------------------------------------------------------

// split(sep=None, maxsplit=-1) and rsplit.
template <bool Mutable, bool Reverse> Value bytes_split(Args a) {
  const char* name = Reverse ? "rsplit" : "split";
  Bytes* b = self_of<Mutable>(a, name);
  Value p[2];
  bind_clinic_args(a.drop_first(), name, {"sep", "maxsplit"}, 0, p);
  int64_t maxsplit = p[1].is_null() ? -1 : int_arg(p[1]);
  if (maxsplit < 0) maxsplit = INT64_MAX;
  std::string_view s = b->view();
  std::vector<std::string> parts;
  if (p[0].is_null() || p[0].is_none()) {
    // Runs of ASCII whitespace separate; none at the ends.
    if (!Reverse) {
      size_t i = 0, n = s.size();
      while (true) {
        while (i < n && is_space(s[i])) ++i;
        if (i >= n) break;
        if (static_cast<int64_t>(parts.size()) == maxsplit) {
          parts.emplace_back(s.substr(i)); // the rest keeps its trailing whitespace
          break;
        }
        size_t j = i;
        while (j < n && !is_space(s[j])) ++j;
        parts.emplace_back(s.substr(i, j - i));
        i = j;
      }
    } else {
      size_t i = s.size();
      while (true) {
        while (i > 0 && is_space(s[i - 1])) --i;
        if (i == 0) break;
        if (static_cast<int64_t>(parts.size()) == maxsplit) {
          parts.emplace_back(s.substr(0, i)); // the rest keeps its leading whitespace
          break;
        }
        size_t j = i;
        while (j > 0 && !is_space(s[j - 1])) --j;
        parts.emplace_back(s.substr(j, i - j));
        i = j;
      }
      std::reverse(parts.begin(), parts.end());
    }
  } else {
    std::string_view sep = bytes_like_arg(p[0]);
    if (sep.empty()) raise(exc::ValueError, "empty separator");
    if (!Reverse) {
      size_t i = 0;
      for (int64_t k = 0; k < maxsplit; ++k) {
        size_t at = s.find(sep, i);
        if (at == std::string_view::npos) break;
        parts.emplace_back(s.substr(i, at - i));
        i = at + sep.size();
      }
      parts.emplace_back(s.substr(i));
    } else {
      size_t e = s.size();
      for (int64_t k = 0; k < maxsplit && e >= sep.size(); ++k) {
        size_t at = s.substr(0, e).rfind(sep);
        if (at == std::string_view::npos) break;
        parts.emplace_back(s.substr(at + sep.size(), e - at - sep.size()));
        e = at;
      }
      parts.emplace_back(s.substr(0, e));
      std::reverse(parts.begin(), parts.end());
    }
  }
  std::vector<Value> items;
  items.reserve(parts.size());
  for (std::string& part : parts) items.push_back(same_kind(a[0], std::move(part)));
  return Value(make_list(std::move(items)));
}

template <bool Mutable> Value bytes_splitlines(Args a) {
  Bytes* b = self_of<Mutable>(a, "splitlines");
  Value p[1];
  bind_clinic_args(a.drop_first(), "splitlines", {"keepends"}, 0, p);
  bool keepends = !p[0].is_null() && truthy(p[0]);
  std::string_view s = b->view();
  std::vector<Value> items;
  for (size_t i = 0; i < s.size();) {
    size_t j = i;
    while (j < s.size() && s[j] != '\n' && s[j] != '\r') ++j;
    size_t eol = j;
    if (j < s.size()) eol = s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n' ? j + 2 : j + 1;
    items.push_back(same_kind(a[0], std::string(s.substr(i, (keepends ? eol : j) - i))));
    i = eol;
  }
  return Value(make_list(std::move(items)));
}

template <bool Mutable, bool Reverse> Value bytes_partition(Args a) {
  const char* name = Reverse ? "rpartition" : "partition";
  Bytes* b = self_of<Mutable>(a, name);
  check_method_one_arg(a, std::string(Mutable ? "bytearray." : "bytes.") + name);
  std::string_view sep = bytes_like_arg(a[1]);
  if (sep.empty()) raise(exc::ValueError, "empty separator");
  std::string_view s = b->view();
  size_t at = Reverse ? s.rfind(sep) : s.find(sep);
  std::string parts[3];
  if (at == std::string_view::npos) {
    parts[Reverse ? 2 : 0] = std::string(s);
  } else {
    parts[0] = std::string(s.substr(0, at));
    parts[1] = std::string(sep);
    parts[2] = std::string(s.substr(at + sep.size()));
  }
  return Value(make_tuple({same_kind(a[0], parts[0]), same_kind(a[0], parts[1]),
                           same_kind(a[0], parts[2])}));
}

// strip(bytes=None), lstrip, rstrip: Left/Right say which ends.
template <bool Mutable, bool Left, bool Right> Value bytes_strip(Args a) {
  const char* name = Left && Right ? "strip" : Left ? "lstrip" : "rstrip";
  Bytes* b = self_of<Mutable>(a, name);
  str_detail::clinic_arity(a, name, 0, 1);
  std::string_view chars;
  bool whitespace = a.npos < 2 || a[1].is_none();
  if (!whitespace) chars = bytes_like_arg(a[1]);
  auto strips = [&](char c) { return whitespace ? is_space(c) : chars.find(c) != std::string_view::npos; };
  std::string_view s = b->view();
  size_t i = 0, e = s.size();
  if (Left)
    while (i < e && strips(s[i])) ++i;
  if (Right)
    while (e > i && strips(s[e - 1])) --e;
  return same_kind(a[0], std::string(s.substr(i, e - i)));
}

template <bool Mutable, bool Suffix> Value bytes_remove_affix(Args a) {
  const char* name = Suffix ? "removesuffix" : "removeprefix";
  Bytes* b = self_of<Mutable>(a, name);
  check_method_one_arg(a, std::string(Mutable ? "bytearray." : "bytes.") + name);
  std::string_view affix = bytes_like_arg(a[1]), s = b->view();
  if (Suffix ? s.ends_with(affix) : s.starts_with(affix))
    s = Suffix ? s.substr(0, s.size() - affix.size()) : s.substr(affix.size());
  return same_kind(a[0], std::string(s));
}

// ---- joining and replacing ----------------------------------------------------------

template <bool Mutable> Value bytes_join(Args a) {
  Bytes* b = self_of<Mutable>(a, "join");
  check_method_one_arg(a, std::string(Mutable ? "bytearray" : "bytes") + ".join");
  std::vector<Value> items = collect_items(a[1]);
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!is_bytes_like(items[i]))
      raise(exc::TypeError, "sequence item " + std::to_string(i) +
                                ": expected a bytes-like object, " + type_name(items[i]) + " found");
    if (i) out += b->data;
    out += items[i].as<Bytes>()->data;
  }
  return same_kind(a[0], std::move(out));
}

template <bool Mutable> Value bytes_replace(Args a) {
  Bytes* b = self_of<Mutable>(a, "replace");
  str_detail::clinic_arity(a, "replace", 2, 3);
  std::string_view old = bytes_like_arg(a[1]), repl = bytes_like_arg(a[2]), s = b->view();
  int64_t count = a.npos > 3 ? int_arg(a[3]) : -1;
  if (count < 0) count = INT64_MAX;
  std::string out;
  if (old.empty()) {
    // An empty pattern matches before every byte and at the end.
    int64_t done = 0;
    for (size_t i = 0; i <= s.size(); ++i) {
      if (done < count) {
        out += repl;
        ++done;
      }
      if (i < s.size()) out += s[i];
    }
    return same_kind(a[0], std::move(out));
  }
  size_t i = 0;
  for (int64_t done = 0; done < count; ++done) {
    size_t at = s.find(old, i);
    if (at == std::string_view::npos) break;
    out.append(s.substr(i, at - i));
    out.append(repl);
    i = at + old.size();
  }
  out.append(s.substr(i));
  return same_kind(a[0], std::move(out));
}

// ---- case and classes ---------------------------------------------------------------

// "bytes.upper" or "bytearray.upper", for arity errors.
template <bool Mutable> std::string qualified(const char* name) {
  return std::string(Mutable ? "bytearray." : "bytes.") + name;
}

template <bool Mutable, char (*Map)(char)> Value bytes_map(Args a) {
  const char* name = Map == to_lower ? "lower" : Map == to_upper ? "upper" : "swapcase";
  Bytes* b = self_of<Mutable>(a, name);
  check_method_no_args(a, qualified<Mutable>(name));
  std::string out = b->data;
  for (char& c : out) c = Map(c);
  return same_kind(a[0], std::move(out));
}

char swap_case(char c) { return is_upper(c) ? to_lower(c) : to_upper(c); }

template <bool Mutable> Value bytes_capitalize(Args a) {
  Bytes* b = self_of<Mutable>(a, "capitalize");
  check_method_no_args(a, Mutable ? "bytearray.capitalize" : "bytes.capitalize");
  std::string out = b->data;
  for (size_t i = 0; i < out.size(); ++i) out[i] = i == 0 ? to_upper(out[i]) : to_lower(out[i]);
  return same_kind(a[0], std::move(out));
}

template <bool Mutable> Value bytes_title(Args a) {
  Bytes* b = self_of<Mutable>(a, "title");
  check_method_no_args(a, Mutable ? "bytearray.title" : "bytes.title");
  std::string out = b->data;
  bool previous_cased = false;
  for (char& c : out) {
    c = previous_cased ? to_lower(c) : to_upper(c);
    previous_cased = is_alpha(c);
  }
  return same_kind(a[0], std::move(out));
}

// isdigit, isalpha, isalnum, isspace: every byte in the class, and not empty.
template <bool Mutable, bool (*Test)(char)> Value bytes_all_of(Args a) {
  const char* name = Test == is_digit   ? "isdigit"
                     : Test == is_alpha ? "isalpha"
                     : Test == is_space ? "isspace"
                                        : "isalnum";
  Bytes* b = self_of<Mutable>(a, name);
  check_method_no_args(a, qualified<Mutable>(name));
  if (b->data.empty()) return Value::boolean(false);
  return Value::boolean(std::all_of(b->data.begin(), b->data.end(), Test));
}

bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }

// islower / isupper: some cased byte, none of the other case.
template <bool Mutable, bool Lower> Value bytes_is_case(Args a) {
  Bytes* b = self_of<Mutable>(a, Lower ? "islower" : "isupper");
  check_method_no_args(a, qualified<Mutable>(Lower ? "islower" : "isupper"));
  bool cased = false;
  for (char c : b->data) {
    if (Lower ? is_upper(c) : is_lower(c)) return Value::boolean(false);
    cased |= Lower ? is_lower(c) : is_upper(c);
  }
  return Value::boolean(cased);
}

template <bool Mutable> Value bytes_istitle(Args a) {
  Bytes* b = self_of<Mutable>(a, "istitle");
  check_method_no_args(a, Mutable ? "bytearray.istitle" : "bytes.istitle");
  bool cased = false, previous_cased = false;
  for (char c : b->data) {
    if (is_upper(c)) {
      if (previous_cased) return Value::boolean(false);
      previous_cased = cased = true;
    } else if (is_lower(c)) {
      if (!previous_cased) return Value::boolean(false);
      previous_cased = cased = true;
    } else {
      previous_cased = false;
    }
  }
  return Value::boolean(cased);
}

// translate(table, /, delete=b''): table None or 256 bytes.
template <bool Mutable> Value bytes_translate(Args a) {
  Bytes* b = self_of<Mutable>(a, "translate");
  Value p[2];
  bind_clinic_args(a.drop_first(), "translate", {"table", "delete"}, 1, p);
  std::string_view table;
  if (!p[0].is_none()) {
    table = bytes_like_arg(p[0]);
    if (table.size() != 256) raise(exc::ValueError, "translation table must be 256 characters long");
  }
  std::string_view remove = p[1].is_null() ? std::string_view() : bytes_like_arg(p[1]);
  std::string out;
  for (char c : b->data) {
    if (remove.find(c) != std::string_view::npos) continue;
    out += table.empty() ? c : table[static_cast<unsigned char>(c)];
  }
  return same_kind(a[0], std::move(out));
}

// bytes.maketrans(frm, to): the 256-byte table translate() takes.
Value bytes_maketrans(Args a) {
  check_arity(a, "maketrans", 2, 2);
  std::string_view from = bytes_like_arg(a[0]), to = bytes_like_arg(a[1]);
  if (from.size() != to.size()) raise(exc::ValueError, "maketrans arguments must have same length");
  std::string table(256, '\0');
  for (int i = 0; i < 256; ++i) table[static_cast<size_t>(i)] = static_cast<char>(i);
  for (size_t i = 0; i < from.size(); ++i) table[static_cast<unsigned char>(from[i])] = to[i];
  return bytes_value(std::move(table));
}

template <bool Mutable> Value bytes_isascii(Args a) {
  Bytes* b = self_of<Mutable>(a, "isascii");
  check_method_no_args(a, Mutable ? "bytearray.isascii" : "bytes.isascii");
  return Value::boolean(std::all_of(b->data.begin(), b->data.end(),
                                    [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
}

// ---- padding ------------------------------------------------------------------------

// center / ljust / rjust (width, fillchar=b' '): Align -1 left, 0 center, 1 right.
template <bool Mutable, int Align> Value bytes_pad(Args a) {
  const char* name = Align < 0 ? "ljust" : Align > 0 ? "rjust" : "center";
  Bytes* b = self_of<Mutable>(a, name);
  str_detail::clinic_arity(a, name, 1, 2);
  int64_t width = int_arg(a[1]);
  char fill = ' ';
  if (a.npos > 2) {
    if (!is_bytes_like(a[2]) || a[2].as<Bytes>()->size() != 1)
      raise(exc::TypeError, std::string(name) +
                                "() argument 2 must be a byte string of length 1, not " +
                                type_name(a[2]));
    fill = a[2].as<Bytes>()->data[0];
  }
  int64_t n = b->size();
  if (width <= n) return same_kind(a[0], b->data);
  if (width > str_detail::kMaxStrBytes) raise(exc::MemoryError, "");
  int64_t pad = width - n;
  int64_t left = Align < 0 ? 0 : Align > 0 ? pad : pad / 2 + (pad & width & 1);
  std::string out(static_cast<size_t>(left), fill);
  out += b->data;
  out.append(static_cast<size_t>(pad - left), fill);
  return same_kind(a[0], std::move(out));
}

template <bool Mutable> Value bytes_zfill(Args a) {
  Bytes* b = self_of<Mutable>(a, "zfill");
  str_detail::clinic_arity(a, "zfill", 1, 1);
  int64_t width = int_arg(a[1]);
  std::string s = b->data;
  if (width <= static_cast<int64_t>(s.size())) return same_kind(a[0], std::move(s));
  if (width > str_detail::kMaxStrBytes) raise(exc::MemoryError, "");
  size_t fill = static_cast<size_t>(width) - s.size();
  bool sign = !s.empty() && (s[0] == '+' || s[0] == '-');
  s.insert(sign ? 1 : 0, fill, '0');
  return same_kind(a[0], std::move(s));
}

// ---- hex ----------------------------------------------------------------------------

// hex(sep=<none>, bytes_per_sep=1): groups of bytes_per_sep bytes counted from
// the right (from the left when negative), as CPython's _Py_strhex_impl.
template <bool Mutable> Value bytes_hex(Args a) {
  Bytes* b = self_of<Mutable>(a, "hex");
  Value p[2];
  bind_clinic_args(a.drop_first(), "hex", {"sep", "bytes_per_sep"}, 0, p);
  std::string sep;
  if (!p[0].is_null()) {
    if (isinstance(p[0], types::str))
      sep = p[0].as<Str>()->data;
    else if (is_bytes_like(p[0]))
      sep = std::string(p[0].as<Bytes>()->view());
    else
      raise(exc::TypeError, "object of type '" + type_name(p[0]) + "' has no len()");
    if (sep.size() != 1) raise(exc::ValueError, "sep must be length 1.");
  }
  int64_t per = p[1].is_null() ? 1 : int_arg(p[1]);
  static const char* digits = "0123456789abcdef";
  std::string out;
  int64_t n = b->size(), group = per < 0 ? -per : per;
  for (int64_t i = 0; i < n; ++i) {
    if (!sep.empty() && i > 0 && group > 0) {
      bool boundary = per > 0 ? (n - i) % group == 0 : i % group == 0;
      if (boundary) out += sep;
    }
    auto c = static_cast<unsigned char>(b->data[static_cast<size_t>(i)]);
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return str_value(std::move(out));
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// bytes.fromhex(string) / bytearray.fromhex: pairs of hex digits, whitespace between pairs.
Value bytes_fromhex(Args a) {
  auto* cls = a[0].as<TypeObject>();
  check_method_one_arg(a, "fromhex");
  if (!isinstance(a[1], types::str))
    raise(exc::TypeError, "fromhex() argument must be str, not " + type_name(a[1]));
  const std::string& s = a[1].as<Str>()->data;
  std::string out;
  auto fail = [&](size_t at) -> void {
    raise(exc::ValueError, "non-hexadecimal number found in fromhex() arg at position " +
                               std::to_string(str_detail::cp_index(a[1].as<Str>(), at)));
  };
  for (size_t i = 0; i < s.size();) {
    if (is_space(s[i])) {
      ++i;
      continue;
    }
    int hi = hex_digit(s[i]);
    if (hi < 0) fail(i);
    int lo = i + 1 < s.size() ? hex_digit(s[i + 1]) : -1;
    if (lo < 0) fail(i + 1);
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  Value result = cls == types::bytearray ? Value(make_bytearray(std::move(out)))
                                         : bytes_value(std::move(out));
  if (cls != types::bytes && cls != types::bytearray) return call(Value::borrow(cls), {result});
  return result;
}

template <bool Mutable> void add_methods(TypeObject* t) {
  add_method(t, "find", bytes_find<Mutable, false, false>);
  add_method(t, "rfind", bytes_find<Mutable, true, false>);
  add_method(t, "index", bytes_find<Mutable, false, true>);
  add_method(t, "rindex", bytes_find<Mutable, true, true>);
  add_method(t, "count", bytes_count<Mutable>);
  add_method(t, "startswith", bytes_tailmatch<Mutable, false>);
  add_method(t, "endswith", bytes_tailmatch<Mutable, true>);
  add_method(t, "split", bytes_split<Mutable, false>);
  add_method(t, "rsplit", bytes_split<Mutable, true>);
  add_method(t, "splitlines", bytes_splitlines<Mutable>);
  add_method(t, "partition", bytes_partition<Mutable, false>);
  add_method(t, "rpartition", bytes_partition<Mutable, true>);
  add_method(t, "strip", bytes_strip<Mutable, true, true>);
  add_method(t, "lstrip", bytes_strip<Mutable, true, false>);
  add_method(t, "rstrip", bytes_strip<Mutable, false, true>);
  add_method(t, "removeprefix", bytes_remove_affix<Mutable, false>);
  add_method(t, "removesuffix", bytes_remove_affix<Mutable, true>);
  add_method(t, "join", bytes_join<Mutable>);
  add_method(t, "replace", bytes_replace<Mutable>);
  add_method(t, "lower", bytes_map<Mutable, to_lower>);
  add_method(t, "upper", bytes_map<Mutable, to_upper>);
  add_method(t, "swapcase", bytes_map<Mutable, swap_case>);
  add_method(t, "capitalize", bytes_capitalize<Mutable>);
  add_method(t, "title", bytes_title<Mutable>);
  add_method(t, "isdigit", bytes_all_of<Mutable, is_digit>);
  add_method(t, "isalpha", bytes_all_of<Mutable, is_alpha>);
  add_method(t, "isalnum", bytes_all_of<Mutable, is_alnum>);
  add_method(t, "isspace", bytes_all_of<Mutable, is_space>);
  add_method(t, "islower", bytes_is_case<Mutable, true>);
  add_method(t, "isupper", bytes_is_case<Mutable, false>);
  add_method(t, "isascii", bytes_isascii<Mutable>);
  add_method(t, "istitle", bytes_istitle<Mutable>);
  add_method(t, "translate", bytes_translate<Mutable>);
  add_staticmethod(t, "maketrans", bytes_maketrans);
  add_method(t, "center", bytes_pad<Mutable, 0>);
  add_method(t, "ljust", bytes_pad<Mutable, -1>);
  add_method(t, "rjust", bytes_pad<Mutable, 1>);
  add_method(t, "zfill", bytes_zfill<Mutable>);
  add_method(t, "hex", bytes_hex<Mutable>);
  add_classmethod(t, "fromhex", bytes_fromhex);
}

} // namespace

namespace bytes_detail {
void add_bytes_methods() {
  add_methods<false>(types::bytes);
  add_methods<true>(types::bytearray);
}
} // namespace bytes_detail

} // namespace refc::lang
