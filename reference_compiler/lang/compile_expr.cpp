// Code generation for expressions: operators, comparisons (chained ones with
// SWAP/COPY), conditional jumps, calls (CALL with KW_NAMES, LOAD_METHOD for
// method calls, CALL_FUNCTION_EX for star-arguments), displays with
// unpacking, comprehensions as nested functions, f-strings, lambdas, yield and
// yield from, and assignment targets. Layouts follow CPython 3.11's compile.c.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/code_generator.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

namespace {

BinaryOp binary_op_for(ast::OperatorKind k) {
  switch (k) {
  case ast::OperatorKind::Add: return BinaryOp::Add;
  case ast::OperatorKind::Sub: return BinaryOp::Subtract;
  case ast::OperatorKind::Mult: return BinaryOp::Multiply;
  case ast::OperatorKind::MatMult: return BinaryOp::MatrixMultiply;
  case ast::OperatorKind::Div: return BinaryOp::TrueDivide;
  case ast::OperatorKind::Mod: return BinaryOp::Remainder;
  case ast::OperatorKind::Pow: return BinaryOp::Power;
  case ast::OperatorKind::LShift: return BinaryOp::LShift;
  case ast::OperatorKind::RShift: return BinaryOp::RShift;
  case ast::OperatorKind::BitOr: return BinaryOp::Or;
  case ast::OperatorKind::BitXor: return BinaryOp::Xor;
  case ast::OperatorKind::BitAnd: return BinaryOp::And;
  case ast::OperatorKind::FloorDiv: return BinaryOp::FloorDivide;
  }
  return BinaryOp::Add;
}

bool is_starred(const ast::Expr& e) { return e.kind == ast::ExprKind::Starred; }

bool is_none_constant(const ast::Expr& e) {
  return e.kind == ast::ExprKind::Constant &&
         std::holds_alternative<ast::NoneTag>(ast::as<ast::Constant>(e).value);
}

// The start position CPython gives an attribute access spanning several lines:
// the line where the attribute name is.
Position attr_position(const ast::Attribute& a, const Position& current) {
  Position p = current;
  if (a.span.lineno != a.span.end_lineno) {
    p.line = a.span.end_lineno;
    p.col = a.span.end_col_offset - static_cast<int>(a.attr.size()) - 1;
  }
  return p;
}

} // namespace

void CodeGenerator::visit_expr(const ast::Expr& e) {
  Position saved = as().position();
  set_location(e.span);
  visit_expr_inner(e);
  as().set_position(saved);
}

void CodeGenerator::visit_expr_inner(const ast::Expr& e) {
  using K = ast::ExprKind;
  switch (e.kind) {
  case K::BoolOp: compile_boolop(ast::as<ast::BoolOp>(e)); return;
  case K::NamedExpr: {
    auto& n = ast::as<ast::NamedExpr>(e);
    visit_expr(*n.value);
    emit(Op::COPY, 1);
    visit_store(*n.target);
    return;
  }
  case K::BinOp: {
    auto& b = ast::as<ast::BinOp>(e);
    visit_expr(*b.left);
    visit_expr(*b.right);
    emit(Op::BINARY_OP, static_cast<uint32_t>(binary_op_for(b.op)));
    return;
  }
  case K::UnaryOp: {
    Value folded = try_constant(e);
    if (!folded.is_null()) {
      load_const(folded);
      return;
    }
    auto& un = ast::as<ast::UnaryOp>(e);
    visit_expr(*un.operand);
    switch (un.op) {
    case ast::UnaryOpKind::Invert: emit(Op::UNARY_INVERT); break;
    case ast::UnaryOpKind::Not: emit(Op::UNARY_NOT); break;
    case ast::UnaryOpKind::UAdd: emit(Op::UNARY_POSITIVE); break;
    case ast::UnaryOpKind::USub: emit(Op::UNARY_NEGATIVE); break;
    }
    return;
  }
  case K::Lambda: compile_lambda(ast::as<ast::Lambda>(e)); return;
  case K::IfExp: {
    auto& i = ast::as<ast::IfExp>(e);
    Label orelse = label(), end = label();
    jump_if(*i.test, orelse, false);
    visit_expr(*i.body);
    jump(Op::JUMP_FORWARD, end);
    bind(orelse);
    visit_expr(*i.orelse);
    bind(end);
    return;
  }
  case K::Dict: compile_dict(ast::as<ast::Dict>(e)); return;
  case K::Set:
    starunpack(ast::as<ast::Set>(e).elts, 0, Op::BUILD_SET, Op::SET_ADD, Op::SET_UPDATE, false);
    return;
  case K::ListComp: {
    auto& c = ast::as<ast::ListComp>(e);
    compile_comprehension(e, c.generators, c.elt.get(), nullptr);
    return;
  }
  case K::SetComp: {
    auto& c = ast::as<ast::SetComp>(e);
    compile_comprehension(e, c.generators, c.elt.get(), nullptr);
    return;
  }
  case K::DictComp: {
    auto& c = ast::as<ast::DictComp>(e);
    compile_comprehension(e, c.generators, c.key.get(), c.value.get());
    return;
  }
  case K::GeneratorExp: {
    auto& c = ast::as<ast::GeneratorExp>(e);
    compile_comprehension(e, c.generators, c.elt.get(), nullptr);
    return;
  }
  case K::Yield: {
    if (u().ste->kind != ScopeKind::Function) error("'yield' outside function", e.span);
    auto& y = ast::as<ast::Yield>(e);
    if (y.value)
      visit_expr(*y.value);
    else
      load_none();
    emit(Op::YIELD_VALUE, 0);
    return;
  }
  case K::YieldFrom: {
    if (u().ste->kind != ScopeKind::Function) error("'yield' outside function", e.span);
    visit_expr(*ast::as<ast::YieldFrom>(e).value);
    emit(Op::GET_YIELD_FROM_ITER);
    load_none();
    compile_yield_from();
    return;
  }
  case K::Compare: compile_compare(ast::as<ast::Compare>(e)); return;
  case K::Call: compile_call(ast::as<ast::Call>(e)); return;
  case K::FormattedValue: compile_formatted_value(ast::as<ast::FormattedValue>(e)); return;
  case K::JoinedStr: compile_joined_str(ast::as<ast::JoinedStr>(e)); return;
  case K::Constant: load_const(constant_value(ast::as<ast::Constant>(e).value)); return;
  case K::Attribute: {
    auto& a = ast::as<ast::Attribute>(e);
    visit_expr(*a.value);
    Position p = as().position();
    as().set_position(attr_position(a, p));
    Position q = as().position();
    q.line = a.span.end_lineno > 0 ? a.span.end_lineno : q.line;
    as().set_position(q);
    emit_name(Op::LOAD_ATTR, a.attr);
    as().set_position(p);
    return;
  }
  case K::Subscript: {
    auto& s = ast::as<ast::Subscript>(e);
    visit_expr(*s.value);
    visit_expr(*s.slice);
    emit(Op::BINARY_SUBSCR);
    return;
  }
  case K::Starred: error("can't use starred expression here", e.span);
  case K::Name: nameop(ast::as<ast::Name>(e).id, NameCtx::Load); return;
  case K::List:
    starunpack(ast::as<ast::List>(e).elts, 0, Op::BUILD_LIST, Op::LIST_APPEND, Op::LIST_EXTEND,
               false);
    return;
  case K::Tuple: {
    Value folded = try_constant(e);
    if (!folded.is_null()) {
      load_const(folded);
      return;
    }
    starunpack(ast::as<ast::Tuple>(e).elts, 0, Op::BUILD_LIST, Op::LIST_APPEND, Op::LIST_EXTEND,
               true);
    return;
  }
  case K::Slice: compile_slice(ast::as<ast::Slice>(e)); return;
  }
}

// ---- assignment targets ----------------------------------------------------------

void CodeGenerator::visit_store(const ast::Expr& t) {
  Position saved = as().position();
  set_location(t.span);
  switch (t.kind) {
  case ast::ExprKind::Name: nameop(ast::as<ast::Name>(t).id, NameCtx::Store); break;
  case ast::ExprKind::Attribute: {
    auto& a = ast::as<ast::Attribute>(t);
    visit_expr(*a.value);
    Position q = attr_position(a, as().position());
    q.line = t.span.end_lineno > 0 ? t.span.end_lineno : q.line;
    as().set_position(q);
    emit_name(Op::STORE_ATTR, a.attr);
    break;
  }
  case ast::ExprKind::Subscript: {
    auto& s = ast::as<ast::Subscript>(t);
    visit_expr(*s.value);
    visit_expr(*s.slice);
    emit(Op::STORE_SUBSCR);
    break;
  }
  case ast::ExprKind::Tuple: visit_unpack_store(ast::as<ast::Tuple>(t).elts, t.span); break;
  case ast::ExprKind::List: visit_unpack_store(ast::as<ast::List>(t).elts, t.span); break;
  case ast::ExprKind::Starred:
    error("starred assignment target must be in a list or tuple", t.span);
  default: error("cannot assign to expression", t.span);
  }
  as().set_position(saved);
}

void CodeGenerator::visit_unpack_store(const ast::ExprList& elts, const ast::Span& span) {
  size_t n = elts.size();
  int star = -1;
  for (size_t i = 0; i < n; ++i) {
    if (!is_starred(*elts[i])) continue;
    if (star >= 0) error("multiple starred expressions in assignment", span);
    star = static_cast<int>(i);
  }
  if (star >= 0) {
    size_t before = static_cast<size_t>(star), after = n - before - 1;
    if (before >= 256 || after >= (1u << 24))
      error("too many expressions in star-unpacking assignment", span);
    emit(Op::UNPACK_EX, static_cast<uint32_t>(before | (after << 8)));
  } else {
    emit(Op::UNPACK_SEQUENCE, static_cast<uint32_t>(n));
  }
  for (auto& el : elts) {
    if (is_starred(*el))
      visit_store(*ast::as<ast::Starred>(*el).value);
    else
      visit_store(*el);
  }
}

// ---- conditions and comparisons ------------------------------------------------------

void CodeGenerator::jump_if(const ast::Expr& e, Label target, bool cond) {
  using K = ast::ExprKind;
  switch (e.kind) {
  case K::UnaryOp: {
    auto& un = ast::as<ast::UnaryOp>(e);
    if (un.op == ast::UnaryOpKind::Not) {
      jump_if(*un.operand, target, !cond);
      return;
    }
    break;
  }
  case K::BoolOp: {
    auto& b = ast::as<ast::BoolOp>(e);
    bool cond2 = b.op == ast::BoolOpKind::Or;
    Label next2 = cond2 != cond ? label() : target;
    for (size_t i = 0; i + 1 < b.values.size(); ++i) jump_if(*b.values[i], next2, cond2);
    jump_if(*b.values.back(), target, cond);
    if (next2.id != target.id) bind(next2);
    return;
  }
  case K::IfExp: {
    auto& i = ast::as<ast::IfExp>(e);
    Label end = label(), next2 = label();
    jump_if(*i.test, next2, false);
    jump_if(*i.body, target, cond);
    jump(Op::JUMP_FORWARD, end);
    bind(next2);
    jump_if(*i.orelse, target, cond);
    bind(end);
    return;
  }
  case K::Compare: {
    auto& c = ast::as<ast::Compare>(e);
    size_t n = c.ops.size();
    if (n == 1 && (c.ops[0] == ast::CmpOpKind::Is || c.ops[0] == ast::CmpOpKind::IsNot) &&
        is_none_constant(*c.comparators[0])) {
      visit_expr(*c.left);
      Position saved = as().position();
      set_location(e.span);
      bool is = c.ops[0] == ast::CmpOpKind::Is;
      jump(is == cond ? Op::POP_JUMP_IF_NONE : Op::POP_JUMP_IF_NOT_NONE, target);
      as().set_position(saved);
      return;
    }
    if (n > 1) {
      Position saved = as().position();
      set_location(e.span);
      Label cleanup = label(), end = label();
      visit_expr(*c.left);
      for (size_t i = 0; i + 1 < n; ++i) {
        visit_expr(*c.comparators[i]);
        emit(Op::SWAP, 2);
        emit(Op::COPY, 2);
        emit_compare_op(c.ops[i]);
        jump(Op::POP_JUMP_IF_FALSE, cleanup);
      }
      visit_expr(*c.comparators[n - 1]);
      emit_compare_op(c.ops[n - 1]);
      jump(cond ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE, target);
      jump(Op::JUMP_FORWARD, end);
      bind(cleanup);
      emit(Op::POP_TOP);
      if (!cond) jump(Op::JUMP_FORWARD, target);
      bind(end);
      as().set_position(saved);
      return;
    }
    break;
  }
  default: break;
  }
  visit_expr(e);
  jump(cond ? Op::POP_JUMP_IF_TRUE : Op::POP_JUMP_IF_FALSE, target);
}

void CodeGenerator::compile_boolop(const ast::BoolOp& e) {
  Op j = e.op == ast::BoolOpKind::And ? Op::JUMP_IF_FALSE_OR_POP : Op::JUMP_IF_TRUE_OR_POP;
  Label end = label();
  for (size_t i = 0; i + 1 < e.values.size(); ++i) {
    visit_expr(*e.values[i]);
    jump(j, end);
  }
  visit_expr(*e.values.back());
  bind(end);
}

void CodeGenerator::emit_compare_op(ast::CmpOpKind op) {
  switch (op) {
  case ast::CmpOpKind::Eq: emit(Op::COMPARE_OP, static_cast<uint32_t>(CompareOp::Eq)); break;
  case ast::CmpOpKind::NotEq: emit(Op::COMPARE_OP, static_cast<uint32_t>(CompareOp::Ne)); break;
  case ast::CmpOpKind::Lt: emit(Op::COMPARE_OP, static_cast<uint32_t>(CompareOp::Lt)); break;
  case ast::CmpOpKind::LtE: emit(Op::COMPARE_OP, static_cast<uint32_t>(CompareOp::Le)); break;
  case ast::CmpOpKind::Gt: emit(Op::COMPARE_OP, static_cast<uint32_t>(CompareOp::Gt)); break;
  case ast::CmpOpKind::GtE: emit(Op::COMPARE_OP, static_cast<uint32_t>(CompareOp::Ge)); break;
  case ast::CmpOpKind::Is: emit(Op::IS_OP, 0); break;
  case ast::CmpOpKind::IsNot: emit(Op::IS_OP, 1); break;
  case ast::CmpOpKind::In: emit(Op::CONTAINS_OP, 0); break;
  case ast::CmpOpKind::NotIn: emit(Op::CONTAINS_OP, 1); break;
  }
}

void CodeGenerator::compile_compare(const ast::Compare& e) {
  visit_expr(*e.left);
  size_t n = e.ops.size();
  if (n == 1) {
    visit_expr(*e.comparators[0]);
    emit_compare_op(e.ops[0]);
    return;
  }
  Label cleanup = label(), end = label();
  for (size_t i = 0; i + 1 < n; ++i) {
    visit_expr(*e.comparators[i]);
    emit(Op::SWAP, 2);
    emit(Op::COPY, 2);
    emit_compare_op(e.ops[i]);
    jump(Op::JUMP_IF_FALSE_OR_POP, cleanup);
  }
  visit_expr(*e.comparators[n - 1]);
  emit_compare_op(e.ops[n - 1]);
  jump(Op::JUMP_FORWARD, end);
  bind(cleanup);
  emit(Op::SWAP, 2);
  emit(Op::POP_TOP);
  bind(end);
}

// ---- calls ---------------------------------------------------------------------------

void CodeGenerator::compile_call(const ast::Call& e) {
  bool simple = true;
  for (auto& a : e.args)
    if (is_starred(*a)) simple = false;
  for (auto& k : e.keywords)
    if (k.arg.empty()) simple = false;
  for (size_t i = 0; i < e.keywords.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (!e.keywords[i].arg.empty() && e.keywords[i].arg == e.keywords[j].arg)
        error("keyword argument repeated: " + e.keywords[i].arg, e.keywords[i].span);

  const ast::Expr& func = *e.func;
  if (simple && func.kind == ast::ExprKind::Attribute &&
      ast::as<ast::Attribute>(func).ctx == ast::ExprContext::Load) {
    // obj.meth(...) without binding a method object: LOAD_METHOD + CALL.
    auto& a = ast::as<ast::Attribute>(func);
    visit_expr(*a.value);
    Position call_pos = attr_position(a, as().position());
    as().set_position(attr_position(a, Position{func.span.lineno, func.span.end_lineno,
                                                func.span.col_offset, func.span.end_col_offset}));
    emit_name(Op::LOAD_METHOD, a.attr);
    as().set_position(call_pos);
    for (auto& arg : e.args) visit_expr(*arg);
    std::vector<Value> kwnames;
    for (auto& k : e.keywords) {
      visit_expr(*k.value);
      kwnames.push_back(Value::borrow(intern(k.arg)));
    }
    as().set_position(call_pos);
    if (!kwnames.empty()) emit(Op::KW_NAMES, as().add_const(Value(make_tuple(std::move(kwnames)))));
    emit(Op::CALL, static_cast<uint32_t>(e.args.size() + e.keywords.size()));
    return;
  }
  if (func.kind == ast::ExprKind::Name && is_global_load(ast::as<ast::Name>(func).id)) {
    Position saved = as().position();
    set_location(func.span);
    nameop(ast::as<ast::Name>(func).id, NameCtx::Load, /*push_null=*/true);
    as().set_position(saved);
  } else {
    emit(Op::PUSH_NULL);
    visit_expr(func);
  }
  call_helper(0, e.args, e.keywords);
}

void CodeGenerator::subkwargs(const std::vector<ast::keyword>& kws, size_t begin, size_t end) {
  size_t n = end - begin;
  if (n > 1) {
    std::vector<Value> keys;
    for (size_t i = begin; i < end; ++i) {
      visit_expr(*kws[i].value);
      keys.push_back(Value::borrow(intern(kws[i].arg)));
    }
    load_const(Value(make_tuple(std::move(keys))));
    emit(Op::BUILD_CONST_KEY_MAP, static_cast<uint32_t>(n));
  } else {
    load_const(Value::borrow(intern(kws[begin].arg)));
    visit_expr(*kws[begin].value);
    emit(Op::BUILD_MAP, 1);
  }
}

void CodeGenerator::call_helper(int pushed, const ast::ExprList& args,
                                const std::vector<ast::keyword>& kws) {
  bool star = false, dstar = false;
  for (auto& a : args)
    if (is_starred(*a)) star = true;
  for (auto& k : kws)
    if (k.arg.empty()) dstar = true;
  if (!star && !dstar) {
    for (auto& a : args) visit_expr(*a);
    std::vector<Value> kwnames;
    for (auto& k : kws) {
      visit_expr(*k.value);
      kwnames.push_back(Value::borrow(intern(k.arg)));
    }
    if (!kwnames.empty()) emit(Op::KW_NAMES, as().add_const(Value(make_tuple(std::move(kwnames)))));
    emit(Op::CALL, static_cast<uint32_t>(pushed + args.size() + kws.size()));
    return;
  }
  // f(*a, **k): a tuple of positionals and a dict of keywords.
  if (pushed == 0 && args.size() == 1 && is_starred(*args[0]))
    visit_expr(*ast::as<ast::Starred>(*args[0]).value);
  else
    starunpack(args, pushed, Op::BUILD_LIST, Op::LIST_APPEND, Op::LIST_EXTEND, true);
  if (!kws.empty()) {
    bool have_dict = false;
    size_t nseen = 0;
    for (size_t i = 0; i < kws.size(); ++i) {
      if (!kws[i].arg.empty()) {
        ++nseen;
        continue;
      }
      if (nseen) {
        subkwargs(kws, i - nseen, i);
        if (have_dict) emit(Op::DICT_MERGE, 1);
        have_dict = true;
        nseen = 0;
      }
      if (!have_dict) {
        emit(Op::BUILD_MAP, 0);
        have_dict = true;
      }
      visit_expr(*kws[i].value);
      emit(Op::DICT_MERGE, 1);
    }
    if (nseen) {
      subkwargs(kws, kws.size() - nseen, kws.size());
      if (have_dict) emit(Op::DICT_MERGE, 1);
    }
  }
  emit(Op::CALL_FUNCTION_EX, kws.empty() ? 0 : 1);
}

// ---- displays --------------------------------------------------------------------------

void CodeGenerator::starunpack(const ast::ExprList& elts, int pushed, Op build, Op add,
                               Op extend, bool tuple) {
  size_t n = elts.size();
  if (build == Op::BUILD_LIST && !tuple && pushed == 0 && n > 2) {
    // A list of constants: extend an empty list by one constant tuple.
    std::vector<Value> items;
    for (auto& el : elts) {
      Value v = try_constant(*el);
      if (v.is_null()) break;
      items.push_back(std::move(v));
    }
    if (items.size() == n) {
      emit(Op::BUILD_LIST, 0);
      load_const(Value(make_tuple(std::move(items))));
      emit(Op::LIST_EXTEND, 1);
      return;
    }
  }
  bool seen_star = false;
  for (auto& el : elts)
    if (is_starred(*el)) seen_star = true;
  if (!seen_star) {
    for (auto& el : elts) visit_expr(*el);
    emit(tuple ? Op::BUILD_TUPLE : build, static_cast<uint32_t>(n + pushed));
    return;
  }
  bool built = false;
  for (size_t i = 0; i < n; ++i) {
    const ast::Expr& el = *elts[i];
    if (is_starred(el)) {
      if (!built) {
        emit(build, static_cast<uint32_t>(i + pushed));
        built = true;
      }
      visit_expr(*ast::as<ast::Starred>(el).value);
      emit(extend, 1);
    } else {
      visit_expr(el);
      if (built) emit(add, 1);
    }
  }
  if (tuple) emit(Op::LIST_TO_TUPLE);
}

void CodeGenerator::compile_dict(const ast::Dict& e) {
  size_t n = e.values.size();
  size_t elements = 0;
  bool have_dict = false;
  auto subdict = [&](size_t begin, size_t end) {
    size_t count = end - begin;
    bool all_const_keys = count > 1;
    std::vector<Value> keys;
    if (all_const_keys) {
      for (size_t i = begin; i < end; ++i) {
        Value k = try_constant(*e.keys[i]);
        if (k.is_null()) {
          all_const_keys = false;
          break;
        }
        keys.push_back(std::move(k));
      }
    }
    if (all_const_keys) {
      for (size_t i = begin; i < end; ++i) visit_expr(*e.values[i]);
      load_const(Value(make_tuple(std::move(keys))));
      emit(Op::BUILD_CONST_KEY_MAP, static_cast<uint32_t>(count));
    } else {
      for (size_t i = begin; i < end; ++i) {
        visit_expr(*e.keys[i]);
        visit_expr(*e.values[i]);
      }
      emit(Op::BUILD_MAP, static_cast<uint32_t>(count));
    }
  };
  for (size_t i = 0; i < n; ++i) {
    if (!e.keys[i]) { // **mapping
      if (elements) {
        subdict(i - elements, i);
        if (have_dict) emit(Op::DICT_UPDATE, 1);
        have_dict = true;
        elements = 0;
      }
      if (!have_dict) {
        emit(Op::BUILD_MAP, 0);
        have_dict = true;
      }
      visit_expr(*e.values[i]);
      emit(Op::DICT_UPDATE, 1);
    } else {
      ++elements;
    }
  }
  if (elements) {
    subdict(n - elements, n);
    if (have_dict) emit(Op::DICT_UPDATE, 1);
    have_dict = true;
  }
  if (!have_dict) emit(Op::BUILD_MAP, 0);
}

void CodeGenerator::compile_slice(const ast::Slice& s) {
  if (s.lower)
    visit_expr(*s.lower);
  else
    load_none();
  if (s.upper)
    visit_expr(*s.upper);
  else
    load_none();
  if (s.step) {
    visit_expr(*s.step);
    emit(Op::BUILD_SLICE, 3);
  } else {
    emit(Op::BUILD_SLICE, 2);
  }
}

void CodeGenerator::compile_joined_str(const ast::JoinedStr& e) {
  for (auto& v : e.values) visit_expr(*v);
  if (e.values.size() != 1) emit(Op::BUILD_STRING, static_cast<uint32_t>(e.values.size()));
}

void CodeGenerator::compile_formatted_value(const ast::FormattedValue& e) {
  visit_expr(*e.value);
  uint32_t flags = 0;
  switch (e.conversion) {
  case 's': flags = 1; break;
  case 'r': flags = 2; break;
  case 'a': flags = 3; break;
  default: break;
  }
  if (e.format_spec) {
    visit_expr(*e.format_spec);
    flags |= 4;
  }
  emit(Op::FORMAT_VALUE, flags);
}

// ---- functions in expressions -------------------------------------------------------------

void CodeGenerator::compile_lambda(const ast::Lambda& e) {
  uint32_t flags = default_arguments(e.args);
  Scope* ste = symbols_.scope_for(&e);
  enter_unit(ste, "<lambda>", e.span.lineno, e.span);
  set_signature(e.args);
  as().add_const(Value::none()); // a lambda has no docstring
  set_location(e.body->span);
  visit_expr(*e.body);
  if (ste->is_generator) {
    emit(Op::POP_TOP);
    load_none();
  }
  emit(Op::RETURN_VALUE);
  Ref<CodeObject> code = leave_unit();
  make_closure(code, flags);
}

void CodeGenerator::compile_comprehension(const ast::Expr& e,
                                          const std::vector<ast::comprehension>& gens,
                                          const ast::Expr* elt, const ast::Expr* value) {
  Scope* ste = symbols_.scope_for(&e);
  enter_unit(ste, ste->name, e.span.lineno, e.span);
  as().set_arg_counts(1, 0, 0);
  set_location(e.span);
  switch (e.kind) {
  case ast::ExprKind::ListComp: emit(Op::BUILD_LIST, 0); break;
  case ast::ExprKind::SetComp: emit(Op::BUILD_SET, 0); break;
  case ast::ExprKind::DictComp: emit(Op::BUILD_MAP, 0); break;
  default: break;
  }
  comprehension_generator(gens, 0, 0, elt, value, e.kind);
  set_location(e.span);
  if (e.kind == ast::ExprKind::GeneratorExp) load_none();
  emit(Op::RETURN_VALUE);
  Ref<CodeObject> code = leave_unit();

  make_closure(code, 0);
  visit_expr(*gens[0].iter);
  set_location(e.span);
  emit(Op::GET_ITER);
  emit(Op::CALL, 0);
}

void CodeGenerator::comprehension_generator(const std::vector<ast::comprehension>& gens,
                                            size_t index, int depth, const ast::Expr* elt,
                                            const ast::Expr* value, ast::ExprKind kind) {
  const ast::comprehension& gen = gens[index];
  Label start = label(), if_cleanup = label(), anchor = label();
  if (index == 0) {
    emit(Op::LOAD_FAST, as().add_varname(".0"));
  } else {
    visit_expr(*gen.iter);
    emit(Op::GET_ITER);
  }
  bind(start);
  int block = as().begin_block(BlockKind::Loop, anchor, as().position().line);
  jump(Op::FOR_ITER, anchor);
  visit_store(*gen.target);
  ++depth;
  for (auto& cond : gen.ifs) jump_if(*cond, if_cleanup, false);
  if (index + 1 < gens.size()) {
    comprehension_generator(gens, index + 1, depth, elt, value, kind);
  } else {
    switch (kind) {
    case ast::ExprKind::GeneratorExp:
      visit_expr(*elt);
      emit(Op::YIELD_VALUE, 0);
      emit(Op::POP_TOP);
      break;
    case ast::ExprKind::ListComp:
      visit_expr(*elt);
      emit(Op::LIST_APPEND, depth + 1);
      break;
    case ast::ExprKind::SetComp:
      visit_expr(*elt);
      emit(Op::SET_ADD, depth + 1);
      break;
    default: // DictComp: elt is the key
      visit_expr(*elt);
      visit_expr(*value);
      emit(Op::MAP_ADD, depth + 1);
      break;
    }
  }
  bind(if_cleanup);
  jump(Op::JUMP_BACKWARD, start);
  as().end_block(block);
  bind(anchor);
}

void CodeGenerator::compile_yield_from() {
  Label start = label(), exit = label();
  bind(start);
  jump(Op::SEND, exit);
  emit(Op::YIELD_VALUE, 1);
  jump(Op::JUMP_BACKWARD, start);
  bind(exit);
}

} // namespace refc::lang
