// The abstract syntax tree of the Python subset. Node kinds, field names and
// their meaning mirror CPython 3.11's `ast` module one for one (FunctionDef,
// BinOp, comprehension, arguments, ...), so CPython's documentation is this
// tree's documentation. Nodes are owned by unique_ptr; every node carries its
// source span as CPython's lineno / col_offset / end_lineno / end_col_offset
// (1-based lines, 0-based UTF-8 byte columns).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace refc::lang::ast {

struct Span {
  int lineno = 0, col_offset = 0, end_lineno = 0, end_col_offset = 0;
};

enum class ExprContext : uint8_t { Load, Store, Del };
enum class BoolOpKind : uint8_t { And, Or };
// Same order as CPython's ast.operator.
enum class OperatorKind : uint8_t {
  Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv
};
enum class UnaryOpKind : uint8_t { Invert, Not, UAdd, USub };
enum class CmpOpKind : uint8_t { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

// ---- expressions ----------------------------------------------------------

enum class ExprKind : uint8_t {
  BoolOp, NamedExpr, BinOp, UnaryOp, Lambda, IfExp, Dict, Set, ListComp, SetComp,
  DictComp, GeneratorExp, Yield, YieldFrom, Compare, Call, FormattedValue, JoinedStr,
  Constant, Attribute, Subscript, Starred, Name, List, Tuple, Slice
};

struct Expr {
  explicit Expr(ExprKind k) : kind(k) {}
  virtual ~Expr() = default;
  ExprKind kind;
  Span span;
};

// The value of a Constant node. `Ellipsis` stands for `...`.
struct EllipsisTag {};
struct NoneTag {};
// A bytes literal's value (raw bytes, unlike std::string's UTF-8 text).
struct BytesLiteral {
  std::string data;
};
// An int literal beyond int64: its digits (no prefix or underscores) in `base`.
struct BigIntLiteral {
  std::string digits;
  int base = 10;
};
using ConstantValue =
    std::variant<NoneTag, bool, int64_t, double, std::string, EllipsisTag, BytesLiteral, BigIntLiteral>;

struct comprehension {
  ExprPtr target, iter;
  ExprList ifs;
  bool is_async = false; // always false in the subset
};

struct arg {
  std::string arg;
  ExprPtr annotation; // may be null
  Span span;
};

struct arguments {
  std::vector<arg> posonlyargs, args;
  std::unique_ptr<arg> vararg; // *args, may be null
  std::vector<arg> kwonlyargs;
  ExprList kw_defaults; // one per kwonlyarg; null where there is no default
  std::unique_ptr<arg> kwarg; // **kwargs, may be null
  ExprList defaults;          // for the last len(defaults) of posonlyargs+args
};

struct keyword {
  std::string arg; // empty for **expr
  ExprPtr value;
  Span span;
};

#define REFC_EXPR(Name) \
  Name() : Expr(ExprKind::Name) {} \
  static constexpr ExprKind kKind = ExprKind::Name;

struct BoolOp : Expr { REFC_EXPR(BoolOp) BoolOpKind op; ExprList values; };
struct NamedExpr : Expr { REFC_EXPR(NamedExpr) ExprPtr target, value; };
struct BinOp : Expr { REFC_EXPR(BinOp) ExprPtr left; OperatorKind op; ExprPtr right; };
struct UnaryOp : Expr { REFC_EXPR(UnaryOp) UnaryOpKind op; ExprPtr operand; };
struct Lambda : Expr { REFC_EXPR(Lambda) arguments args; ExprPtr body; };
struct IfExp : Expr { REFC_EXPR(IfExp) ExprPtr test, body, orelse; };
// keys[i] is null for a `**mapping` entry.
struct Dict : Expr { REFC_EXPR(Dict) ExprList keys, values; };
struct Set : Expr { REFC_EXPR(Set) ExprList elts; };
struct ListComp : Expr { REFC_EXPR(ListComp) ExprPtr elt; std::vector<comprehension> generators; };
struct SetComp : Expr { REFC_EXPR(SetComp) ExprPtr elt; std::vector<comprehension> generators; };
struct DictComp : Expr { REFC_EXPR(DictComp) ExprPtr key, value; std::vector<comprehension> generators; };
struct GeneratorExp : Expr { REFC_EXPR(GeneratorExp) ExprPtr elt; std::vector<comprehension> generators; };
struct Yield : Expr { REFC_EXPR(Yield) ExprPtr value; /* may be null */ };
struct YieldFrom : Expr { REFC_EXPR(YieldFrom) ExprPtr value; };
struct Compare : Expr { REFC_EXPR(Compare) ExprPtr left; std::vector<CmpOpKind> ops; ExprList comparators; };
struct Call : Expr { REFC_EXPR(Call) ExprPtr func; ExprList args; std::vector<keyword> keywords; };
// conversion: -1 none, 's', 'r' or 'a'. format_spec is a JoinedStr or null.
struct FormattedValue : Expr { REFC_EXPR(FormattedValue) ExprPtr value; int conversion = -1; ExprPtr format_spec; };
struct JoinedStr : Expr { REFC_EXPR(JoinedStr) ExprList values; };
struct Constant : Expr { REFC_EXPR(Constant) ConstantValue value; };
struct Attribute : Expr { REFC_EXPR(Attribute) ExprPtr value; std::string attr; ExprContext ctx = ExprContext::Load; };
struct Subscript : Expr { REFC_EXPR(Subscript) ExprPtr value, slice; ExprContext ctx = ExprContext::Load; };
struct Starred : Expr { REFC_EXPR(Starred) ExprPtr value; ExprContext ctx = ExprContext::Load; };
struct Name : Expr { REFC_EXPR(Name) std::string id; ExprContext ctx = ExprContext::Load; };
struct List : Expr { REFC_EXPR(List) ExprList elts; ExprContext ctx = ExprContext::Load; };
struct Tuple : Expr { REFC_EXPR(Tuple) ExprList elts; ExprContext ctx = ExprContext::Load; };
struct Slice : Expr { REFC_EXPR(Slice) ExprPtr lower, upper, step; /* each may be null */ };
#undef REFC_EXPR

// ---- statements -----------------------------------------------------------

enum class StmtKind : uint8_t {
  FunctionDef, ClassDef, Return, Delete, Assign, AugAssign, AnnAssign, For, While, If,
  With, Raise, Try, Assert, Import, ImportFrom, Global, Nonlocal, Expr, Pass, Break,
  Continue
};

struct Stmt {
  explicit Stmt(StmtKind k) : kind(k) {}
  virtual ~Stmt() = default;
  StmtKind kind;
  Span span;
};

struct ExceptHandler {
  ExprPtr type;     // may be null (bare except)
  std::string name; // empty when there is no `as name`
  StmtList body;
  Span span;
};

struct alias {
  std::string name;   // dotted for `import a.b`
  std::string asname; // empty when absent
  Span span;
};

struct withitem {
  ExprPtr context_expr;
  ExprPtr optional_vars; // may be null
};

#define REFC_STMT(Name) \
  Name() : Stmt(StmtKind::Name) {} \
  static constexpr StmtKind kKind = StmtKind::Name;

struct FunctionDef : Stmt { REFC_STMT(FunctionDef) std::string name; arguments args; StmtList body; ExprList decorator_list; ExprPtr returns; };
struct ClassDef : Stmt { REFC_STMT(ClassDef) std::string name; ExprList bases; std::vector<keyword> keywords; StmtList body; ExprList decorator_list; };
struct Return : Stmt { REFC_STMT(Return) ExprPtr value; /* may be null */ };
struct Delete : Stmt { REFC_STMT(Delete) ExprList targets; };
struct Assign : Stmt { REFC_STMT(Assign) ExprList targets; ExprPtr value; };
struct AugAssign : Stmt { REFC_STMT(AugAssign) ExprPtr target; OperatorKind op; ExprPtr value; };
// simple: the target is a plain Name not in parentheses.
struct AnnAssign : Stmt { REFC_STMT(AnnAssign) ExprPtr target, annotation, value; bool simple = true; };
struct For : Stmt { REFC_STMT(For) ExprPtr target, iter; StmtList body, orelse; };
struct While : Stmt { REFC_STMT(While) ExprPtr test; StmtList body, orelse; };
struct If : Stmt { REFC_STMT(If) ExprPtr test; StmtList body, orelse; };
struct With : Stmt { REFC_STMT(With) std::vector<withitem> items; StmtList body; };
struct Raise : Stmt { REFC_STMT(Raise) ExprPtr exc, cause; /* each may be null */ };
struct Try : Stmt { REFC_STMT(Try) StmtList body; std::vector<ExceptHandler> handlers; StmtList orelse, finalbody; };
struct Assert : Stmt { REFC_STMT(Assert) ExprPtr test, msg; };
struct Import : Stmt { REFC_STMT(Import) std::vector<alias> names; };
struct ImportFrom : Stmt { REFC_STMT(ImportFrom) std::string module; std::vector<alias> names; int level = 0; };
struct Global : Stmt { REFC_STMT(Global) std::vector<std::string> names; };
struct Nonlocal : Stmt { REFC_STMT(Nonlocal) std::vector<std::string> names; };
struct Expr_ : Stmt { Expr_() : Stmt(StmtKind::Expr) {} static constexpr StmtKind kKind = StmtKind::Expr; ExprPtr value; };
struct Pass : Stmt { REFC_STMT(Pass) };
struct Break : Stmt { REFC_STMT(Break) };
struct Continue : Stmt { REFC_STMT(Continue) };
#undef REFC_STMT

// A parsed file (CPython's ast.Module).
struct Module {
  StmtList body;
};

// Downcast by kind: `as<BinOp>(e)` asserts e->kind == BinOp::kKind in debug builds.
template <class T, class N> T& as(N& node) { return static_cast<T&>(node); }
template <class T, class N> const T& as(const N& node) { return static_cast<const T&>(node); }

} // namespace refc::lang::ast
