// The recursive-descent parser. It follows CPython 3.11's PEG grammar rule by
// rule (function names match the grammar's), and reproduces its error
// reporting: CPython parses twice, the second time with "invalid_*" rules
// that produce specific messages; here those checks run at the point where
// the plain parse would fail, with short speculative sub-parses where CPython
// looks ahead. A generic "invalid syntax" is reported at the furthest token
// examined, like CPython's, and a later tokenizer error takes precedence over
// any parser error, as CPython's tokenize-the-rest pass does.
//
// Robustness: recursion is bounded (brackets by the tokenizer's 200 levels,
// everything else by kMaxDepth), and chains that CPython parses iteratively
// (a.b.c..., 1+1+..., ----x) are parsed iteratively here too, with the height
// of the tree they build counted against the same limit.
//
// The grammar rules are spread by what they parse (parser_statements.cpp,
// parser_expressions.cpp, parser_atoms.cpp, parser_strings.cpp; the Parser
// class itself is in parser_internal.h). This file holds the entry point,
// the node helpers those rules share, and the checks CPython's symbol table
// makes once the whole tree is parsed.
#include "reference_compiler/lang/parser.h"

#include "reference_compiler/lang/parser_internal.h"

#include <unordered_set>

namespace refc::lang {

namespace parsing {

const char* expr_name(const Expr& e) {
  switch (e.kind) {
  case ExprKind::Attribute: return "attribute";
  case ExprKind::Subscript: return "subscript";
  case ExprKind::Starred: return "starred";
  case ExprKind::Name: return "name";
  case ExprKind::List: return "list";
  case ExprKind::Tuple: return "tuple";
  case ExprKind::Lambda: return "lambda";
  case ExprKind::Call: return "function call";
  case ExprKind::BoolOp:
  case ExprKind::BinOp:
  case ExprKind::UnaryOp: return "expression";
  case ExprKind::GeneratorExp: return "generator expression";
  case ExprKind::Yield:
  case ExprKind::YieldFrom: return "yield expression";
  case ExprKind::ListComp: return "list comprehension";
  case ExprKind::SetComp: return "set comprehension";
  case ExprKind::DictComp: return "dict comprehension";
  case ExprKind::Dict: return "dict literal";
  case ExprKind::Set: return "set display";
  case ExprKind::JoinedStr:
  case ExprKind::FormattedValue: return "f-string expression";
  case ExprKind::Constant: {
    const ConstantValue& v = as<Constant>(e).value;
    if (std::holds_alternative<NoneTag>(v)) return "None";
    if (auto* b = std::get_if<bool>(&v)) return *b ? "True" : "False";
    if (std::holds_alternative<EllipsisTag>(v)) return "ellipsis";
    return "literal";
  }
  case ExprKind::Compare: return "comparison";
  case ExprKind::IfExp: return "conditional expression";
  case ExprKind::NamedExpr: return "named expression";
  case ExprKind::Slice: return "slice";
  }
  return "expression";
}

// CPython's _PyPegen_get_invalid_target: the first sub-expression that
// cannot be assigned to (or deleted), or null when all can.
const Expr* invalid_target(const Expr* e, TargetsType type) {
  if (!e) return nullptr;
  switch (e->kind) {
  case ExprKind::List:
    for (auto& x : as<List>(*e).elts)
      if (auto* bad = invalid_target(x.get(), type)) return bad;
    return nullptr;
  case ExprKind::Tuple:
    for (auto& x : as<Tuple>(*e).elts)
      if (auto* bad = invalid_target(x.get(), type)) return bad;
    return nullptr;
  case ExprKind::Starred:
    if (type == TargetsType::Del) return e;
    return invalid_target(as<Starred>(*e).value.get(), type);
  case ExprKind::Compare:
    // `for a in b` parses its target and iterable as one comparison.
    if (type == TargetsType::For) {
      auto& c = as<Compare>(*e);
      if (c.ops[0] == CmpOpKind::In) return invalid_target(c.left.get(), type);
      return nullptr;
    }
    return e;
  case ExprKind::Name:
  case ExprKind::Subscript:
  case ExprKind::Attribute: return nullptr;
  default: return e;
  }
}

void set_context(Expr& e, ExprContext ctx) {
  switch (e.kind) {
  case ExprKind::Name: as<Name>(e).ctx = ctx; break;
  case ExprKind::Attribute: as<Attribute>(e).ctx = ctx; break;
  case ExprKind::Subscript: as<Subscript>(e).ctx = ctx; break;
  case ExprKind::Starred:
    as<Starred>(e).ctx = ctx;
    set_context(*as<Starred>(e).value, ctx);
    break;
  case ExprKind::List:
    as<List>(e).ctx = ctx;
    for (auto& x : as<List>(e).elts) set_context(*x, ctx);
    break;
  case ExprKind::Tuple:
    as<Tuple>(e).ctx = ctx;
    for (auto& x : as<Tuple>(e).elts) set_context(*x, ctx);
    break;
  default: break;
  }
}

// The left-most child, for finding the atom an expression starts with.
const Expr* left_child(const Expr& e) {
  switch (e.kind) {
  case ExprKind::BinOp: return as<BinOp>(e).left.get();
  case ExprKind::BoolOp: return as<BoolOp>(e).values[0].get();
  case ExprKind::Compare: return as<Compare>(e).left.get();
  case ExprKind::Attribute: return as<Attribute>(e).value.get();
  case ExprKind::Subscript: return as<Subscript>(e).value.get();
  case ExprKind::Call: return as<Call>(e).func.get();
  case ExprKind::IfExp: return as<IfExp>(e).body.get();
  case ExprKind::NamedExpr: return as<NamedExpr>(e).target.get();
  default: return nullptr;
  }
}

bool is_augassign(TokenKind k) {
  switch (k) {
  case TokenKind::PlusEqual:
  case TokenKind::MinEqual:
  case TokenKind::StarEqual:
  case TokenKind::AtEqual:
  case TokenKind::SlashEqual:
  case TokenKind::PercentEqual:
  case TokenKind::AmperEqual:
  case TokenKind::VBarEqual:
  case TokenKind::CircumflexEqual:
  case TokenKind::LeftShiftEqual:
  case TokenKind::RightShiftEqual:
  case TokenKind::DoubleStarEqual:
  case TokenKind::DoubleSlashEqual: return true;
  default: return false;
  }
}

OperatorKind augassign_op(TokenKind k) {
  switch (k) {
  case TokenKind::PlusEqual: return OperatorKind::Add;
  case TokenKind::MinEqual: return OperatorKind::Sub;
  case TokenKind::StarEqual: return OperatorKind::Mult;
  case TokenKind::AtEqual: return OperatorKind::MatMult;
  case TokenKind::SlashEqual: return OperatorKind::Div;
  case TokenKind::PercentEqual: return OperatorKind::Mod;
  case TokenKind::AmperEqual: return OperatorKind::BitAnd;
  case TokenKind::VBarEqual: return OperatorKind::BitOr;
  case TokenKind::CircumflexEqual: return OperatorKind::BitXor;
  case TokenKind::LeftShiftEqual: return OperatorKind::LShift;
  case TokenKind::RightShiftEqual: return OperatorKind::RShift;
  case TokenKind::DoubleStarEqual: return OperatorKind::Pow;
  default: return OperatorKind::FloorDiv;
  }
}

// Tokens that may begin an expression but never continue one that is
// complete: finding one right after an expression means two expressions
// were juxtaposed.
bool starts_juxtaposed_expression(TokenKind k) {
  switch (k) {
  case TokenKind::Name:
  case TokenKind::Number:
  case TokenKind::String:
  case TokenKind::LBrace:
  case TokenKind::Tilde:
  case TokenKind::Ellipsis:
  case TokenKind::KwNone:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNot:
  case TokenKind::KwLambda:
  case TokenKind::KwAwait: return true;
  default: return false;
  }
}

// Tokens that may begin an expression: those above, and the brackets and
// operators that may also continue one.
bool starts_expression(TokenKind k) {
  switch (k) {
  case TokenKind::LPar:
  case TokenKind::LSqb:
  case TokenKind::Minus:
  case TokenKind::Plus:
  case TokenKind::Star: return true;
  default: return starts_juxtaposed_expression(k);
  }
}

} // namespace parsing

namespace {

using namespace parsing;

// ---- checks CPython's symbol table makes ------------------------------------

void check_duplicate_arguments(const arguments& a, const TokenizedSource& src) {
  std::unordered_set<std::string> seen;
  auto check = [&](const arg& x) {
    if (!seen.insert(x.arg).second) {
      SyntaxErrorInfo e;
      e.filename = src.filename;
      e.msg = "duplicate argument '" + x.arg + "' in function definition";
      e.lineno = x.span.lineno;
      e.offset = x.span.col_offset + 1;
      e.end_lineno = x.span.end_lineno;
      e.end_offset = x.span.end_col_offset + 1;
      e.text = src.error_text(x.span.lineno);
      throw e;
    }
  };
  for (auto& x : a.posonlyargs) check(x);
  for (auto& x : a.args) check(x);
  if (a.vararg) check(*a.vararg);
  for (auto& x : a.kwonlyargs) check(x);
  if (a.kwarg) check(*a.kwarg);
}

void check_expr(const Expr* e, const TokenizedSource& src);

void check_exprs(const ExprList& list, const TokenizedSource& src) {
  for (auto& e : list) check_expr(e.get(), src);
}

void check_arguments_defaults(const arguments& a, const TokenizedSource& src) {
  check_exprs(a.defaults, src);
  check_exprs(a.kw_defaults, src);
}

void check_comprehensions(const std::vector<comprehension>& gens, const TokenizedSource& src) {
  for (auto& g : gens) {
    check_expr(g.iter.get(), src);
    check_expr(g.target.get(), src);
    check_exprs(g.ifs, src);
  }
}

// Visits expressions in CPython's symbol-table order (depth bounded by the
// parser's nesting limit).
void check_expr(const Expr* e, const TokenizedSource& src) {
  if (!e) return;
  switch (e->kind) {
  case ExprKind::BoolOp: check_exprs(as<BoolOp>(*e).values, src); break;
  case ExprKind::NamedExpr:
    check_expr(as<NamedExpr>(*e).value.get(), src);
    check_expr(as<NamedExpr>(*e).target.get(), src);
    break;
  case ExprKind::BinOp:
    check_expr(as<BinOp>(*e).left.get(), src);
    check_expr(as<BinOp>(*e).right.get(), src);
    break;
  case ExprKind::UnaryOp: check_expr(as<UnaryOp>(*e).operand.get(), src); break;
  case ExprKind::Lambda: {
    auto& l = as<Lambda>(*e);
    check_arguments_defaults(l.args, src);
    check_duplicate_arguments(l.args, src);
    check_expr(l.body.get(), src);
    break;
  }
  case ExprKind::IfExp:
    check_expr(as<IfExp>(*e).test.get(), src);
    check_expr(as<IfExp>(*e).body.get(), src);
    check_expr(as<IfExp>(*e).orelse.get(), src);
    break;
  case ExprKind::Dict:
    check_exprs(as<Dict>(*e).keys, src);
    check_exprs(as<Dict>(*e).values, src);
    break;
  case ExprKind::Set: check_exprs(as<Set>(*e).elts, src); break;
  case ExprKind::ListComp:
    check_comprehensions(as<ListComp>(*e).generators, src);
    check_expr(as<ListComp>(*e).elt.get(), src);
    break;
  case ExprKind::SetComp:
    check_comprehensions(as<SetComp>(*e).generators, src);
    check_expr(as<SetComp>(*e).elt.get(), src);
    break;
  case ExprKind::DictComp:
    check_comprehensions(as<DictComp>(*e).generators, src);
    check_expr(as<DictComp>(*e).key.get(), src);
    check_expr(as<DictComp>(*e).value.get(), src);
    break;
  case ExprKind::GeneratorExp:
    check_comprehensions(as<GeneratorExp>(*e).generators, src);
    check_expr(as<GeneratorExp>(*e).elt.get(), src);
    break;
  case ExprKind::Yield: check_expr(as<Yield>(*e).value.get(), src); break;
  case ExprKind::YieldFrom: check_expr(as<YieldFrom>(*e).value.get(), src); break;
  case ExprKind::Compare:
    check_expr(as<Compare>(*e).left.get(), src);
    check_exprs(as<Compare>(*e).comparators, src);
    break;
  case ExprKind::Call:
    check_expr(as<Call>(*e).func.get(), src);
    check_exprs(as<Call>(*e).args, src);
    for (auto& kw : as<Call>(*e).keywords) check_expr(kw.value.get(), src);
    break;
  case ExprKind::FormattedValue:
    check_expr(as<FormattedValue>(*e).value.get(), src);
    check_expr(as<FormattedValue>(*e).format_spec.get(), src);
    break;
  case ExprKind::JoinedStr: check_exprs(as<JoinedStr>(*e).values, src); break;
  case ExprKind::Attribute: check_expr(as<Attribute>(*e).value.get(), src); break;
  case ExprKind::Subscript:
    check_expr(as<Subscript>(*e).value.get(), src);
    check_expr(as<Subscript>(*e).slice.get(), src);
    break;
  case ExprKind::Starred: check_expr(as<Starred>(*e).value.get(), src); break;
  case ExprKind::List: check_exprs(as<List>(*e).elts, src); break;
  case ExprKind::Tuple: check_exprs(as<Tuple>(*e).elts, src); break;
  case ExprKind::Slice:
    check_expr(as<Slice>(*e).lower.get(), src);
    check_expr(as<Slice>(*e).upper.get(), src);
    check_expr(as<Slice>(*e).step.get(), src);
    break;
  case ExprKind::Constant:
  case ExprKind::Name: break;
  }
}

void check_stmts(const StmtList& list, const TokenizedSource& src);

void check_stmt(const Stmt& s, const TokenizedSource& src) {
  switch (s.kind) {
  case StmtKind::FunctionDef: {
    auto& f = as<FunctionDef>(s);
    check_exprs(f.decorator_list, src);
    check_arguments_defaults(f.args, src);
    check_duplicate_arguments(f.args, src);
    check_stmts(f.body, src);
    break;
  }
  case StmtKind::ClassDef: {
    auto& c = as<ClassDef>(s);
    check_exprs(c.decorator_list, src);
    check_exprs(c.bases, src);
    for (auto& kw : c.keywords) check_expr(kw.value.get(), src);
    check_stmts(c.body, src);
    break;
  }
  case StmtKind::Return: check_expr(as<Return>(s).value.get(), src); break;
  case StmtKind::Delete: check_exprs(as<Delete>(s).targets, src); break;
  case StmtKind::Assign:
    check_expr(as<Assign>(s).value.get(), src);
    check_exprs(as<Assign>(s).targets, src);
    break;
  case StmtKind::AugAssign:
    check_expr(as<AugAssign>(s).target.get(), src);
    check_expr(as<AugAssign>(s).value.get(), src);
    break;
  case StmtKind::AnnAssign:
    check_expr(as<AnnAssign>(s).target.get(), src);
    check_expr(as<AnnAssign>(s).annotation.get(), src);
    check_expr(as<AnnAssign>(s).value.get(), src);
    break;
  case StmtKind::For:
    check_expr(as<For>(s).target.get(), src);
    check_expr(as<For>(s).iter.get(), src);
    check_stmts(as<For>(s).body, src);
    check_stmts(as<For>(s).orelse, src);
    break;
  case StmtKind::While:
    check_expr(as<While>(s).test.get(), src);
    check_stmts(as<While>(s).body, src);
    check_stmts(as<While>(s).orelse, src);
    break;
  case StmtKind::If:
    check_expr(as<If>(s).test.get(), src);
    check_stmts(as<If>(s).body, src);
    check_stmts(as<If>(s).orelse, src);
    break;
  case StmtKind::With:
    for (auto& item : as<With>(s).items) {
      check_expr(item.context_expr.get(), src);
      check_expr(item.optional_vars.get(), src);
    }
    check_stmts(as<With>(s).body, src);
    break;
  case StmtKind::Raise:
    check_expr(as<Raise>(s).exc.get(), src);
    check_expr(as<Raise>(s).cause.get(), src);
    break;
  case StmtKind::Try:
    check_stmts(as<Try>(s).body, src);
    for (auto& h : as<Try>(s).handlers) {
      check_expr(h.type.get(), src);
      check_stmts(h.body, src);
    }
    check_stmts(as<Try>(s).orelse, src);
    check_stmts(as<Try>(s).finalbody, src);
    break;
  case StmtKind::Assert:
    check_expr(as<Assert>(s).test.get(), src);
    check_expr(as<Assert>(s).msg.get(), src);
    break;
  case StmtKind::Expr: check_expr(as<Expr_>(s).value.get(), src); break;
  default: break;
  }
}

void check_stmts(const StmtList& list, const TokenizedSource& src) {
  for (auto& s : list) check_stmt(*s, src);
}

} // namespace

ast::Module parse_module(std::string_view source, const std::string& filename) {
  TokenizedSource src = tokenize(source, filename);
  Parser parser(src, 0, false);
  ast::Module module;
  try {
    module = parser.file();
  } catch (ParseError& e) {
    if (!e.from_lexer && !e.no_override && src.tokens.back().kind == TokenKind::Error) {
      // CPython tokenizes the rest of the file after a parser error: a
      // tokenizer error found there wins, and an unclosed bracket wins over
      // an error reported on a later line.
      if (src.error_overrides_generic) {
        e.info = src.error;
      } else if (src.error_is_unclosed_bracket) {
        int err_line = src.tokens[parser.furthest()].lineno;
        if (err_line > src.error.lineno) e.info = src.error;
      }
      e.info.filename = filename;
      e.in_chars = src.error_offsets_in_chars;
    }
    if (src.encoding_declared && !e.in_chars) {
      // _PyPegen_byte_offset_to_character_offset on the file's line.
      auto to_chars = [&](int offset) {
        std::string_view line = e.info.text;
        size_t n = std::min<size_t>(offset, line.size() + 1);
        return utf8_length(line.substr(0, std::min(n, line.size()))) + (n > line.size() ? 1 : 0);
      };
      if (e.info.offset >= 0) e.info.offset = to_chars(e.info.offset);
      if (e.info.end_offset > 0) e.info.end_offset = to_chars(e.info.end_offset);
    }
    throw e.info;
  }
  check_stmts(module.body, src);
  return module;
}

} // namespace refc::lang
