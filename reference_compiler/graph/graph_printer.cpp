// The graph printer: FX's _gen_python_code and print_readable, with the
// magic-method table that prints operator calls infix.
#include "reference_compiler/graph/graph_printer.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <cctype>
#include <map>
#include <sstream>
#include <unordered_map>

namespace refc::graph {

using lang::Layout;
using lang::Value;

namespace {

// operator.<name> calls printed as expressions (FX's magic_methods).
const std::unordered_map<std::string_view, std::string_view>& magic_methods() {
  static const std::unordered_map<std::string_view, std::string_view> table = {
      {"eq", "{} == {}"},  {"ne", "{} != {}"},   {"lt", "{} < {}"},       {"gt", "{} > {}"},     {"le", "{} <= {}"},
      {"ge", "{} >= {}"},  {"pos", "+{}"},       {"neg", "-{}"},          {"invert", "~{}"},     {"add", "{} + {}"},
      {"sub", "{} - {}"},  {"mul", "{} * {}"},   {"floordiv", "{} // {}"}, {"truediv", "{} / {}"}, {"div", "{} / {}"},
      {"mod", "{} % {}"},  {"pow", "{} ** {}"},  {"lshift", "{} << {}"},  {"rshift", "{} >> {}"}, {"and_", "{} & {}"},
      {"or_", "{} | {}"},  {"xor", "{} ^ {}"},   {"getitem", "{}[{}]"},   {"matmul", "{} @ {}"},
  };
  return table;
}

// In-place operator calls, printed as statements (FX's inplace_methods):
// `a += b;  name = a`.
const std::unordered_map<std::string_view, std::string_view>& inplace_methods() {
  static const std::unordered_map<std::string_view, std::string_view> table = {
      {"iadd", "{} += {}"},  {"iand", "{} &= {}"},     {"ifloordiv", "{} //= {}"}, {"ilshift", "{} <<= {}"},
      {"imod", "{} %= {}"},  {"imul", "{} *= {}"},     {"imatmul", "{} @= {}"},    {"ior", "{} |= {}"},
      {"ipow", "{} **= {}"}, {"irshift", "{} >>= {}"}, {"isub", "{} -= {}"},       {"itruediv", "{} /= {}"},
      {"ixor", "{} ^= {}"},
  };
  return table;
}

std::string fill(std::string_view pattern, const std::vector<std::string>& parts) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern.substr(i, 2) == "{}") {
      out += next < parts.size() ? parts[next++] : "";
      ++i;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

// `self.a.b`, or getattr(self.a, "0") for components that are not identifiers.
std::string attribute_path(std::string_view root, std::string_view path) {
  std::string out(root);
  size_t start = 0;
  while (start <= path.size()) {
    size_t dot = path.find('.', start);
    std::string_view part = path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    out = is_identifier(part) ? out + "." + std::string(part) : "getattr(" + out + ", \"" + std::string(part) + "\")";
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return out;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? std::string(sep) : "") + parts[i];
  return out;
}

std::vector<std::string> formatted_items(const std::vector<Value>& items) {
  std::vector<std::string> out;
  for (const Value& v : items) out.push_back(format_arg(v));
  return out;
}

// "a, b, key = c" (FX's _format_args).
std::string format_call_args(std::span<const Value> args, const Value& kwargs) {
  std::vector<std::string> parts;
  for (const Value& a : args) parts.push_back(format_arg(a));
  for (const lang::Dict::Entry& e : kwargs.as<lang::Dict>()->entries())
    if (!e.key.is_null()) parts.push_back(std::string(e.key.as<lang::Str>()->view()) + " = " + format_arg(e.value));
  return join(parts, ", ");
}

const std::vector<Value>& items_of(const Value& tuple) { return tuple.as<lang::Tuple>()->items; }

// The right-hand side of a node's statement.
std::string expression(const Node& n) {
  const std::vector<Value>& args = items_of(n.args);
  switch (n.op) {
  case NodeOp::CallFunction: {
    if (n.target.starts_with("operator.") && n.kwargs.as<lang::Dict>()->size() == 0) {
      auto it = magic_methods().find(std::string_view(n.target).substr(9));
      if (it != magic_methods().end()) return fill(it->second, formatted_items(args));
    }
    if (n.target == "getattr" && args.size() == 2 && args[1].is_obj() && args[1].as_obj()->type->layout == Layout::Str &&
        is_identifier(args[1].as<lang::Str>()->view()))
      return format_arg(args[0]) + "." + std::string(args[1].as<lang::Str>()->view());
    return n.target + "(" + format_call_args(args, n.kwargs) + ")";
  }
  case NodeOp::CallMethod:
    return format_arg(args.at(0)) + "." + n.target + "(" +
           format_call_args(std::span<const Value>(args).subspan(1), n.kwargs) + ")";
  case NodeOp::CallModule: return attribute_path("self", n.target) + "(" + format_call_args(args, n.kwargs) + ")";
  case NodeOp::GetAttr: return attribute_path("self", n.target);
  case NodeOp::Placeholder: return n.target;
  case NodeOp::Output: return format_arg(args.at(0));
  }
  return {};
}

} // namespace

std::string format_arg(const Value& arg) {
  if (is_node(arg)) return arg.as<Node>()->name;
  if (arg.is_obj()) {
    switch (arg.as_obj()->type->layout) {
    case Layout::Tuple: {
      std::vector<std::string> items = formatted_items(items_of(arg));
      return items.size() == 1 ? "(" + items[0] + ",)" : "(" + join(items, ", ") + ")";
    }
    case Layout::List: return "[" + join(formatted_items(arg.as<lang::List>()->items), ", ") + "]";
    case Layout::Dict: {
      std::vector<std::string> items;
      for (const lang::Dict::Entry& e : arg.as<lang::Dict>()->entries())
        if (!e.key.is_null()) items.push_back(format_arg(e.key) + ": " + format_arg(e.value));
      return "{" + join(items, ", ") + "}";
    }
    case Layout::Slice: {
      const auto* s = arg.as<lang::Slice>();
      return "slice(" + format_arg(s->start) + ", " + format_arg(s->stop) + ", " + format_arg(s->step) + ")";
    }
    case Layout::Function:
    case Layout::NativeFunction: return callable_name(arg);
    default: break;
    }
  }
  return std::string(lang::repr(arg)->view());
}

std::string type_annotation(const Value& example, PrintOptions options) {
  // A symbolic number: "Sym(s0)", "Sym(2*s0)".
  if (tensor::SymNodeImpl* n = tensor::as_sym_node(example)) return "Sym(" + n->str() + ")";
  if (!tensor::is_tensor(example)) return {};
  tensor::Tensor t = tensor::Tensor::from_value(example);
  std::string out = std::string(tensor::dtype_short_name(t.dtype())) + tensor::sym_list_str(t.sym_sizes());
  if (options.include_stride) out += tensor::sym_list_str(t.sym_strides());
  if (options.include_device) out += t.device().str();
  return out;
}

std::string print_readable(const Graph& g, std::string_view class_name, PrintOptions options) {
  // Where each value is used last: FX scans the nodes backwards.
  std::unordered_map<const Node*, std::vector<Node*>> last_uses;
  {
    std::unordered_map<const Node*, bool> seen;
    auto nodes = g.nodes();
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it)
      for (Node* in : (*it)->input_nodes())
        if (!seen[in]) {
          seen[in] = true;
          last_uses[it->get()].push_back(in);
        }
  }
  std::unordered_map<const Node*, size_t> user_count;
  for (const auto& n : g.nodes())
    for (Node* in : n->input_nodes()) ++user_count[in];

  std::vector<std::string> params;
  std::string body;
  std::optional<std::optional<UserFrame>> previous_frame; // unset before the first call node
  for (const auto& node : g.nodes()) {
    const Node& n = *node;
    const std::string annotation = type_annotation(n.example_value, options);
    if (n.op == NodeOp::Placeholder) {
      params.push_back(n.target + (annotation.empty() ? "" : ": \"" + annotation + "\""));
      if (n.name != n.target) body += n.name + " = " + n.target + "\n";
      continue;
    }
    if (n.op != NodeOp::Output && (!previous_frame || *previous_frame != n.user_frame)) {
      if (n.user_frame) {
        const UserFrame& f = *n.user_frame;
        body += std::string(f.backward ? "\n# Backward of forward node: File: " : "\n# File: ") + f.file + ":" +
                std::to_string(f.line) + " in " + f.function + ", code: " + f.code + "\n";
      } else if (!previous_frame || previous_frame->has_value()) {
        body += "\n# No stacktrace found for following nodes\n";
      }
      previous_frame = n.user_frame;
    }
    if (n.op == NodeOp::Output) {
      body += "return " + expression(n) + "\n";
      continue;
    }
    const auto inplace = n.op == NodeOp::CallFunction && n.target.starts_with("operator.")
                             ? inplace_methods().find(std::string_view(n.target).substr(9))
                             : inplace_methods().end();
    if (inplace != inplace_methods().end() && items_of(n.args).size() == 2) {
      body += fill(inplace->second, formatted_items(items_of(n.args))) + ";  ";
      body += n.name + (annotation.empty() ? "" : ": \"" + annotation + "\"") + " = " + format_arg(items_of(n.args)[0]);
    } else {
      body += n.name + (annotation.empty() ? "" : ": \"" + annotation + "\"") + " = " + expression(n);
    }
    std::vector<std::string> freed;
    for (Node* dead : last_uses[&n]) freed.push_back(dead->name);
    if (!user_count[&n]) freed.push_back(n.name);
    body += freed.empty() ? "\n" : ";  " + join(freed, " = ") + " = None\n";
  }
  while (body.starts_with("\n")) body.erase(0, 1);

  std::string out = "class " + std::string(class_name) + "(torch.nn.Module):\n";
  out += "    def forward(self" + std::string(params.empty() ? "" : ", ") + join(params, ", ") + "):\n";
  std::istringstream lines(body);
  for (std::string line; std::getline(lines, line);) out += line.empty() ? "\n" : "        " + line + "\n";
  // Subgraphs as nested classes, each after a blank line (FX's _print_readable).
  for (const auto& [name, sub] : g.subgraphs()) {
    out += "\n";
    std::istringstream sub_lines(print_readable(*sub, name, options));
    for (std::string line; std::getline(sub_lines, line);) out += line.empty() ? "\n" : "    " + line + "\n";
  }
  return out;
}

} // namespace refc::graph
