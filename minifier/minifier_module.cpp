// torch._C._minifier.minify.
#include "minifier/minifier_module.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"
#include "minifier/minifier.h"

#include <fstream>
#include <sstream>

namespace refc::minifier {

namespace {

using lang::Value;

// The candidate a repro file holds: its class Repro on `args` (a list).
Candidate read_repro(const Value& file_arg, const Value& args, const char* fname) {
  const std::string file(lang::to_str(file_arg)->view());
  std::ifstream in(file);
  if (!in) lang::raise(lang::exc::OSError, std::string(fname) + ": cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  if (!args.is_obj() || args.as_obj()->type->layout != lang::Layout::List)
    lang::raise(lang::exc::TypeError, std::string(fname) + "(): args must be a list");
  return parse_candidate(text.str(), args.as<lang::List>()->items);
}

// minify(file, mod, args, render) -> exit status
Value minify_repro(lang::Args a) {
  Value p[4];
  lang::bind_args(a, "minify", {"file", "mod", "args", "render"}, 4, 4, p);
  ReproSource source{lang::to_str(p[0])->view(), read_repro(p[0], p[2], "minify"), p[1], p[3]};
  return Value::integer(minify(source, minify_options()));
}

// probe_code(file, args) -> (code, [(name, target)], [input index]): the
// repro's graph as a class Repro returning the value of every op, in order
// (what analyze compares op by op), those ops, and which of the inputs it
// takes (inputs nothing reads are left out).
Value probe_code(lang::Args a) {
  Value p[2];
  lang::bind_args(a, "probe_code", {"file", "args"}, 2, 2, p);
  const Candidate c = read_repro(p[0], p[1], "probe_code");
  const std::vector<graph::Node*> ops = c.ops();
  std::vector<Value> described;
  for (const graph::Node* n : ops)
    described.push_back(Value(lang::make_tuple({lang::str_value(n->name), lang::str_value(n->target)})));
  const Candidate probe = extract(c, std::vector<bool>(ops.size(), true), ops, {});
  const std::vector<graph::Node*> inputs = c.graph->placeholders();
  std::vector<Value> taken;
  for (const graph::Node* p : probe.graph->placeholders())
    for (size_t i = 0; i < inputs.size(); ++i)
      if (inputs[i]->target == p->target) taken.push_back(Value::integer(static_cast<int64_t>(i)));
  return Value(lang::make_tuple({lang::str_value(graph_code(probe)), Value(lang::make_list(std::move(described))),
                                 Value(lang::make_list(std::move(taken)))}));
}

lang::Ref<lang::Module> create_module() {
  lang::ModuleBuilder m("torch._C._minifier");
  m.function("minify", minify_repro).function("probe_code", probe_code);
  return m.finish();
}

} // namespace

void install() {
  lang::register_native_module("torch._C._minifier", create_module);
}

} // namespace refc::minifier
