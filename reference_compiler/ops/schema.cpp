// A recursive-descent parser for ATen schema strings (the subset refc's ops
// use: base types with ?, [], [N] and ?[] suffixes, alias annotations, keyword-
// only markers, default values, named and tuple returns).
#include "reference_compiler/ops/schema.h"

#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace refc::ops {

namespace {

struct KindName {
  ArgKind kind;
  std::string_view name;
};
constexpr KindName kKindNames[] = {
    {ArgKind::Tensor, "Tensor"},         {ArgKind::Int, "int"},
    {ArgKind::SymInt, "SymInt"},         {ArgKind::Float, "float"},
    {ArgKind::Bool, "bool"},             {ArgKind::Scalar, "Scalar"},
    {ArgKind::ScalarType, "ScalarType"}, {ArgKind::Str, "str"},
    {ArgKind::Layout, "Layout"},         {ArgKind::Device, "Device"},
    {ArgKind::MemoryFormat, "MemoryFormat"}, {ArgKind::Generator, "Generator"},
    {ArgKind::Dimname, "Dimname"},       {ArgKind::Any, "Any"},
};

class Parser {
public:
  explicit Parser(std::string_view text) : s_(text) {}

  FunctionSchema parse() {
    FunctionSchema schema;
    std::string full = identifier(true);
    size_t dot = full.find('.');
    schema.name = full.substr(0, dot);
    if (dot != std::string::npos) schema.overload = full.substr(dot + 1);
    expect('(');
    bool kwarg_only = false;
    if (!accept(')')) {
      do {
        if (accept('*')) {
          kwarg_only = true;
          continue;
        }
        Argument a = argument(true);
        a.kwarg_only = kwarg_only;
        schema.arguments.push_back(std::move(a));
      } while (accept(','));
      expect(')');
    }
    expect('-');
    expect('>');
    if (accept('(')) {
      if (!accept(')')) {
        do schema.returns.push_back(argument(false));
        while (accept(','));
        expect(')');
      }
    } else {
      schema.returns.push_back(argument(false));
    }
    skip_space();
    if (pos_ != s_.size()) fail("trailing text");
    return schema;
  }

private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::invalid_argument("schema '" + std::string(s_) + "': " + what + " at position " +
                                std::to_string(pos_));
  }
  void skip_space() {
    while (pos_ < s_.size() && s_[pos_] == ' ') ++pos_;
  }
  bool accept(char c) {
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }
  std::string identifier(bool allow_dot = false) {
    skip_space();
    size_t start = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) ||
                                s_[pos_] == '_' || (allow_dot && s_[pos_] == '.')))
      ++pos_;
    if (start == pos_) fail("expected an identifier");
    return std::string(s_.substr(start, pos_ - start));
  }

  ArgType type(Argument& a) {
    std::string base = identifier();
    ArgType t;
    bool found = false;
    for (const KindName& k : kKindNames)
      if (k.name == base) {
        t.kind = k.kind;
        found = true;
      }
    if (!found) fail("unknown type " + base);
    if (accept('(')) { // alias annotation
      skip_space();
      size_t start = pos_;
      while (pos_ < s_.size() && s_[pos_] != ')' && s_[pos_] != '!') ++pos_;
      a.alias_set = std::string(s_.substr(start, pos_ - start));
      if (accept('!')) a.is_write = true;
      expect(')');
    }
    if (accept('?')) t.elem_optional = true; // becomes `optional` unless a list follows
    if (accept('[')) {
      t.list = true;
      skip_space();
      if (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) {
        size_t start = pos_;
        while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_]))) ++pos_;
        std::from_chars(s_.data() + start, s_.data() + pos_, t.fixed_size);
      }
      expect(']');
      if (accept('?')) t.optional = true;
    } else {
      t.optional = t.elem_optional;
      t.elem_optional = false;
    }
    return t;
  }

  Argument argument(bool is_input) {
    Argument a;
    a.type = type(a);
    skip_space();
    if (pos_ < s_.size() && (std::isalpha(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_'))
      a.name = identifier();
    if (is_input && accept('=')) {
      a.has_default = true;
      default_value(a);
    }
    return a;
  }

  void default_value(Argument& a) {
    skip_space();
    size_t start = pos_;
    if (accept('[')) { // list of ints
      std::vector<lang::Value> items;
      if (!accept(']')) {
        do items.push_back(lang::Value::integer(std::stoll(token())));
        while (accept(','));
        expect(']');
      }
      a.default_value = lang::Value(lang::make_tuple(std::move(items)));
    } else if (pos_ < s_.size() && (s_[pos_] == '\'' || s_[pos_] == '"')) {
      char quote = s_[pos_++];
      size_t body = pos_;
      while (pos_ < s_.size() && s_[pos_] != quote) ++pos_;
      if (pos_ == s_.size()) fail("unterminated string");
      a.default_value = lang::str_value(std::string(s_.substr(body, pos_ - body)));
      ++pos_;
    } else {
      std::string tok = token();
      if (tok == "None") a.default_value = lang::Value::none();
      else if (tok == "True") a.default_value = lang::Value::boolean(true);
      else if (tok == "False") a.default_value = lang::Value::boolean(false);
      else if (tok == "Mean") a.default_value = lang::Value::integer(1); // at::Reduction::Mean
      else if (tok == "contiguous_format")
        a.default_value = lang::str_value(tok); // memory formats are normalised to their names
      else if (tok == "strided")
        a.default_value = lang::Value::none(); // the only layout
      else if (tok == "long")
        a.default_value = tensor::dtype_value(tensor::DType::Int64); // ScalarType? dtype=long (randint, randperm)
      else if (tok.find_first_of(".eE") != std::string::npos && tok.find_first_not_of("0123456789.eE+-") == std::string::npos)
        a.default_value = lang::Value::floating(std::stod(tok));
      else if (!tok.empty() && tok.find_first_not_of("0123456789-") == std::string::npos)
        a.default_value = lang::Value::integer(std::stoll(tok));
      else fail("unsupported default " + tok);
      // `int[2] stride=1` means [1, 1], as the binder expands a single int.
      if (a.type.list && a.default_value.is_int())
        a.default_value = lang::Value(lang::make_tuple(
            std::vector<lang::Value>(static_cast<size_t>(std::max(a.type.fixed_size, 1)), a.default_value)));
    }
    a.default_text = std::string(s_.substr(start, pos_ - start));
  }

  std::string token() {
    skip_space();
    size_t start = pos_;
    while (pos_ < s_.size() && s_[pos_] != ',' && s_[pos_] != ')' && s_[pos_] != ']' &&
           s_[pos_] != ' ')
      ++pos_;
    if (start == pos_) fail("expected a value");
    return std::string(s_.substr(start, pos_ - start));
  }

  std::string_view s_;
  size_t pos_ = 0;
};

} // namespace

std::string ArgType::str() const {
  std::string s;
  for (const KindName& k : kKindNames)
    if (k.kind == kind) s = k.name;
  if (list) {
    if (elem_optional) s += "?";
    s += "[";
    if (fixed_size) s += std::to_string(fixed_size);
    s += "]";
  }
  if (optional) s += "?";
  return s;
}

std::string FunctionSchema::qualified_name() const {
  return overload.empty() ? name : name + "." + overload;
}

int FunctionSchema::find_argument(std::string_view arg_name) const {
  for (size_t i = 0; i < arguments.size(); ++i)
    if (arguments[i].name == arg_name) return static_cast<int>(i);
  return -1;
}

namespace {

std::string argument_str(const Argument& a) {
  std::string t = a.type.str();
  if (!a.alias_set.empty()) {
    // The annotation sits between the base type and its suffixes: Tensor(a!)[]
    size_t base_end = t.find_first_of("?[");
    std::string annotation = "(" + a.alias_set + (a.is_write ? "!" : "") + ")";
    t.insert(base_end == std::string::npos ? t.size() : base_end, annotation);
  }
  std::string s = t;
  if (!a.name.empty()) s += " " + a.name;
  if (a.has_default) s += "=" + a.default_text;
  return s;
}

} // namespace

std::string FunctionSchema::str() const {
  std::string s = qualified_name() + "(";
  bool kw = false;
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (i) s += ", ";
    if (arguments[i].kwarg_only && !kw) {
      s += "*, ";
      kw = true;
    }
    s += argument_str(arguments[i]);
  }
  s += ") -> ";
  if (returns.size() == 1 && returns[0].name.empty()) return s + argument_str(returns[0]);
  s += "(";
  for (size_t i = 0; i < returns.size(); ++i) s += (i ? ", " : "") + argument_str(returns[i]);
  return s + ")";
}

FunctionSchema parse_schema(std::string_view text) { return Parser(text).parse(); }

} // namespace refc::ops
