// Code generation for statements: definitions, control flow with its frame
// blocks (what break / continue / return must undo), try / except / finally and
// with via SETUP_FINALLY / SETUP_CLEANUP / SETUP_WITH blocks, imports,
// assignments. Each construct also records its region in the static block
// table. Layouts follow CPython 3.11's compile.c.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/ast_unparse.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/code_generator.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

namespace {

bool is_docstring(const ast::Stmt& s) {
  if (s.kind != ast::StmtKind::Expr) return false;
  const ast::Expr& v = *ast::as<ast::Expr_>(s).value;
  return v.kind == ast::ExprKind::Constant &&
         std::holds_alternative<std::string>(ast::as<ast::Constant>(v).value);
}

// Whether a body has an annotated assignment at its own level (CPython's find_ann).
bool find_ann(const ast::StmtList& body) {
  for (auto& sp : body) {
    const ast::Stmt& s = *sp;
    switch (s.kind) {
    case ast::StmtKind::AnnAssign: return true;
    case ast::StmtKind::For: {
      auto& f = ast::as<ast::For>(s);
      if (find_ann(f.body) || find_ann(f.orelse)) return true;
      break;
    }
    case ast::StmtKind::While: {
      auto& w = ast::as<ast::While>(s);
      if (find_ann(w.body) || find_ann(w.orelse)) return true;
      break;
    }
    case ast::StmtKind::If: {
      auto& i = ast::as<ast::If>(s);
      if (find_ann(i.body) || find_ann(i.orelse)) return true;
      break;
    }
    case ast::StmtKind::With:
      if (find_ann(ast::as<ast::With>(s).body)) return true;
      break;
    case ast::StmtKind::Try: {
      auto& t = ast::as<ast::Try>(s);
      if (find_ann(t.body) || find_ann(t.orelse) || find_ann(t.finalbody)) return true;
      for (auto& h : t.handlers)
        if (find_ann(h.body)) return true;
      break;
    }
    default: break;
    }
  }
  return false;
}

const std::string& docstring_text(const ast::Stmt& s) {
  return std::get<std::string>(
      ast::as<ast::Constant>(*ast::as<ast::Expr_>(s).value).value);
}

} // namespace

void CodeGenerator::body_with_docstring(const ast::StmtList& body, bool is_module) {
  if (is_module) future_ = read_future_features(body);
  if (find_ann(body)) emit(Op::SETUP_ANNOTATIONS);
  size_t start = 0;
  if (!body.empty() && is_docstring(*body[0])) {
    set_location(body[0]->span);
    load_const(str_value(docstring_text(*body[0])));
    nameop("__doc__", NameCtx::Store);
    start = 1;
  }
  for (size_t i = start; i < body.size(); ++i) visit_stmt(*body[i]);
}

void CodeGenerator::visit_body(const ast::StmtList& body) {
  for (auto& s : body) visit_stmt(*s);
}

void CodeGenerator::visit_stmt(const ast::Stmt& s) {
  set_location(s.span);
  using K = ast::StmtKind;
  switch (s.kind) {
  case K::FunctionDef: compile_function(ast::as<ast::FunctionDef>(s)); break;
  case K::ClassDef: compile_class(ast::as<ast::ClassDef>(s)); break;
  case K::Return: compile_return(ast::as<ast::Return>(s)); break;
  case K::Delete:
    for (auto& t : ast::as<ast::Delete>(s).targets) compile_delete(*t);
    break;
  case K::Assign: {
    auto& a = ast::as<ast::Assign>(s);
    visit_expr(*a.value);
    for (size_t i = 0; i < a.targets.size(); ++i) {
      if (i + 1 < a.targets.size()) emit(Op::COPY, 1);
      visit_store(*a.targets[i]);
    }
    break;
  }
  case K::AugAssign: compile_augassign(ast::as<ast::AugAssign>(s)); break;
  case K::AnnAssign: compile_annassign(ast::as<ast::AnnAssign>(s)); break;
  case K::For: compile_for(ast::as<ast::For>(s)); break;
  case K::While: compile_while(ast::as<ast::While>(s)); break;
  case K::If: compile_if(ast::as<ast::If>(s)); break;
  case K::With: compile_with(ast::as<ast::With>(s), 0); break;
  case K::Raise: {
    auto& r = ast::as<ast::Raise>(s);
    uint32_t n = 0;
    if (r.exc) {
      visit_expr(*r.exc);
      n = 1;
      if (r.cause) {
        visit_expr(*r.cause);
        n = 2;
      }
    }
    set_location(s.span);
    emit(Op::RAISE_VARARGS, n);
    break;
  }
  case K::Try:
    if (!ast::as<ast::Try>(s).finalbody.empty())
      compile_try_finally(ast::as<ast::Try>(s));
    else
      compile_try_except(ast::as<ast::Try>(s));
    break;
  case K::Assert: compile_assert(ast::as<ast::Assert>(s)); break;
  case K::Import: compile_import(ast::as<ast::Import>(s)); break;
  case K::ImportFrom: compile_import_from(ast::as<ast::ImportFrom>(s)); break;
  case K::Global:
  case K::Nonlocal: break;
  case K::Expr: {
    const ast::Expr& v = *ast::as<ast::Expr_>(s).value;
    if (v.kind == ast::ExprKind::Constant) break; // a bare constant does nothing
    visit_expr(v);
    emit(Op::POP_TOP);
    break;
  }
  case K::Pass: break;
  case K::Break: compile_break(s); break;
  case K::Continue: compile_continue(s); break;
  }
}

// ---- definitions ------------------------------------------------------------------

void CodeGenerator::compile_function(const ast::FunctionDef& f) {
  for (auto& d : f.decorator_list) visit_expr(*d);
  int first_line = f.decorator_list.empty() ? f.span.lineno : f.decorator_list[0]->span.lineno;
  set_location(f.span);
  uint32_t flags = default_arguments(f.args);
  flags |= annotations(f.args, f.returns.get());

  Scope* ste = symbols_.scope_for(&f);
  enter_unit(ste, f.name, first_line, f.span);
  set_signature(f.args);
  // consts[0] is the docstring or None (CPython 3.11).
  size_t start = 0;
  if (!f.body.empty() && is_docstring(*f.body[0])) {
    as().add_const(str_value(docstring_text(*f.body[0])));
    start = 1;
  } else {
    as().add_const(Value::none());
  }
  for (size_t i = start; i < f.body.size(); ++i) visit_stmt(*f.body[i]);
  // The implicit `return None` (dropped by the assembler when unreachable).
  load_none();
  emit(Op::RETURN_VALUE);
  Ref<CodeObject> code = leave_unit();

  set_location(f.span);
  make_closure(code, flags);
  for (size_t i = f.decorator_list.size(); i-- > 0;) {
    set_location(f.decorator_list[i]->span);
    emit(Op::CALL, 0);
  }
  set_location(f.span);
  nameop(f.name, NameCtx::Store);
}

void CodeGenerator::compile_class(const ast::ClassDef& c) {
  for (auto& d : c.decorator_list) visit_expr(*d);
  int first_line = c.decorator_list.empty() ? c.span.lineno : c.decorator_list[0]->span.lineno;

  Scope* ste = symbols_.scope_for(&c);
  enter_unit(ste, c.name, first_line, c.span);
  set_location(c.span);
  nameop("__name__", NameCtx::Load);
  nameop("__module__", NameCtx::Store);
  load_const(Value::borrow(intern(u().qualname)));
  nameop("__qualname__", NameCtx::Store);
  body_with_docstring(c.body, false);
  if (ste->needs_class_closure) {
    int idx = as().find_cellvar("__class__");
    REFC_CHECK(idx >= 0, "compiler: missing __class__ cell");
    emit(Op::LOAD_CLOSURE, idx);
    emit(Op::COPY, 1);
    nameop("__classcell__", NameCtx::Store);
  } else {
    load_none();
  }
  emit(Op::RETURN_VALUE);
  Ref<CodeObject> code = leave_unit();

  set_location(c.span);
  emit(Op::PUSH_NULL);
  emit(Op::LOAD_BUILD_CLASS);
  make_closure(code, 0);
  load_const(Value::borrow(intern(c.name)));
  call_helper(2, c.bases, c.keywords);
  for (size_t i = c.decorator_list.size(); i-- > 0;) {
    set_location(c.decorator_list[i]->span);
    emit(Op::CALL, 0);
  }
  set_location(c.span);
  nameop(c.name, NameCtx::Store);
}

// ---- unwinding --------------------------------------------------------------------

void CodeGenerator::call_exit_with_nones() {
  load_none();
  load_none();
  load_none();
  emit(Op::CALL, 2);
}

void CodeGenerator::unwind_fblock(const FBlock& b, bool preserve_tos) {
  switch (b.kind) {
  case FBlockKind::WhileLoop:
  case FBlockKind::ExceptionHandler: return;
  case FBlockKind::ForLoop:
    if (preserve_tos) emit(Op::SWAP, 2);
    emit(Op::POP_TOP); // the iterator
    return;
  case FBlockKind::TryExcept: emit(Op::POP_BLOCK); return;
  case FBlockKind::FinallyTry: {
    emit(Op::POP_BLOCK);
    if (preserve_tos) push_fblock(FBlock(FBlockKind::PopValue), {});
    // The finally body runs inline; its own breaks/returns see the outer blocks.
    Position saved = as().position();
    visit_body(*b.finalbody);
    as().set_position(saved);
    if (preserve_tos) pop_fblock();
    return;
  }
  case FBlockKind::FinallyEnd:
    if (preserve_tos) emit(Op::SWAP, 2);
    emit(Op::POP_TOP); // the exception
    if (preserve_tos) emit(Op::SWAP, 2);
    emit(Op::POP_BLOCK);
    emit(Op::POP_EXCEPT);
    return;
  case FBlockKind::With: {
    Position saved = as().position();
    set_location(b.with->span);
    emit(Op::POP_BLOCK);
    if (preserve_tos) emit(Op::SWAP, 2);
    call_exit_with_nones();
    emit(Op::POP_TOP);
    as().set_position(saved);
    return;
  }
  case FBlockKind::HandlerCleanup:
    if (!b.handler_name.empty()) emit(Op::POP_BLOCK);
    if (preserve_tos) emit(Op::SWAP, 2);
    emit(Op::POP_BLOCK);
    emit(Op::POP_EXCEPT);
    if (!b.handler_name.empty()) {
      load_none();
      nameop(b.handler_name, NameCtx::Store);
      nameop(b.handler_name, NameCtx::Del);
    }
    return;
  case FBlockKind::PopValue:
    if (preserve_tos) emit(Op::SWAP, 2);
    emit(Op::POP_TOP);
    return;
  }
}

bool CodeGenerator::unwind_fblock_stack(bool preserve_tos, FBlock* loop) {
  if (u().fblocks.empty()) return false;
  FBlock top = u().fblocks.back();
  if (loop && (top.kind == FBlockKind::WhileLoop || top.kind == FBlockKind::ForLoop)) {
    *loop = top;
    return true;
  }
  u().fblocks.pop_back();
  unwind_fblock(top, preserve_tos);
  bool found = unwind_fblock_stack(preserve_tos, loop);
  u().fblocks.push_back(std::move(top));
  return found;
}

void CodeGenerator::compile_return(const ast::Return& r) {
  if (u().ste->kind != ScopeKind::Function) error("'return' outside function", r.span);
  bool preserve_tos = r.value && r.value->kind != ast::ExprKind::Constant;
  if (preserve_tos) visit_expr(*r.value);
  unwind_fblock_stack(preserve_tos, nullptr);
  set_location(r.span);
  if (!r.value)
    load_none();
  else if (!preserve_tos)
    load_const(constant_value(ast::as<ast::Constant>(*r.value).value));
  emit(Op::RETURN_VALUE);
}

void CodeGenerator::compile_break(const ast::Stmt& s) {
  FBlock loop(FBlockKind::WhileLoop);
  Position saved = as().position();
  if (!unwind_fblock_stack(false, &loop)) error("'break' outside loop", s.span);
  unwind_fblock(loop, false);
  as().set_position(saved);
  jump(Op::JUMP_FORWARD, loop.exit);
}

void CodeGenerator::compile_continue(const ast::Stmt& s) {
  FBlock loop(FBlockKind::WhileLoop);
  Position saved = as().position();
  if (!unwind_fblock_stack(false, &loop)) error("'continue' not properly in loop", s.span);
  as().set_position(saved);
  jump(Op::JUMP_BACKWARD, loop.block);
}

// ---- control flow -------------------------------------------------------------------

void CodeGenerator::compile_if(const ast::If& s) {
  Label end = label();
  Label next = s.orelse.empty() ? end : label();
  jump_if(*s.test, next, false);
  visit_body(s.body);
  if (!s.orelse.empty()) {
    jump(Op::JUMP_FORWARD, end);
    bind(next);
    visit_body(s.orelse);
  }
  bind(end);
}

void CodeGenerator::compile_while(const ast::While& s) {
  Label loop = label(), body = label(), anchor = label(), end = label();
  Value c = try_constant(*s.test);
  // `while True:` / `while 1:` need no test at all.
  bool always = (c.is_intlike() && c.as_int() != 0) || (c.is_float() && c.as_float() != 0);
  bind(loop);
  int block = as().begin_block(BlockKind::Loop, anchor, s.span.lineno);
  push_fblock(FBlock(FBlockKind::WhileLoop, loop, end), s.span);
  if (!always) jump_if(*s.test, anchor, false);
  bind(body);
  visit_body(s.body);
  set_location(s.span);
  if (always)
    jump(Op::JUMP_BACKWARD, body);
  else
    jump_if(*s.test, body, true); // the test repeated at the bottom: one jump per iteration
  pop_fblock();
  as().end_block(block);
  bind(anchor);
  visit_body(s.orelse);
  bind(end);
}

void CodeGenerator::compile_for(const ast::For& s) {
  Label start = label(), cleanup = label(), end = label();
  visit_expr(*s.iter);
  set_location(s.span);
  emit(Op::GET_ITER);
  bind(start);
  int block = as().begin_block(BlockKind::Loop, cleanup, s.span.lineno);
  push_fblock(FBlock(FBlockKind::ForLoop, start, end), s.span);
  jump(Op::FOR_ITER, cleanup);
  visit_store(*s.target);
  visit_body(s.body);
  set_location(s.span);
  jump(Op::JUMP_BACKWARD, start);
  pop_fblock();
  as().end_block(block);
  bind(cleanup);
  visit_body(s.orelse);
  bind(end);
}

void CodeGenerator::compile_try_except(const ast::Try& s) {
  Label body = label(), except = label(), end = label(), cleanup = label();
  jump(Op::SETUP_FINALLY, except);
  bind(body);
  int try_block = as().begin_block(BlockKind::Try, except, s.span.lineno);
  push_fblock(FBlock(FBlockKind::TryExcept, body), s.span);
  visit_body(s.body);
  pop_fblock();
  emit(Op::POP_BLOCK);
  as().end_block(try_block);
  visit_body(s.orelse);
  jump(Op::JUMP_FORWARD, end);

  bind(except);
  int handler_block = as().begin_block(BlockKind::Handler, cleanup, s.span.lineno);
  set_location(s.span);
  jump(Op::SETUP_CLEANUP, cleanup);
  emit(Op::PUSH_EXC_INFO);
  push_fblock(FBlock(FBlockKind::ExceptionHandler), s.span);
  for (size_t i = 0; i < s.handlers.size(); ++i) {
    const ast::ExceptHandler& h = s.handlers[i];
    set_location(h.span);
    if (!h.type && i + 1 < s.handlers.size()) error("default 'except:' must be last", h.span);
    Label next = label();
    if (h.type) {
      visit_expr(*h.type);
      emit(Op::CHECK_EXC_MATCH);
      jump(Op::POP_JUMP_IF_FALSE, next);
    }
    if (!h.name.empty()) {
      Label cleanup_end = label(), cleanup_body = label();
      nameop(h.name, NameCtx::Store);
      jump(Op::SETUP_CLEANUP, cleanup_end);
      bind(cleanup_body);
      FBlock fb(FBlockKind::HandlerCleanup, cleanup_body);
      fb.handler_name = h.name;
      push_fblock(std::move(fb), h.span);
      visit_body(h.body);
      pop_fblock();
      set_location(h.span);
      emit(Op::POP_BLOCK);
      emit(Op::POP_BLOCK);
      emit(Op::POP_EXCEPT);
      load_none();
      nameop(h.name, NameCtx::Store);
      nameop(h.name, NameCtx::Del);
      jump(Op::JUMP_FORWARD, end);
      // An exception inside the clause: clear the name, re-raise to the cleanup.
      bind(cleanup_end);
      load_none();
      nameop(h.name, NameCtx::Store);
      nameop(h.name, NameCtx::Del);
      emit(Op::RERAISE, 0);
    } else {
      Label cleanup_body = label();
      emit(Op::POP_TOP);
      bind(cleanup_body);
      push_fblock(FBlock(FBlockKind::HandlerCleanup, cleanup_body), h.span);
      visit_body(h.body);
      pop_fblock();
      set_location(h.span);
      emit(Op::POP_BLOCK);
      emit(Op::POP_EXCEPT);
      jump(Op::JUMP_FORWARD, end);
    }
    bind(next);
  }
  pop_fblock();
  set_location(s.handlers.empty() ? s.span : s.handlers.back().span);
  emit(Op::RERAISE, 0); // no clause matched
  bind(cleanup);
  // [prev, exc]: restore the previously handled exception and re-raise.
  emit(Op::SWAP, 2);
  emit(Op::POP_EXCEPT);
  emit(Op::RERAISE, 0);
  as().end_block(handler_block);
  bind(end);
}

void CodeGenerator::compile_try_finally(const ast::Try& s) {
  Label body = label(), end = label(), exit = label(), cleanup = label();
  jump(Op::SETUP_FINALLY, end);
  bind(body);
  int fin_block = as().begin_block(BlockKind::Finally, end, s.span.lineno);
  FBlock fb(FBlockKind::FinallyTry, body, end);
  fb.finalbody = &s.finalbody;
  push_fblock(std::move(fb), s.span);
  if (!s.handlers.empty())
    compile_try_except(s);
  else
    visit_body(s.body);
  emit(Op::POP_BLOCK);
  pop_fblock();
  as().end_block(fin_block);
  visit_body(s.finalbody);
  jump(Op::JUMP_FORWARD, exit);

  // The finally body again, for the exceptional path.
  bind(end);
  int handler_block = as().begin_block(BlockKind::Handler, cleanup, s.span.lineno);
  if (!s.finalbody.empty()) set_location(s.finalbody.front()->span);
  jump(Op::SETUP_CLEANUP, cleanup);
  emit(Op::PUSH_EXC_INFO);
  push_fblock(FBlock(FBlockKind::FinallyEnd, end), s.span);
  visit_body(s.finalbody);
  pop_fblock();
  emit(Op::RERAISE, 0);
  bind(cleanup);
  emit(Op::SWAP, 2);
  emit(Op::POP_EXCEPT);
  emit(Op::RERAISE, 0);
  as().end_block(handler_block);
  bind(exit);
}

void CodeGenerator::compile_with(const ast::With& s, size_t pos) {
  const ast::withitem& item = s.items[pos];
  Label block = label(), final = label(), exit = label(), cleanup = label(),
        suppressed = label();
  visit_expr(*item.context_expr);
  set_location(s.span);
  jump(Op::SETUP_WITH, final);
  bind(block);
  int with_block = as().begin_block(BlockKind::With, final, s.span.lineno);
  FBlock fb(FBlockKind::With, block, final);
  fb.with = &s;
  push_fblock(std::move(fb), s.span);
  if (item.optional_vars)
    visit_store(*item.optional_vars);
  else
    emit(Op::POP_TOP);
  if (pos + 1 == s.items.size())
    visit_body(s.body);
  else
    compile_with(s, pos + 1);
  pop_fblock();
  set_location(s.span);
  emit(Op::POP_BLOCK);
  as().end_block(with_block);
  // Normal exit: __exit__(None, None, None).
  call_exit_with_nones();
  emit(Op::POP_TOP);
  jump(Op::JUMP_FORWARD, exit);

  // Exceptional exit: [exit, exc] -> __exit__(type, exc, tb) decides.
  bind(final);
  int handler_block = as().begin_block(BlockKind::Handler, cleanup, s.span.lineno);
  jump(Op::SETUP_CLEANUP, cleanup);
  emit(Op::PUSH_EXC_INFO);
  emit(Op::WITH_EXCEPT_START);
  jump(Op::POP_JUMP_IF_TRUE, suppressed);
  emit(Op::RERAISE, 0);
  bind(cleanup);
  emit(Op::SWAP, 2);
  emit(Op::POP_EXCEPT);
  emit(Op::RERAISE, 0);
  bind(suppressed);
  emit(Op::POP_TOP); // the exception
  emit(Op::POP_BLOCK);
  emit(Op::POP_EXCEPT);
  emit(Op::POP_TOP); // __exit__
  as().end_block(handler_block);
  bind(exit);
}

void CodeGenerator::compile_assert(const ast::Assert& s) {
  Label end = label();
  jump_if(*s.test, end, true);
  set_location(s.span);
  emit(Op::LOAD_ASSERTION_ERROR);
  if (s.msg) {
    visit_expr(*s.msg);
    set_location(s.span);
    emit(Op::CALL, 0);
  }
  emit(Op::RAISE_VARARGS, 1);
  bind(end);
}

// ---- imports -----------------------------------------------------------------------

void CodeGenerator::compile_import(const ast::Import& s) {
  for (const ast::alias& a : s.names) {
    set_location(a.span.lineno > 0 ? a.span : s.span);
    load_const(Value::integer(0));
    load_none();
    emit(Op::IMPORT_NAME, as().add_name(a.name));
    size_t dot = a.name.find('.');
    if (!a.asname.empty()) {
      // `import a.b.c as d` binds the innermost module.
      size_t pos = dot;
      while (pos != std::string::npos) {
        size_t next = a.name.find('.', pos + 1);
        std::string attr = a.name.substr(pos + 1, next == std::string::npos ? std::string::npos
                                                                             : next - pos - 1);
        emit(Op::IMPORT_FROM, as().add_name(attr));
        emit(Op::SWAP, 2);
        emit(Op::POP_TOP);
        pos = next;
      }
      nameop(a.asname, NameCtx::Store);
    } else {
      nameop(a.name.substr(0, dot), NameCtx::Store);
    }
  }
}

void CodeGenerator::compile_import_from(const ast::ImportFrom& s) {
  if (s.level == 0 && s.module == "__future__" && s.span.lineno > future_.last_lineno)
    error("from __future__ imports must occur at the beginning of the file", s.span);
  load_const(Value::integer(s.level));
  std::vector<Value> names;
  for (const ast::alias& a : s.names) names.push_back(Value::borrow(intern(a.name)));
  load_const(Value(make_tuple(std::move(names))));
  emit(Op::IMPORT_NAME, as().add_name(s.module));
  if (!s.names.empty() && s.names[0].name == "*") {
    emit(Op::IMPORT_STAR);
    return;
  }
  for (const ast::alias& a : s.names) {
    emit(Op::IMPORT_FROM, as().add_name(a.name));
    nameop(a.asname.empty() ? a.name : a.asname, NameCtx::Store);
  }
  emit(Op::POP_TOP);
}

// ---- assignments ---------------------------------------------------------------------

void CodeGenerator::compile_augassign(const ast::AugAssign& s) {
  static constexpr BinaryOp kInplace[] = {
      BinaryOp::InplaceAdd,         BinaryOp::InplaceSubtract,   BinaryOp::InplaceMultiply,
      BinaryOp::InplaceMatrixMultiply, BinaryOp::InplaceTrueDivide, BinaryOp::InplaceRemainder,
      BinaryOp::InplacePower,       BinaryOp::InplaceLShift,     BinaryOp::InplaceRShift,
      BinaryOp::InplaceOr,          BinaryOp::InplaceXor,        BinaryOp::InplaceAnd,
      BinaryOp::InplaceFloorDivide};
  uint32_t op = static_cast<uint32_t>(kInplace[static_cast<int>(s.op)]);
  const ast::Expr& t = *s.target;
  switch (t.kind) {
  case ast::ExprKind::Attribute: {
    auto& a = ast::as<ast::Attribute>(t);
    visit_expr(*a.value);
    emit(Op::COPY, 1);
    set_location(t.span);
    emit_name(Op::LOAD_ATTR, a.attr);
    visit_expr(*s.value);
    set_location(s.span);
    emit(Op::BINARY_OP, op);
    emit(Op::SWAP, 2);
    set_location(t.span);
    emit_name(Op::STORE_ATTR, a.attr);
    break;
  }
  case ast::ExprKind::Subscript: {
    auto& sub = ast::as<ast::Subscript>(t);
    visit_expr(*sub.value);
    visit_expr(*sub.slice);
    emit(Op::COPY, 2);
    emit(Op::COPY, 2);
    set_location(t.span);
    emit(Op::BINARY_SUBSCR);
    visit_expr(*s.value);
    set_location(s.span);
    emit(Op::BINARY_OP, op);
    emit(Op::SWAP, 3);
    emit(Op::SWAP, 2);
    set_location(t.span);
    emit(Op::STORE_SUBSCR);
    break;
  }
  case ast::ExprKind::Name: {
    auto& n = ast::as<ast::Name>(t);
    set_location(t.span);
    nameop(n.id, NameCtx::Load);
    visit_expr(*s.value);
    set_location(s.span);
    emit(Op::BINARY_OP, op);
    set_location(t.span);
    nameop(n.id, NameCtx::Store);
    break;
  }
  default: error("illegal expression for augmented assignment", t.span);
  }
}

void CodeGenerator::compile_annassign(const ast::AnnAssign& s) {
  const ast::Expr& t = *s.target;
  if (s.value) {
    visit_expr(*s.value);
    visit_store(t);
  }
  Scope* ste = u().ste;
  bool module_or_class = ste->kind != ScopeKind::Function;
  switch (t.kind) {
  case ast::ExprKind::Name:
    if (s.simple && module_or_class) {
      visit_annotation(*s.annotation);
      set_location(s.span);
      nameop("__annotations__", NameCtx::Load);
      load_const(Value::borrow(intern(mangled(ast::as<ast::Name>(t).id))));
      emit(Op::STORE_SUBSCR);
    }
    break;
  case ast::ExprKind::Attribute:
    if (!s.value) {
      visit_expr(*ast::as<ast::Attribute>(t).value);
      emit(Op::POP_TOP);
    }
    break;
  case ast::ExprKind::Subscript:
    if (!s.value) {
      visit_expr(*ast::as<ast::Subscript>(t).value);
      emit(Op::POP_TOP);
      visit_expr(*ast::as<ast::Subscript>(t).slice);
      emit(Op::POP_TOP);
    }
    break;
  default: break;
  }
  // Non-simple targets still evaluate their annotation at module/class level
  // (unless annotations are strings: then nothing is left to do).
  if (!s.simple && module_or_class && !future_.annotations) {
    visit_expr(*s.annotation);
    emit(Op::POP_TOP);
  }
}

void CodeGenerator::visit_annotation(const ast::Expr& annotation) {
  if (!future_.annotations) {
    visit_expr(annotation);
    return;
  }
  std::string text = unparse_annotation(annotation, [](const ast::ConstantValue& c) {
    return std::string(repr(constant_value(c))->view());
  });
  load_const(str_value(text));
}

void CodeGenerator::compile_delete(const ast::Expr& t) {
  set_location(t.span);
  switch (t.kind) {
  case ast::ExprKind::Name: nameop(ast::as<ast::Name>(t).id, NameCtx::Del); break;
  case ast::ExprKind::Attribute: {
    auto& a = ast::as<ast::Attribute>(t);
    visit_expr(*a.value);
    set_location(t.span);
    emit_name(Op::DELETE_ATTR, a.attr);
    break;
  }
  case ast::ExprKind::Subscript: {
    auto& s = ast::as<ast::Subscript>(t);
    visit_expr(*s.value);
    visit_expr(*s.slice);
    set_location(t.span);
    emit(Op::DELETE_SUBSCR);
    break;
  }
  case ast::ExprKind::Tuple:
    for (auto& e : ast::as<ast::Tuple>(t).elts) compile_delete(*e);
    break;
  case ast::ExprKind::List:
    for (auto& e : ast::as<ast::List>(t).elts) compile_delete(*e);
    break;
  default: error("cannot delete expression", t.span);
  }
}

} // namespace refc::lang
