// torch._C._minifier.minify.
#include "reference_compiler/minifier/minifier_module.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/minifier/minifier.h"

#include <fstream>
#include <sstream>

namespace refc::minifier {

namespace {

using lang::Value;

// minify(file, mod, args, render) -> exit status
Value minify_repro(lang::Args a) {
  Value p[4];
  lang::bind_args(a, "minify", {"file", "mod", "args", "render"}, 4, 4, p);
  const std::string file(lang::to_str(p[0])->view());
  std::ifstream in(file);
  if (!in) lang::raise(lang::exc::OSError, "minify: cannot read " + file);
  std::stringstream text;
  text << in.rdbuf();
  if (!p[2].is_obj() || p[2].as_obj()->type->layout != lang::Layout::List) lang::raise(lang::exc::TypeError, "minify(): args must be a list");
  ReproSource source{file, parse_candidate(text.str(), p[2].as<lang::List>()->items), p[1], p[3]};
  return Value::integer(minify(source, minify_options()));
}

lang::Ref<lang::Module> create_module() {
  lang::ModuleBuilder m("torch._C._minifier");
  m.function("minify", minify_repro);
  return m.finish();
}

} // namespace

void install() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  lang::register_native_module("torch._C._minifier", create_module);
}

} // namespace refc::minifier
