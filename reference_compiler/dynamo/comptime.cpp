// torch._dynamo.comptime: running user code at trace time (see comptime.h).
#include "reference_compiler/dynamo/comptime.h"

#include "reference_compiler/dynamo/instruction_translator.h"
#include "reference_compiler/dynamo/output_graph.h"
#include "reference_compiler/graph/graph_printer.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/compiler.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/syntax_error.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/vm.h"
#include "reference_compiler/tensor/dtype.h"

#include <unistd.h>

namespace refc::dynamo {

using lang::Value;

namespace {

// The translator a ComptimeContext reads; cleared when the comptime call
// returns, so a context kept past it raises instead of reading freed state.
struct ComptimeTx : lang::Object {
  explicit ComptimeTx(lang::TypeObject* t, InstructionTranslator* tx) : lang::Object(t), tx(tx) {}
  InstructionTranslator* tx;
  std::optional<std::string> graph_break; // asked for by ctx.graph_break(msg)
};

struct ComptimeVarHandle : lang::Object {
  ComptimeVarHandle(lang::TypeObject* t, VarPtr var) : lang::Object(t), var(std::move(var)) {}
  VarPtr var;
};

lang::TypeObject* tx_type() {
  static lang::TypeObject* t = lang::make_module_type("_ComptimeTx", "torch._C._dynamo");
  return t;
}

lang::TypeObject* var_type() {
  static lang::TypeObject* t = lang::make_module_type("_ComptimeVar", "torch._C._dynamo");
  return t;
}

ComptimeTx& tx_arg(const Value& v) {
  if (!v.is_obj() || v.as_obj()->type != tx_type()) lang::raise(lang::exc::TypeError, "expected a comptime context");
  auto* h = static_cast<ComptimeTx*>(v.as_obj());
  if (!h->tx) lang::raise(lang::exc::RuntimeError, "a ComptimeContext is only valid inside its comptime call");
  return *h;
}

InstructionTranslator& tx_at(const Value& v, const Value& stacklevel) {
  InstructionTranslator* tx = tx_arg(v).tx;
  for (int64_t i = lang::index_value(stacklevel); i > 0 && tx->parent(); --i) tx = tx->parent();
  return *tx;
}

const VarPtr& var_arg(const Value& v) {
  if (!v.is_obj() || v.as_obj()->type != var_type()) lang::raise(lang::exc::TypeError, "expected a comptime variable");
  return static_cast<ComptimeVarHandle*>(v.as_obj())->var;
}

Value var_handle(VarPtr var) { return Value(lang::make<ComptimeVarHandle>(var_type(), std::move(var))); }

// ---- torch._C._dynamo._comptime_* -------------------------------------------------

Value comptime_local(lang::Args a) {
  lang::check_arity(a, "_comptime_local", 3, 3);
  InstructionTranslator& tx = tx_at(a[0], a[2]);
  const std::string_view name = lang::to_str(a[1])->view();
  const std::vector<lang::Str*>& names = tx.code()->varnames;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i]->view() == name)
      if (VarPtr v = tx.bound_local(i)) return var_handle(std::move(v));
  lang::raise(lang::exc::KeyError, std::string(name));
}

// [(name, variable)] of the bound locals, in the code's order.
Value comptime_locals(lang::Args a) {
  lang::check_arity(a, "_comptime_locals", 2, 2);
  InstructionTranslator& tx = tx_at(a[0], a[1]);
  std::vector<Value> out;
  for (size_t i = 0; i < tx.code()->varnames.size(); ++i)
    if (VarPtr v = tx.bound_local(i))
      out.push_back(Value(lang::make_tuple({Value::borrow(tx.code()->varnames[i]), var_handle(std::move(v))})));
  return Value(lang::make_list(std::move(out)));
}

// [(file, line, function, code)] from the frame Dynamo started tracing.
Value comptime_stack(lang::Args a) {
  lang::check_arity(a, "_comptime_stack", 2, 2);
  std::vector<Value> out;
  for (InstructionTranslator* tx = &tx_at(a[0], a[1]); tx; tx = tx->parent()) {
    const graph::UserFrame f = tx->user_frame();
    out.insert(out.begin(), Value(lang::make_tuple({lang::str_value(f.file), Value::integer(f.line),
                                                     lang::str_value(f.function), lang::str_value(f.code)})));
  }
  return Value(lang::make_list(std::move(out)));
}

// The graph so far as FX's python_code("self") writes its forward: no class,
// no strides or devices, blank lines indented.
Value comptime_graph_code(lang::Args a) {
  lang::check_arity(a, "_comptime_graph_code", 1, 1);
  const std::string readable = graph::print_readable(tx_arg(a[0]).tx->output().graph(), "GraphModule", {false, false});
  std::string out = "\n\n";
  size_t at = readable.find('\n') + 1; // past "class GraphModule(...):"
  while (at < readable.size()) {
    const size_t end = readable.find('\n', at);
    std::string line = readable.substr(at, end - at);
    out += "\n" + (line.size() > 4 ? line.substr(4) : std::string("    "));
    at = end + 1;
  }
  return lang::str_value(out + "\n    ");
}

Value comptime_guards(lang::Args a) {
  lang::check_arity(a, "_comptime_guards", 1, 1);
  return trace_time_guards(tx_arg(a[0]).tx->output());
}

Value comptime_graph_break(lang::Args a) {
  lang::check_arity(a, "_comptime_graph_break", 2, 2);
  tx_arg(a[0]).graph_break = std::string(lang::to_str(a[1])->view());
  return Value::none();
}

Value comptime_var_fake(lang::Args a) {
  lang::check_arity(a, "_comptime_var_fake", 1, 1);
  const VarPtr& v = var_arg(a[0]);
  if (v->is(Variable::Kind::Tensor)) return v->example().to_value();
  if (v->is(Variable::Kind::SymNode)) return v->node->example_value;
  lang::raise(lang::exc::NotImplementedError, v->repr() + " is not a tensor or a symbolic value");
}

Value comptime_var_is_constant(lang::Args a) {
  lang::check_arity(a, "_comptime_var_is_constant", 1, 1);
  return Value::boolean(var_arg(a[0])->is_python_constant());
}

Value comptime_var_constant(lang::Args a) {
  lang::check_arity(a, "_comptime_var_constant", 1, 1);
  const VarPtr& v = var_arg(a[0]);
  if (!v->is_python_constant()) lang::raise(lang::exc::NotImplementedError, v->repr() + " is not a constant");
  return v->as_python_constant();
}

// 2.14's VariableTracker.debug_repr: "Tensor(shape=(3, 3), dtype=torch.float32)", a constant's repr, "s0".
Value comptime_var_repr(lang::Args a) {
  lang::check_arity(a, "_comptime_var_repr", 1, 1);
  const VarPtr& v = var_arg(a[0]);
  if (v->is(Variable::Kind::Tensor)) {
    const tensor::Tensor t = v->example();
    std::string shape = "(";
    for (int64_t d = 0; d < t.dim(); ++d) shape += (d ? ", " : "") + t.sym_sizes()[static_cast<size_t>(d)].str();
    shape += t.dim() == 1 ? ",)" : ")";
    return lang::str_value("Tensor(shape=" + shape + ", dtype=torch." + std::string(tensor::dtype_name(t.dtype())) + ")");
  }
  if (v->is(Variable::Kind::SymNode)) return Value(lang::to_str(v->node->example_value));
  if (v->is_python_constant()) return Value(lang::repr(v->as_python_constant()));
  return lang::str_value(v->repr());
}

// One line of stdin without its newline, None at the end of input; read a
// byte at a time so nothing past the line is taken from the program.
Value comptime_read_line(lang::Args a) {
  lang::check_arity(a, "_comptime_read_line", 0, 0);
  std::string line;
  char c;
  ssize_t n;
  while ((n = ::read(0, &c, 1)) == 1 && c != '\n') line += c;
  if (n != 1 && line.empty()) return Value::none();
  return lang::str_value(line);
}

// The value of `source` as an expression in `scope`, or None after running it as statements.
Value comptime_exec(lang::Args a) {
  lang::check_arity(a, "_comptime_exec", 2, 2);
  const std::string source(lang::to_str(a[0])->view());
  if (!a[1].is_obj() || a[1].as_obj()->type != lang::types::dict) lang::raise(lang::exc::TypeError, "scope must be a dict");
  lang::Dict* scope = a[1].as<lang::Dict>();
  const Value result = Value::borrow(lang::intern("__comptime_value__"));
  lang::Ref<lang::CodeObject> code;
  bool expression = true;
  try {
    code = lang::compile_source("__comptime_value__ = (" + source + "\n)\n", "<stdin>");
  } catch (const lang::SyntaxErrorInfo&) {
    expression = false;
  }
  try {
    if (!expression) code = lang::compile_source(source + "\n", "<stdin>");
  } catch (const lang::SyntaxErrorInfo& e) {
    lang::raise(lang::exc::SyntaxError, e.msg);
  }
  lang::run_code(code.get(), scope, scope);
  if (!expression) return Value::none();
  return scope->pop(result);
}

} // namespace

std::optional<std::string> comptime_helper(const Value& f) {
  if (!f.is_obj()) return std::nullopt;
  const lang::TypeObject* type = f.as_obj()->type;
  if (type->name == "_Comptime" && type->module == "torch._dynamo.comptime") return "__call__";
  if (type != lang::types::function) return std::nullopt;
  const auto* fn = f.as<lang::Function>();
  const std::string_view qualname = lang::to_str(fn->qualname)->view();
  if (!lang::is_str(fn->module) || lang::to_str(fn->module)->view() != "torch._dynamo.comptime" ||
      !qualname.starts_with("_Comptime."))
    return std::nullopt;
  return std::string(qualname.substr(10));
}

VarPtr InstructionTranslator::call_comptime(const std::string& helper, std::vector<VarPtr> args) {
  std::vector<Value> values;
  if (helper == "__call__") {
    if (args.empty()) unsupported("Unsupported: comptime() without a function");
    const VarPtr& fn = args[0];
    if (fn->is(Variable::Kind::NestedFunction)) {
      // A function made while tracing: made for real (it may read globals, not the frame's cells).
      if (!fn->closure.empty() || (fn->defaults && !fn->defaults->is_python_constant()))
        unsupported("Unsupported: comptime of a function with free variables or traced defaults");
      auto made = lang::make<lang::Function>(fn->code, lang::Ref<lang::Dict>::borrow(fn->globals.as<lang::Dict>()));
      if (fn->defaults) made->defaults = lang::Ref<lang::Tuple>::borrow(fn->defaults->as_python_constant().as<lang::Tuple>());
      values.push_back(Value(made));
    } else if (fn->is(Variable::Kind::Object) || fn->is(Variable::Kind::Constant)) {
      values.push_back(fn->value);
    } else {
      unsupported("Unsupported: comptime of " + fn->repr());
    }
  } else {
    for (VarPtr& v : args) values.push_back(var_handle(v));
  }
  auto handle = lang::make<ComptimeTx>(tx_type(), this);
  static const Value at_trace_time =
      lang::getattr(Value(lang::import_module("torch._dynamo.comptime")), lang::intern("_at_trace_time"));
  try {
    lang::call(at_trace_time, {lang::str_value(helper), Value(handle), Value(lang::make_list(std::move(values)))});
  } catch (...) {
    handle->tx = nullptr;
    throw;
  }
  handle->tx = nullptr;
  if (handle->graph_break) graph_break(GraphBreak::ComptimeGraphBreak, {*handle->graph_break});
  return Variable::none();
}

void add_comptime_functions(lang::ModuleBuilder& m) {
  m.function("_comptime_local", comptime_local)
      .function("_comptime_locals", comptime_locals)
      .function("_comptime_stack", comptime_stack)
      .function("_comptime_graph_code", comptime_graph_code)
      .function("_comptime_guards", comptime_guards)
      .function("_comptime_graph_break", comptime_graph_break)
      .function("_comptime_var_fake", comptime_var_fake)
      .function("_comptime_var_is_constant", comptime_var_is_constant)
      .function("_comptime_var_constant", comptime_var_constant)
      .function("_comptime_var_repr", comptime_var_repr)
      .function("_comptime_read_line", comptime_read_line)
      .function("_comptime_exec", comptime_exec);
}

} // namespace refc::dynamo
