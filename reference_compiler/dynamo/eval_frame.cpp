// eval_frame: compile contexts, the frame hook, the cache of compiled
// entries and the recompilation limits (see eval_frame.h).
#include "reference_compiler/dynamo/eval_frame.h"

#include "reference_compiler/dynamo/backend_identity.h"
#include "reference_compiler/dynamo/comptime.h"
#include "reference_compiler/dynamo/convert_frame.h"
#include "reference_compiler/dynamo/fx_bindings.h"
#include "reference_compiler/dynamo/pgo.h"
#include "reference_compiler/dynamo/python_side.h"
#include "reference_compiler/dynamo/resume_function.h"
#include "reference_compiler/dynamo/trace_rules.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/dis.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/function_object.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/module_object.h"
#include "reference_compiler/lang/module_registry.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/traceback.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/vm.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace refc::dynamo {

using lang::Value;

namespace {

// What torch.compile(fn, backend=..., fullgraph=...) made: the function and
// how to compile the frames it runs.
struct CompileContext : lang::Object {
  CompileContext(lang::TypeObject* t, Value fn, CompileConfig config, std::shared_ptr<const BackendIdentity> backend,
                 Value guard_fail_fn)
      : lang::Object(t), fn(std::move(fn)), config(std::move(config)), backend(std::move(backend)),
        guard_fail_fn(std::move(guard_fail_fn)) {}
  Value fn;
  CompileConfig config;
  std::shared_ptr<const BackendIdentity> backend;
  Value guard_fail_fn; // None, or torch._dynamo.optimize's hook for the entries compiled here
};

lang::TypeObject* compile_context_type() {
  static lang::TypeObject* t = lang::make_module_type("_CompileContext", "torch._C._dynamo", lang::Layout::Other);
  return t;
}

struct CacheEntry {
  std::unique_ptr<RootGuardManager> guards;
  lang::Ref<lang::CodeObject> code;
  int compile_index;
  // The backend it was compiled for: it serves only calls under an equal one.
  std::shared_ptr<const BackendIdentity> backend;
  Value guard_fail_fn; // the compile context's, called when these guards fail before a recompile
};

// Everything known about one code object.
struct FrameState {
  lang::Ref<lang::CodeObject> code; // keeps the key alive
  std::vector<CacheEntry> entries;  // most recent first
  int frame_id = -1;
  int compiles = 0;
  bool skip = false;     // never compiled (trace_rules), decided once
  bool run_only = false; // a limit was hit: use the entries, compile nothing more
  // What automatic dynamic has seen of the inputs: the code object's entry in
  // the process's profile store (kept across runs under a job id, PGO).
  CodeState* automatic = nullptr;
};

CompileContext* g_context = nullptr; // the compile context of the running wrapper, if any
std::unordered_map<const lang::CodeObject*, FrameState> g_frames;
// Code of the functions handed to torch.compile itself: always worth compiling.
std::unordered_map<const lang::CodeObject*, lang::Ref<lang::CodeObject>> g_always_optimize;
int g_next_frame_id = 0;
int g_total_entries = 0;

class ContextScope {
public:
  explicit ContextScope(CompileContext* c) : previous_(g_context) { g_context = c; }
  ~ContextScope() { g_context = previous_; }
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;

private:
  CompileContext* previous_;
};

GuardInput guard_input(lang::Frame& frame) {
  std::span<const Value> closure;
  if (lang::Function* fn = frame.function(); fn && fn->closure) closure = fn->closure->items;
  return {frame.locals(), frame.globals(), closure};
}

std::string entry_id(const FrameState& st, const CacheEntry& e) {
  return std::to_string(st.frame_id) + "/" + std::to_string(e.compile_index);
}

// "0/1: reason" for each entry, most recent first (Dynamo's recompile
// reasons): the first guard that fails, in the entry's checking order; in
// the seeds' form unless config guard_fail_reason_origin asks for 2.14's
// (the guard's code comment and user stack follow the reason). An entry whose
// guards all pass was compiled for another backend.
std::vector<std::string> recompile_reasons(const FrameState& st, const GuardInput& in, const BackendIdentity& backend) {
  const bool with_origin = lang::truthy(dynamo_config("guard_fail_reason_origin"));
  std::vector<std::string> reasons;
  for (const CacheEntry& e : st.entries) {
    std::optional<std::string> reason = e.guards->failure_reason(in, with_origin);
    if (!reason && e.backend.get() != &backend) reason = backend_match_failure(*e.backend, backend);
    reasons.push_back(entry_id(st, e) + ": " + reason.value_or("Unable to find recompilation reasons"));
  }
  return reasons;
}

// traceback.format_exc() of `e`: the frame listing is there even when empty.
std::string traceback_text(const lang::PyError& e) {
  std::string trace = lang::format_exception(e.exc);
  return trace.starts_with("Traceback") ? trace : "Traceback (most recent call last):\n" + trace;
}

// Python's textwrap.indent: `prefix` before every line that is not blank.
std::string indent_lines(const std::string& text, const std::string& prefix) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t\n") != std::string::npos) out += prefix;
    out += line;
    start = end;
  }
  return out;
}

// "Recompiling function fn in FILE:LINE / triggered by the following guard failure(s): / - 0/0: ...".
std::string recompile_message(const lang::CodeObject& code, const std::vector<std::string>& reasons, bool verbose) {
  std::string failures;
  for (size_t i = 0; i < reasons.size(); ++i) {
    if (verbose) failures += (i ? "\n\nguard " : "guard ") + std::to_string(i) + " failures:\n" + indent_lines(reasons[i], "- ");
    else failures += (i ? "\n" : "") + indent_lines(reasons[i], "- ");
  }
  return "Recompiling function " + code.name + " in " + code.filename + ":" + std::to_string(code.first_line) + "\n" +
         indent_lines("triggered by the following guard failure(s):\n" + failures, "    ");
}

void log_recompile(const lang::CodeObject& code, const std::vector<std::string>& reasons) {
  const bool verbose = logging::enabled(logging::Artifact::recompiles_verbose);
  if (!verbose && !logging::enabled(logging::Artifact::recompiles)) return;
  logging::log(verbose ? logging::Artifact::recompiles_verbose : logging::Artifact::recompiles,
               recompile_message(code, reasons, verbose));
}



// Each entry's guard_fail_fn hears of its failure as a torch._guards.GuardFail
// of the entry's reason and the frame's code. What the hook raises is logged,
// and the recompile goes on, as in Dynamo's get_guard_fail_reason.
void report_guard_failures(const FrameState& st, const std::vector<std::string>& reasons) {
  ContextScope no_hook(nullptr); // the hooks run uncompiled
  for (size_t i = 0; i < st.entries.size(); ++i) {
    const Value& hook = st.entries[i].guard_fail_fn;
    if (hook.is_none()) continue;
    try {
      Value guard_fail = lang::getattr(Value(lang::import_module("torch._guards")), lang::intern("GuardFail"));
      lang::call(hook, {lang::call(guard_fail, {lang::str_value(reasons[i]), Value(st.code)})});
    } catch (const lang::PyError& e) {
      logging::log("torch._dynamo.guards", logging::kError,
                   "Failure in guard_fail_fn callback - raising here will cause a NULL Error on guard eval\n" +
                       traceback_text(e));
    }
  }
}

void warn_limit(const lang::CodeObject& code, const char* limit, int64_t value, const std::vector<std::string>& reasons) {
  logging::log("torch._dynamo.convert_frame", logging::kWarning,
               std::string("torch._dynamo hit config.") + limit + " (" + std::to_string(value) + ")\n    function: '" +
                   code.name + "' (" + code.filename + ":" + std::to_string(code.first_line) + ")\n    last reason: " +
                   (reasons.empty() ? "Unable to find recompilation reasons" : reasons.back()));
}

// Dynamo's has_tensor_in_frame: a frame is worth compiling when it was
// handed to torch.compile, names a torch module among its globals, or holds a
// tensor or nn.Module in a local (looking inside exact lists, tuples, named
// tuples and dicts). Other frames run as they are, without a frame id, and
// are asked again on their next call.
bool holds_tensor(const Value& v, std::vector<const lang::Object*>& seen) {
  // `seen` stays empty (no allocation) unless a container is looked into.
  if (!v.is_obj() || std::find(seen.begin(), seen.end(), v.as_obj()) != seen.end()) return false;
  if (tensor::is_tensor(v) || is_nn_module_value(v)) return true;
  const lang::TypeObject* type = v.as_obj()->type;
  if (type->layout == lang::Layout::Type) return is_nn_module_class(v.as<lang::TypeObject>());
  if (type->layout != lang::Layout::List && type->layout != lang::Layout::Tuple && type->layout != lang::Layout::Dict)
    return false;
  seen.push_back(v.as_obj());
  auto any_of = [&](std::span<const Value> items) {
    return std::any_of(items.begin(), items.end(), [&](const Value& item) { return holds_tensor(item, seen); });
  };
  if (type == lang::types::list) return any_of(v.as<lang::List>()->items);
  const bool named_tuple = type->layout == lang::Layout::Tuple && !type->lookup(lang::intern("_fields")).is_null();
  if (type == lang::types::tuple || named_tuple)
    return any_of(v.as<lang::Tuple>()->items);
  if (type == lang::types::dict)
    for (const lang::Dict::Entry& e : v.as<lang::Dict>()->entries())
      if (!e.key.is_null() && holds_tensor(e.value, seen)) return true;
  return false;
}

bool has_tensor_in_frame(lang::Frame& frame) {
  const lang::CodeObject* code = frame.code();
  if (g_always_optimize.count(code)) return true;
  for (lang::Str* name : code->names) {
    const Value g = frame.globals()->get(name);
    if (g.is_obj() && g.as_obj()->type->layout == lang::Layout::Module &&
        is_torch_module_name(g.as<lang::Module>()->name))
      return true;
  }
  std::vector<const lang::Object*> seen;
  for (const Value& local : frame.locals())
    if (holds_tensor(local, seen)) return true;
  if (const lang::Function* fn = frame.function(); fn && fn->closure)
    for (const Value& cell : fn->closure->items)
      if (holds_tensor(cell.as<lang::Cell>()->value, seen)) return true;
  return false;
}

// Frames Dynamo declines before tracing them, whatever they hold.
bool declined_frame(const lang::CodeObject& code) {
  return code.name == "__setattr__" || (code.name == "__init__" && code.filename.starts_with("<frozen torch.optim."));
}

lang::FrameHookResult compile_or_skip(lang::Frame& frame, FrameState& st, const GuardInput& in) {
  using lang::HookAction;
  lang::CodeObject* code = frame.code();
  CompileContext* ctx = g_context;
  if (lang::truthy(dynamo_config("disable"))) { // TORCH_COMPILE_DISABLE: the code runs as written, from now on
    mark_code_skipped(code);
    st.skip = true;
    return {};
  }
  if (!has_tensor_in_frame(frame)) return {};
  if (!st.entries.empty()) {
    const std::vector<std::string> reasons = recompile_reasons(st, in, *ctx->backend);
    report_guard_failures(st, reasons);
    log_recompile(*code, reasons);
    if (lang::truthy(dynamo_config("error_on_recompile")))
      raise_dynamo_exception("RecompileError", recompile_message(*code, reasons, false));
    const int64_t limit = dynamo_config("cache_size_limit").as_int();
    const int64_t accumulated = dynamo_config("accumulated_cache_size_limit").as_int();
    const bool over_total = g_total_entries >= accumulated;
    if (over_total || static_cast<int64_t>(st.entries.size()) >= limit) {
      warn_limit(*code, over_total ? "accumulated_cache_size_limit" : "cache_size_limit",
                 over_total ? accumulated : limit, reasons);
      if (lang::truthy(dynamo_config("fail_on_recompile_limit_hit")))
        raise_dynamo_exception("FailOnRecompileLimitHit", "Hard failure due to fail_on_recompile_limit_hit");
      if (ctx->config.fullgraph) raise_dynamo_exception("FailOnRecompileLimitHit", "Hard failure due to fullgraph=True");
      st.run_only = true;
      return {HookAction::RunWithoutHook, {}};
    }
  }
  if (st.frame_id < 0) st.frame_id = g_next_frame_id++;
  const int index = st.compiles++;
  ConvertResult r;
  {
    ContextScope no_hook(nullptr); // the tracer and the backend run uncompiled
    try {
      if (!st.automatic)
        st.automatic = &process_profile_store().code_state(CodeId::make(code->filename, code->first_line, code->name));
      r = convert_frame(frame, ctx->config, st.automatic);
    } catch (const lang::PyError& e) {
      if (ctx->config.fullgraph || !lang::truthy(dynamo_config("suppress_errors"))) throw;
      // As Dynamo logs it: the message quotes the traceback (traceback.format_exc())
      // and the record appends it again (exc_info=True).
      const std::string trace = traceback_text(e);
      logging::log("torch._dynamo.convert_frame", logging::kWarning,
                   "WON'T CONVERT " + code->name + " " + code->filename + " line " + std::to_string(code->first_line) +
                       " \ndue to: \n" + trace + "\n" + trace);
      r = {};
    }
  }
  if (!r.code && r.skip_recursive) {
    st.run_only = true;
    return {HookAction::RunWithoutHook, {}};
  }
  if (!r.code) {
    mark_code_skipped(code);
    st.skip = true;
    return {HookAction::Run, {}};
  }
  if (logging::enabled(logging::Artifact::guards)) logging::log(logging::Artifact::guards, "GUARDS:\n\n" + r.guards->str());
  if (logging::enabled(logging::Artifact::bytecode)) {
    const std::string where = code->name + " " + code->filename + " line " + std::to_string(code->first_line) + " \n";
    logging::log(logging::Artifact::bytecode, "ORIGINAL BYTECODE " + where + lang::disassemble(*code, false));
    logging::log(logging::Artifact::bytecode, "MODIFIED BYTECODE " + where + lang::disassemble(*r.code, false));
  }
  st.entries.insert(st.entries.begin(), CacheEntry{std::move(r.guards), r.code, index, ctx->backend, ctx->guard_fail_fn});
  process_profile_store().put(); // put_code_state: the profile learns what this compile saw
  ++g_total_entries;
  return {HookAction::RunCode, r.code};
}

// The state of `code`, made on its first frame. The last one found is kept
// at hand: a compiled function called in a loop skips the table lookup.
FrameState* g_last_state = nullptr;

FrameState& frame_state(lang::CodeObject* code) {
  if (g_last_state && g_last_state->code.get() == code) return *g_last_state;
  auto [it, fresh] = g_frames.try_emplace(code);
  FrameState& st = it->second;
  if (fresh) {
    st.code = lang::Ref<lang::CodeObject>::borrow(code);
    st.skip = is_skipped_code(code) || declined_frame(*code);
  }
  g_last_state = &st; // map nodes never move
  return st;
}

lang::FrameHookResult frame_hook(lang::Frame& frame) {
  using lang::HookAction;
  if (!g_context || !frame.function()) return {};
  FrameState& st = frame_state(frame.code());
  if (st.skip) return {};
  const GuardInput in = guard_input(frame);
  const BackendIdentity* backend = g_context->backend.get();
  for (auto e = st.entries.begin(); e != st.entries.end(); ++e)
    if (e->backend.get() == backend && e->guards->check(in)) {
      // The entry that served this call moves to the front (most recently used first).
      if (e != st.entries.begin()) std::rotate(st.entries.begin(), e, e + 1);
      return {HookAction::RunCode, st.entries.front().code};
    }
  if (st.run_only) return {HookAction::RunWithoutHook, {}};
  return compile_or_skip(frame, st, in);
}

// ---- torch._C._dynamo ------------------------------------------------------------

// The wrapper torch.compile returns: runs the function with its context current.
Value call_compiled(lang::Args a) {
  auto* ctx = a[0].as<CompileContext>();
  Value keep = a[0];
  ContextScope scope(ctx);
  return lang::call(ctx->fn, a.drop_first());
}

// _optimize(fn, backend, backend_name, fullgraph, dynamic, wrapper, description, guard_fail_fn)
// -> the compiled wrapper. `wrapper` names torch.compile's wrapper class (""
// from torch._dynamo.optimize); `description` is the backend's in recompile
// reasons; guard_fail_fn is None or torch._dynamo.optimize's hook.
Value optimize(lang::Args a) {
  lang::check_arity(a, "_optimize", 8, 8);
  static bool hooked = false;
  if (!hooked) {
    lang::set_frame_hook(frame_hook);
    hooked = true;
  }
  CompileConfig config{a[1], std::string(lang::to_str(a[2])->view()), lang::truthy(a[3]),
                       a[4].is_none() ? std::nullopt : std::optional<bool>(lang::truthy(a[4]))};
  if (a[0].is_obj() && a[0].as_obj()->type->layout == lang::Layout::Function) {
    lang::CodeObject* code = a[0].as<lang::Function>()->code.get();
    g_always_optimize.emplace(code, lang::Ref<lang::CodeObject>::borrow(code));
  }
  std::shared_ptr<const BackendIdentity> backend =
      canonical_backend(a[1], std::string(lang::to_str(a[5])->view()), config.dynamic,
                        std::string(lang::to_str(a[6])->view()));
  Value ctx = Value(lang::make<CompileContext>(compile_context_type(), a[0], std::move(config), std::move(backend), a[7]));
  Value name = lang::getattr_or_null(a[0], lang::intern("__name__"));
  auto wrapper = lang::make_native(name.is_null() ? "compiled" : std::string(lang::to_str(name)->view()), call_compiled);
  wrapper->self = ctx;
  // Binds like a method when stored in a class (@torch.compile on a method).
  wrapper->flags |= lang::NativeFunction::kMethod;
  return Value(wrapper);
}

// _call_disabled(fn, *args, **kwargs): runs fn with no compile context (torch.compiler.disable).
Value call_disabled(lang::Args a) {
  if (a.npos < 1) lang::raise(lang::exc::TypeError, "_call_disabled() needs a function");
  ContextScope scope(nullptr);
  return lang::call(a[0], a.drop_first());
}

// _skip_code(code): never compile frames of this code object (disable(recursive=False)).
Value skip_code(lang::Args a) {
  lang::check_arity(a, "_skip_code", 1, 1);
  if (!a[0].is_obj() || a[0].as_obj()->type->layout != lang::Layout::Code)
    lang::raise(lang::exc::TypeError, "_skip_code() expects a code object");
  mark_code_disabled(a[0].as<lang::CodeObject>());
  if (auto it = g_frames.find(a[0].as<lang::CodeObject>()); it != g_frames.end()) it->second.skip = true;
  return Value::none();
}

Value reset(lang::Args) {
  g_last_state = nullptr;
  g_frames.clear();
  process_profile_store().reset(); // automatic dynamic starts over (a profile on disk is read again)
  g_total_entries = 0;
  g_next_frame_id = 0;
  clear_skipped_codes();
  clear_resume_codes();
  return Value::none();
}

lang::Ref<lang::Module> create_module() {
  lang::ModuleBuilder m("torch._C._dynamo");
  m.function("_optimize", optimize)
      .function("_call_disabled", call_disabled)
      .function("_skip_code", skip_code)
      .function("reset", reset);
  add_fx_functions(m);
  add_comptime_functions(m);
  return m.finish();
}

} // namespace

std::vector<CachedCode> cached_codes() {
  std::vector<const FrameState*> compiled;
  for (const auto& [code, st] : g_frames)
    if (st.compiles > 0) compiled.push_back(&st);
  std::sort(compiled.begin(), compiled.end(), [](const FrameState* a, const FrameState* b) { return a->frame_id < b->frame_id; });
  std::vector<CachedCode> out;
  for (const FrameState* st : compiled) {
    CachedCode c{st->code->name, st->code->first_line, st->compiles, {}};
    for (const CacheEntry& e : st->entries) c.guards.push_back(e.guards->identity());
    out.push_back(std::move(c));
  }
  return out;
}

Value compiled_function_target(const Value& f) {
  if (!f.is_obj() || f.as_obj()->type->layout != lang::Layout::NativeFunction) return Value();
  const auto* native = f.as<lang::NativeFunction>();
  if (native->fn != call_compiled || !native->self.is_obj()) return Value();
  return native->self.as<CompileContext>()->fn;
}

void install() {
  lang::register_native_module("torch._C._dynamo", create_module);
}

} // namespace refc::dynamo
