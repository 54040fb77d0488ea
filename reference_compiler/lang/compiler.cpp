// The compiler's driver: compile_module, compilation units (one per code
// object), name resolution to LOAD_FAST / LOAD_DEREF / LOAD_GLOBAL /
// LOAD_NAME, closures, default arguments, annotations, qualified names and
// constant folding of literal tuples and negated numbers.
#include "reference_compiler/lang/compiler.h"

#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/bytes_object.h"
#include "reference_compiler/lang/code_generator.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/parser.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

Ref<CodeObject> compile_module(const ast::Module& module, const std::string& filename) {
  auto table = SymbolTable::build(module);
  CodeGenerator gen(*table, filename);
  return gen.compile_module(module);
}

namespace {

// SyntaxErrorInfo for a compile-time error in `filename` / `source`.
SyntaxErrorInfo syntax_info(const CompileError& e, const std::string& filename,
                            std::string_view source) {
  SyntaxErrorInfo info;
  info.msg = e.message;
  info.filename = filename;
  info.lineno = e.span.lineno;
  info.offset = e.span.lineno > 0 ? e.span.col_offset + 1 : 0;
  info.end_lineno = e.span.end_lineno;
  info.end_offset = e.span.end_lineno > 0 ? e.span.end_col_offset + 1 : 0;
  int line = 1;
  size_t pos = 0;
  while (line < e.span.lineno && pos < source.size()) {
    size_t nl = source.find('\n', pos);
    if (nl == std::string_view::npos) {
      pos = source.size();
      break;
    }
    pos = nl + 1;
    ++line;
  }
  if (line == e.span.lineno && pos < source.size()) {
    size_t nl = source.find('\n', pos);
    info.text = std::string(source.substr(pos, nl == std::string_view::npos ? std::string_view::npos
                                                                            : nl - pos + 1));
  }
  return info;
}

} // namespace

Ref<CodeObject> compile_source(std::string_view source, const std::string& filename) {
  ast::Module mod = parse_module(source, filename);
  try {
    return compile_module(mod, filename);
  } catch (CompileError& e) {
    throw syntax_info(e, filename, source);
  }
}

Ref<CodeObject> CodeGenerator::compile_module(const ast::Module& module) {
  enter_unit(symbols_.top(), "<module>", 1, ast::Span{1, 0, 1, 0});
  body_with_docstring(module.body, true);
  if (!module.body.empty()) set_location(module.body.back()->span);
  load_none();
  emit(Op::RETURN_VALUE);
  return leave_unit();
}

// ---- units ---------------------------------------------------------------------

std::string CodeGenerator::qualname_for(const std::string& name) const {
  if (units_.size() <= 1) return name; // a module-level definition
  const Unit& parent = *units_.back();
  Scope* ps = parent.ste;
  if (ps->kind == ScopeKind::Module) return name;
  // A name declared global in the enclosing function is qualified as a global.
  if (ps->scope_of(mangle(ps->private_name, name)) == NameScope::GlobalExplicit) return name;
  if (ps->kind == ScopeKind::Function) return parent.qualname + ".<locals>." + name;
  return parent.qualname + "." + name;
}

void CodeGenerator::enter_unit(Scope* ste, const std::string& name, int first_line,
                               const ast::Span& span) {
  std::string qualname = ste->kind == ScopeKind::Module ? name : qualname_for(name);
  auto unit = std::make_unique<Unit>();
  unit->ste = ste;
  unit->qualname = qualname;
  unit->as = std::make_unique<Assembler>(name, qualname, filename_, first_line);
  Assembler& a = *unit->as;
  for (const std::string& p : ste->params) a.add_varname(p);
  for (const std::string& c : ste->cellvars()) a.add_cellvar(c);
  for (const std::string& f : ste->freevars()) a.add_freevar(f);
  if (ste->kind == ScopeKind::Function) {
    a.add_flags(CO_OPTIMIZED | CO_NEWLOCALS);
    if (ste->nested) a.add_flags(CO_NESTED);
    if (ste->is_generator) a.add_flags(CO_GENERATOR);
  }
  units_.push_back(std::move(unit));
  Position p{first_line, first_line, span.col_offset, span.col_offset};
  as().set_position(p);
  for (int i = 0; i < a.num_cellvars(); ++i) emit(Op::MAKE_CELL, i);
  if (a.num_freevars() > 0) emit(Op::COPY_FREE_VARS, a.num_freevars());
}

Ref<CodeObject> CodeGenerator::leave_unit() {
  Ref<CodeObject> code = as().assemble();
  units_.pop_back();
  return code;
}

std::string CodeGenerator::mangled(const std::string& name) const {
  return mangle(units_.back()->ste->private_name, name);
}

void CodeGenerator::set_location(const ast::Span& s) {
  if (s.lineno <= 0) return;
  as().set_position(Position{s.lineno, s.end_lineno, s.col_offset, s.end_col_offset});
}

void CodeGenerator::push_fblock(FBlock b, const ast::Span& where) {
  // CPython's CO_MAXBLOCKS.
  if (u().fblocks.size() >= 20) error("too many statically nested blocks", where);
  u().fblocks.push_back(std::move(b));
}

// ---- names ---------------------------------------------------------------------

bool CodeGenerator::is_global_load(const std::string& name) const {
  const Scope* ste = units_.back()->ste;
  NameScope sc = ste->scope_of(mangle(ste->private_name, name));
  return sc == NameScope::GlobalExplicit ||
         (sc == NameScope::GlobalImplicit && ste->kind == ScopeKind::Function);
}

void CodeGenerator::nameop(const std::string& name, NameCtx ctx, bool push_null) {
  Scope* ste = u().ste;
  std::string m = mangled(name);
  NameScope sc = ste->scope_of(m);
  enum { Fast, Deref, Global, NameOp } kind = NameOp;
  switch (sc) {
  case NameScope::Free:
  case NameScope::Cell: kind = Deref; break;
  case NameScope::Local:
    if (ste->kind == ScopeKind::Function) kind = Fast;
    break;
  case NameScope::GlobalImplicit:
    if (ste->kind == ScopeKind::Function) kind = Global;
    break;
  case NameScope::GlobalExplicit: kind = Global; break;
  }
  if (push_null && !(kind == Global && ctx == NameCtx::Load)) emit(Op::PUSH_NULL);
  switch (kind) {
  case Fast: {
    int idx = as().add_varname(m);
    emit(ctx == NameCtx::Load ? Op::LOAD_FAST
                              : ctx == NameCtx::Store ? Op::STORE_FAST : Op::DELETE_FAST,
         idx);
    return;
  }
  case Deref: {
    int idx = sc == NameScope::Cell ? as().find_cellvar(m) : as().find_freevar(m);
    REFC_CHECK(idx >= 0, "compiler: unknown cell/free variable " + m);
    Op op = ctx == NameCtx::Store ? Op::STORE_DEREF
            : ctx == NameCtx::Del ? Op::DELETE_DEREF
            : ste->kind == ScopeKind::Class ? Op::LOAD_CLASSDEREF
                                            : Op::LOAD_DEREF;
    emit(op, idx);
    return;
  }
  case Global: {
    int idx = as().add_name(m);
    if (ctx == NameCtx::Load)
      emit(Op::LOAD_GLOBAL, (static_cast<uint32_t>(idx) << 1) | (push_null ? 1 : 0));
    else
      emit(ctx == NameCtx::Store ? Op::STORE_GLOBAL : Op::DELETE_GLOBAL, idx);
    return;
  }
  case NameOp: {
    int idx = as().add_name(m);
    emit(ctx == NameCtx::Load ? Op::LOAD_NAME
                              : ctx == NameCtx::Store ? Op::STORE_NAME : Op::DELETE_NAME,
         idx);
    return;
  }
  }
}

// ---- functions -------------------------------------------------------------------

void CodeGenerator::set_signature(const ast::arguments& a) {
  int posonly = static_cast<int>(a.posonlyargs.size());
  as().set_arg_counts(posonly + static_cast<int>(a.args.size()), posonly,
                      static_cast<int>(a.kwonlyargs.size()));
  if (a.vararg) as().add_flags(CO_VARARGS);
  if (a.kwarg) as().add_flags(CO_VARKEYWORDS);
}

uint32_t CodeGenerator::default_arguments(const ast::arguments& a) {
  uint32_t flags = 0;
  if (!a.defaults.empty()) {
    std::vector<Value> items;
    bool all_const = true;
    for (auto& d : a.defaults) {
      Value v = try_constant(*d);
      if (v.is_null()) {
        all_const = false;
        break;
      }
      items.push_back(std::move(v));
    }
    if (all_const) {
      load_const(Value(make_tuple(std::move(items))));
    } else {
      for (auto& d : a.defaults) visit_expr(*d);
      emit(Op::BUILD_TUPLE, static_cast<uint32_t>(a.defaults.size()));
    }
    flags |= 1;
  }
  std::vector<Value> keys;
  for (size_t i = 0; i < a.kwonlyargs.size(); ++i) {
    if (i >= a.kw_defaults.size() || !a.kw_defaults[i]) continue;
    keys.push_back(Value::borrow(intern(mangled(a.kwonlyargs[i].arg))));
    visit_expr(*a.kw_defaults[i]);
  }
  if (!keys.empty()) {
    uint32_t n = static_cast<uint32_t>(keys.size());
    load_const(Value(make_tuple(std::move(keys))));
    emit(Op::BUILD_CONST_KEY_MAP, n);
    flags |= 2;
  }
  return flags;
}

uint32_t CodeGenerator::annotations(const ast::arguments& a, const ast::Expr* returns) {
  uint32_t count = 0;
  auto one = [&](const std::string& name, const ast::Expr* ann) {
    if (!ann) return;
    load_const(Value::borrow(intern(mangled(name))));
    visit_annotation(*ann);
    ++count;
  };
  // CPython 3.11's order: args, posonlyargs, *args, kwonlyargs, **kwargs, return.
  for (auto& p : a.args) one(p.arg, p.annotation.get());
  for (auto& p : a.posonlyargs) one(p.arg, p.annotation.get());
  if (a.vararg) one(a.vararg->arg, a.vararg->annotation.get());
  for (auto& p : a.kwonlyargs) one(p.arg, p.annotation.get());
  if (a.kwarg) one(a.kwarg->arg, a.kwarg->annotation.get());
  one("return", returns);
  if (count == 0) return 0;
  emit(Op::BUILD_TUPLE, 2 * count);
  return 4;
}

void CodeGenerator::make_closure(const Ref<CodeObject>& code, uint32_t flags) {
  if (!code->freevars.empty()) {
    Scope* ste = u().ste;
    for (Str* fv : code->freevars) {
      std::string name(fv->view());
      bool is_cell = (ste->kind == ScopeKind::Class && name == "__class__") ||
                     ste->scope_of(name) == NameScope::Cell;
      int idx = is_cell ? as().find_cellvar(name) : as().find_freevar(name);
      REFC_CHECK(idx >= 0, "compiler: closure variable " + name + " not found");
      emit(Op::LOAD_CLOSURE, idx);
    }
    emit(Op::BUILD_TUPLE, static_cast<uint32_t>(code->freevars.size()));
    flags |= 8;
  }
  load_const(Value(code));
  emit(Op::MAKE_FUNCTION, flags);
}

// ---- constants ----------------------------------------------------------------------

Value CodeGenerator::constant_value(const ast::ConstantValue& c) {
  switch (c.index()) {
  case 0: return Value::none();
  case 1: return Value::boolean(std::get<bool>(c));
  case 2: return Value::integer(std::get<int64_t>(c));
  case 3: return Value::floating(std::get<double>(c));
  case 4: {
    const std::string& s = std::get<std::string>(c);
    // Short constants are interned like CPython's identifier-like constants,
    // so dict and attribute lookups with them compare pointers.
    if (s.size() <= 64) return Value::borrow(intern(s));
    return str_value(s);
  }
  case 6: return bytes_value(std::get<ast::BytesLiteral>(c).data);
  case 7: {
    const auto& big = std::get<ast::BigIntLiteral>(c);
    return int_from_digits(big.digits, big.base, false);
  }
  default: return ellipsis();
  }
}

Value CodeGenerator::try_constant(const ast::Expr& e) const {
  switch (e.kind) {
  case ast::ExprKind::Constant: return constant_value(ast::as<ast::Constant>(e).value);
  case ast::ExprKind::UnaryOp: {
    auto& un = ast::as<ast::UnaryOp>(e);
    if (un.op != ast::UnaryOpKind::USub || un.operand->kind != ast::ExprKind::Constant)
      return Value();
    const auto& cv = ast::as<ast::Constant>(*un.operand).value;
    if (cv.index() == 2) {
      int64_t i = std::get<int64_t>(cv);
      if (i == INT64_MIN) return Value();
      return Value::integer(-i);
    }
    if (cv.index() == 3) return Value::floating(-std::get<double>(cv));
    if (cv.index() == 7) return int_value_negate(constant_value(cv));
    return Value();
  }
  case ast::ExprKind::Tuple: {
    auto& t = ast::as<ast::Tuple>(e);
    if (t.ctx != ast::ExprContext::Load) return Value();
    std::vector<Value> items;
    items.reserve(t.elts.size());
    for (auto& el : t.elts) {
      Value v = try_constant(*el);
      if (v.is_null()) return Value();
      items.push_back(std::move(v));
    }
    return Value(make_tuple(std::move(items)));
  }
  default: return Value();
  }
}

} // namespace refc::lang
