// The graph interpreter.
#include "reference_compiler/graph/graph_interpreter.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <unordered_map>

namespace refc::graph {

using lang::Value;

namespace {

Value resolve_path(const Value& root, std::string_view path) {
  Value v = root;
  size_t start = 0;
  while (true) {
    size_t dot = path.find('.', start);
    v = lang::getattr(v, lang::intern(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start)));
    if (dot == std::string_view::npos) return v;
    start = dot + 1;
  }
}

// callable(*args, **kwargs), with args and kwargs already mapped to values.
Value call_with(const Value& callable, const std::vector<Value>& args, const Value& kwargs) {
  std::vector<Value> values = args;
  std::vector<Value> names;
  for (const lang::Dict::Entry& e : kwargs.as<lang::Dict>()->entries())
    if (!e.key.is_null()) {
      names.push_back(e.key);
      values.push_back(e.value);
    }
  lang::Ref<lang::Tuple> kwnames = names.empty() ? lang::Ref<lang::Tuple>() : lang::make_tuple(std::move(names));
  return lang::call(callable, lang::Args{values.data(), args.size(), kwnames.get()});
}

} // namespace

Value run_graph(const Graph& g, std::span<const Value> inputs, const Value& root, const ValueObserver& observe) {
  // The last node reading each value, so values die as early as in FX.
  std::unordered_map<const Node*, const Node*> last_use;
  for (const auto& n : g.nodes())
    for (Node* in : n->input_nodes()) last_use[in] = n.get();

  std::unordered_map<const Node*, Value> env;
  size_t next_input = 0;
  auto value_of = [&](Node* n) {
    auto it = env.find(n);
    REFC_CHECK(it != env.end(), "run_graph: node " + n->name + " used before it was computed");
    return it->second;
  };
  for (const auto& node : g.nodes()) {
    const Node& n = *node;
    Value args = map_nodes(n.args, value_of);
    Value kwargs = map_nodes(n.kwargs, value_of);
    const std::vector<Value>& positional = args.as<lang::Tuple>()->items;
    Value result;
    switch (n.op) {
    case NodeOp::Placeholder:
      if (next_input >= inputs.size())
        lang::raise(lang::exc::TypeError, "graph expects an input for placeholder " + n.target + " but got only " +
                                              std::to_string(inputs.size()) + " inputs");
      result = inputs[next_input++];
      break;
    case NodeOp::CallFunction: result = call_with(n.callable, positional, kwargs); break;
    case NodeOp::CallMethod: {
      REFC_CHECK(!positional.empty(), "call_method node " + n.name + " has no self argument");
      Value method = lang::getattr(positional[0], lang::intern(n.target));
      result = call_with(method, std::vector<Value>(positional.begin() + 1, positional.end()), kwargs);
      break;
    }
    case NodeOp::CallModule: result = call_with(resolve_path(root, n.target), positional, kwargs); break;
    case NodeOp::GetAttr: result = resolve_path(root, n.target); break;
    case NodeOp::Output: return positional.at(0);
    }
    if (observe) observe(n, result);
    env[&n] = std::move(result);
    for (Node* in : n.input_nodes())
      if (last_use[in] == &n) env.erase(in);
  }
  lang::raise(lang::exc::RuntimeError, "graph has no output node");
}

} // namespace refc::graph
