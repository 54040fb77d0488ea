// str.format and str.format_map (CPython's unicode_format.h): literal text
// with {{ and }} escapes, replacement fields {name!conv:spec} whose names are
// auto-numbered, positional or keyword and may continue with .attr and [key],
// format specs that themselves contain fields (two levels deep), and CPython's
// error messages for every malformed case.
#include "reference_compiler/lang/str_methods.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/format_spec.h"
#include "reference_compiler/lang/unicode_db.h"
#include "reference_compiler/lang/utf8.h"

namespace refc::lang {
namespace {

enum class AutoNumber { Init, Auto, Manual };

struct Formatter {
  Args args;              // positional values and keyword arguments
  const Value* mapping;   // format_map's mapping (positional fields then fail)
  AutoNumber state = AutoNumber::Init;
  int64_t next_index = 0;
  const std::string* text; // the format string (fields are byte ranges of it)

  std::string build(size_t start, size_t end, int depth);
  void render(std::string& out, size_t name_start, size_t name_end, uint32_t conversion,
              size_t spec_start, size_t spec_end, bool spec_has_fields, int depth);
  Value field_object(std::string_view name);
};

[[noreturn]] void value_error(const char* msg) { raise(exc::ValueError, msg); }

// get_integer: the decimal value of `s`, -1 when it is not all decimal digits.
int64_t field_integer(std::string_view s) {
  if (s.empty()) return -1;
  int64_t acc = 0;
  for (const char* p = s.data(); p < s.data() + s.size();) {
    int d = unicode::decimal_value(utf8_decode(p));
    if (d < 0) return -1;
    if (acc > (INT64_MAX - d) / 10) value_error("Too many decimal digits in format string");
    acc = acc * 10 + d;
  }
  return acc;
}

Value Formatter::field_object(std::string_view name) {
  // The first part runs to the first '.' or '['.
  size_t first_end = 0;
  while (first_end < name.size() && name[first_end] != '.' && name[first_end] != '[') ++first_end;
  std::string_view first = name.substr(0, first_end);
  int64_t index = field_integer(first);
  bool empty = first.empty();
  if (empty || index != -1) {
    if (state == AutoNumber::Init) state = empty ? AutoNumber::Auto : AutoNumber::Manual;
    if (state == AutoNumber::Manual && empty)
      value_error("cannot switch from manual field specification to automatic field numbering");
    if (state == AutoNumber::Auto && !empty)
      value_error("cannot switch from automatic field numbering to manual field specification");
    if (empty) index = next_index++;
  }
  Value obj;
  if (index == -1) {
    Value key = str_value(std::string(first));
    if (mapping) {
      obj = getitem(*mapping, key);
    } else {
      for (size_t k = 0; k < args.nkw() && obj.is_null(); ++k)
        if (args.kwname(k)->view() == first) obj = args.kwvalue(k);
      if (obj.is_null()) raise_key_error(key);
    }
  } else {
    if (mapping) value_error("Format string contains positional fields");
    if (index >= static_cast<int64_t>(args.npos))
      raise(exc::IndexError, "Replacement index " + std::to_string(index) + " out of range for positional args tuple");
    obj = args[static_cast<size_t>(index)];
  }
  // Then any number of .attr and [key] steps.
  size_t i = first_end;
  while (i < name.size()) {
    char c = name[i++];
    size_t start = i;
    if (c == '.') {
      while (i < name.size() && name[i] != '.' && name[i] != '[') ++i;
      if (i == start) value_error("Empty attribute in format string");
      Ref<Str> attr = make_str(std::string(name.substr(start, i - start)));
      obj = getattr(obj, attr.get());
    } else if (c == '[') {
      while (i < name.size() && name[i] != ']') ++i;
      if (i >= name.size()) value_error("Missing ']' in format string");
      std::string_view key = name.substr(start, i - start);
      ++i;
      if (key.empty()) value_error("Empty attribute in format string");
      int64_t k = field_integer(key);
      obj = k == -1 ? getitem(obj, str_value(std::string(key))) : getitem(obj, Value::integer(k));
    } else {
      value_error("Only '.' or '[' may follow ']' in format field specifier");
    }
  }
  return obj;
}

void Formatter::render(std::string& out, size_t name_start, size_t name_end, uint32_t conversion,
                       size_t spec_start, size_t spec_end, bool spec_has_fields, int depth) {
  const std::string& t = *text;
  Value obj = field_object(std::string_view(t).substr(name_start, name_end - name_start));
  if (conversion) {
    switch (conversion) {
    case 'r': obj = Value(repr(obj)); break;
    case 's': obj = Value(to_str(obj)); break;
    case 'a': obj = str_value(ascii_escape(repr(obj)->view())); break;
    default: {
      char buf[32];
      if (conversion > 32 && conversion < 127)
        std::snprintf(buf, sizeof buf, "%c", static_cast<char>(conversion));
      else
        std::snprintf(buf, sizeof buf, "\\x%x", conversion);
      raise(exc::ValueError, std::string("Unknown conversion specifier ") + buf);
    }
    }
  }
  std::string expanded;
  std::string_view spec = std::string_view(t).substr(spec_start, spec_end - spec_start);
  if (spec_has_fields) {
    expanded = build(spec_start, spec_end, depth - 1);
    spec = expanded;
  }
  if (obj.is_int() || is_big_int(obj)) {
    out += format_int(obj, spec);
  } else if (obj.is_float()) {
    out += format_float(obj.as_float(), spec);
  } else if (is_str(obj)) {
    const Str* s = obj.as<Str>();
    if (spec.empty())
      out += s->data;
    else
      out += format_str(s->data, s->length, spec);
  } else {
    out += format(obj, spec)->data;
  }
}

std::string Formatter::build(size_t start, size_t end, int depth) {
  if (depth <= 0) value_error("Max string recursion exceeded");
  const std::string& t = *text;
  std::string out;
  out.reserve(end - start + 16);
  size_t i = start;
  while (i < end) {
    // Literal text up to the next brace.
    size_t j = i;
    while (j < end && t[j] != '{' && t[j] != '}') ++j;
    out.append(t, i, j - i);
    if (j >= end) break;
    char c = t[j];
    bool at_end = j + 1 >= end;
    if (c == '}') {
      if (at_end || t[j + 1] != '}') value_error("Single '}' encountered in format string");
      out.push_back('}');
      i = j + 2;
      continue;
    }
    if (at_end) value_error("Single '{' encountered in format string");
    if (t[j + 1] == '{') {
      out.push_back('{');
      i = j + 2;
      continue;
    }
    // parse_field: the name runs to ':', '!' or '}' ('[...]' may hold them).
    size_t p = j + 1;
    size_t name_start = p;
    char stop = 0;
    while (p < end) {
      char ch = t[p++];
      if (ch == '{') value_error("unexpected '{' in field name");
      if (ch == '[') {
        while (p < end && t[p] != ']') ++p;
        continue;
      }
      if (ch == '}' || ch == ':' || ch == '!') {
        stop = ch;
        break;
      }
    }
    size_t name_end = stop ? p - 1 : p;
    uint32_t conversion = 0;
    size_t spec_start = p, spec_end = p;
    bool spec_has_fields = false;
    if (stop == '!' || stop == ':') {
      bool done = false;
      if (stop == '!') {
        if (p >= end) value_error("end of string while looking for conversion specifier");
        const char* q = t.data() + p;
        conversion = utf8_decode(q);
        p = static_cast<size_t>(q - t.data());
        if (p < end) {
          char ch = t[p++];
          if (ch == '}') {
            done = true;
            spec_start = spec_end = p;
          } else if (ch != ':') {
            value_error("expected ':' after conversion specifier");
          }
        }
      }
      if (!done) {
        spec_start = p;
        int count = 1;
        bool closed = false;
        while (p < end) {
          char ch = t[p++];
          if (ch == '{') {
            spec_has_fields = true;
            ++count;
          } else if (ch == '}') {
            if (--count == 0) {
              spec_end = p - 1;
              closed = true;
              break;
            }
          }
        }
        if (!closed) value_error("unmatched '{' in format spec");
      }
    } else if (stop != '}') {
      value_error("expected '}' before end of string");
    }
    render(out, name_start, name_end, conversion, spec_start, spec_end, spec_has_fields, depth);
    i = p;
  }
  return out;
}

} // namespace

Ref<Str> str_format(const Str* format, Args args, const Value* mapping) {
  Formatter f{args, mapping, AutoNumber::Init, 0, &format->data};
  return make_str(f.build(0, format->data.size(), 2));
}

} // namespace refc::lang
