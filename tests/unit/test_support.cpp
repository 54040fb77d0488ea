// The program cases, the compact value encoding and the text helpers of
// test_support.h.
#include "test_support.h"

#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_object.h"

#include <cstdlib>
#include <limits>
#include <sstream>
#include <utility>

namespace refc::testing {

using namespace lang;

namespace {

// The same wrapping as the generators' wrap().
std::string wrap(const std::string& text, const std::string& prelude) {
  std::string body;
  size_t start = 0;
  for (;;) {
    size_t sep = text.find("; ", start);
    if (sep == std::string::npos) break;
    body += "    " + text.substr(start, sep - start) + "\n";
    start = sep + 2;
  }
  body += "    result = repr(" + text.substr(start) + ")\n";
  return prelude + "try:\n" + body +
         "except Exception as e:\n    result = '!' + type(e).__name__ + ': ' + str(e)\n";
}

} // namespace

std::string exception_text(const PyError& e) {
  return type_name(e.exc) + ": " + std::string(to_str(e.exc)->view());
}

std::string error_text(const std::function<void()>& f) {
  try {
    f();
  } catch (PyError& e) {
    std::string msg(to_str(e.exc)->view());
    return type_name(e.exc) + (msg.empty() ? "" : ": " + msg);
  }
  return "no error";
}

Ref<Dict> class_namespace(std::initializer_list<std::pair<const char*, Value>> attrs) {
  Ref<Dict> ns = make_dict();
  ns->set(names::__module__, str_value("__main__"));
  for (auto& [k, v] : attrs)
    ns->set(intern(k), v);
  return ns;
}

Ref<Module> builtin_module(const char* name) {
  initialise();
  return create_builtin_module(name);
}

void InterpreterTest::SetUpTestSuite() { initialise(); }

std::string expectation(std::string_view error, std::string_view text) {
  return error.empty() ? std::string(text) : std::string(error) + ": " + std::string(text);
}

std::string run_case(const char* name, const std::string& source, const std::string& prelude) {
  Ref<Module> m = run_module_source(name, std::string("<") + name + ">", wrap(source, prelude));
  Value r = m->dict->get(intern("result"));
  return r.is_null() ? "<no result>" : std::string(r.as<Str>()->view());
}

Value decode_next(std::string_view& in) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  char kind = in[0];
  in.remove_prefix(1);
  auto number = [&]() {
    size_t end = in.find_first_of(";:");
    std::string text(in.substr(0, end));
    in.remove_prefix(end + 1);
    return text;
  };
  switch (kind) {
  case 'N': return Value::none();
  case 'B': {
    bool b = in[0] == '1';
    in.remove_prefix(1);
    return Value::boolean(b);
  }
  case 'I': return Value::integer(std::stoll(number()));
  case 'F': {
    std::string text = number();
    if (text == "inf") return Value::floating(kInf);
    if (text == "-inf") return Value::floating(-kInf);
    if (text == "nan") return Value::floating(std::numeric_limits<double>::quiet_NaN());
    return Value::floating(std::strtod(text.c_str(), nullptr));
  }
  case 'S': {
    size_t n = std::stoull(number());
    Value s = str_value(std::string(in.substr(0, n)));
    in.remove_prefix(n);
    return s;
  }
  case 'T':
  case 'L': {
    size_t n = std::stoull(number());
    std::vector<Value> items;
    for (size_t i = 0; i < n; ++i) items.push_back(decode_next(in));
    if (kind == 'T') return Value(make_tuple(std::move(items)));
    return Value(make_list(std::move(items)));
  }
  case 'D': {
    size_t n = std::stoull(number());
    Ref<Dict> d = make_dict();
    for (size_t i = 0; i < n; ++i) {
      Value k = decode_next(in);
      d->set(k, decode_next(in));
    }
    return Value(std::move(d));
  }
  default: {
    Value a = decode_next(in);
    Value b = decode_next(in);
    Value c = decode_next(in);
    return Value(make<Slice>(a, b, c));
  }
  }
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;)
    out.push_back(w);
  return out;
}

} // namespace refc::testing
