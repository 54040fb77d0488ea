// The annotation unparser (ast_unparse.h), after CPython 3.11's
// Python/ast_unparse.c: each node appends its text, wrapping itself in
// parentheses when the surrounding precedence level is higher than its own.
#include "reference_compiler/lang/ast_unparse.h"

#include <string_view>

namespace refc::lang {

namespace {

using namespace ast;

// Precedence levels, lowest first (CPython's PR_* values).
enum Level : int {
  kTuple,
  kTest, // if-else, lambda
  kOr,
  kAnd,
  kNot,
  kCmp,
  kExpr,
  kBitOr = kExpr,
  kBitXor,
  kBitAnd,
  kShift,
  kArith,
  kTerm,
  kFactor,
  kPower,
  kAwait,
  kAtom
};

class Unparser {
public:
  explicit Unparser(const ConstantRepr& constant_repr) : constant_repr_(constant_repr) {}

  std::string text;

  void expr(const Expr& e, int level) {
    switch (e.kind) {
    case ExprKind::BoolOp: return boolop(as<BoolOp>(e), level);
    case ExprKind::BinOp: return binop(as<BinOp>(e), level);
    case ExprKind::UnaryOp: return unaryop(as<UnaryOp>(e), level);
    case ExprKind::Lambda: return lambda(as<Lambda>(e), level);
    case ExprKind::IfExp: {
      auto& x = as<IfExp>(e);
      open_if(level > kTest);
      expr(*x.body, kTest + 1);
      text += " if ";
      expr(*x.test, kTest + 1);
      text += " else ";
      expr(*x.orelse, kTest);
      close_if(level > kTest);
      return;
    }
    case ExprKind::Dict: return dict(as<Dict>(e));
    case ExprKind::Set: return items("{", as<Set>(e).elts, "}");
    case ExprKind::GeneratorExp: {
      auto& x = as<GeneratorExp>(e);
      return comprehension("(", *x.elt, nullptr, x.generators, ")");
    }
    case ExprKind::ListComp: {
      auto& x = as<ListComp>(e);
      return comprehension("[", *x.elt, nullptr, x.generators, "]");
    }
    case ExprKind::SetComp: {
      auto& x = as<SetComp>(e);
      return comprehension("{", *x.elt, nullptr, x.generators, "}");
    }
    case ExprKind::DictComp: {
      auto& x = as<DictComp>(e);
      return comprehension("{", *x.key, x.value.get(), x.generators, "}");
    }
    case ExprKind::Yield: {
      auto& x = as<Yield>(e);
      if (!x.value) {
        text += "(yield)";
        return;
      }
      text += "(yield ";
      expr(*x.value, kTest);
      text += ")";
      return;
    }
    case ExprKind::YieldFrom:
      text += "(yield from ";
      expr(*as<YieldFrom>(e).value, kTest);
      text += ")";
      return;
    case ExprKind::Compare: return compare(as<Compare>(e), level);
    case ExprKind::Call: return call(as<Call>(e));
    case ExprKind::Constant: {
      const ConstantValue& v = as<Constant>(e).value;
      if (std::holds_alternative<EllipsisTag>(v)) {
        text += "...";
        return;
      }
      text += constant(v);
      return;
    }
    case ExprKind::JoinedStr: {
      std::string body = fstring_body(as<JoinedStr>(e).values);
      text += "f" + constant_repr_(ConstantValue(std::in_place_type<std::string>, body));
      return;
    }
    case ExprKind::FormattedValue: return formatted_value(as<FormattedValue>(e), text);
    case ExprKind::Attribute: {
      auto& x = as<Attribute>(e);
      expr(*x.value, kAtom);
      // An int needs a space before the period ("1 .real").
      bool int_constant = x.value->kind == ExprKind::Constant &&
                          std::holds_alternative<int64_t>(as<Constant>(*x.value).value);
      text += int_constant ? " ." : ".";
      text += x.attr;
      return;
    }
    case ExprKind::Subscript: {
      auto& x = as<Subscript>(e);
      expr(*x.value, kAtom);
      text += "[";
      expr(*x.slice, kTuple);
      text += "]";
      return;
    }
    case ExprKind::Starred:
      text += "*";
      expr(*as<Starred>(e).value, kExpr);
      return;
    case ExprKind::Slice: {
      auto& x = as<Slice>(e);
      if (x.lower) expr(*x.lower, kTest);
      text += ":";
      if (x.upper) expr(*x.upper, kTest);
      if (x.step) {
        text += ":";
        expr(*x.step, kTest);
      }
      return;
    }
    case ExprKind::Name: text += as<Name>(e).id; return;
    case ExprKind::List: return items("[", as<List>(e).elts, "]");
    case ExprKind::Tuple: return tuple(as<Tuple>(e), level);
    case ExprKind::NamedExpr: {
      auto& x = as<NamedExpr>(e);
      open_if(level > kTuple);
      expr(*x.target, kAtom);
      text += ":=";
      expr(*x.value, kAtom);
      close_if(level > kTuple);
      return;
    }
    }
  }

private:
  const ConstantRepr& constant_repr_;

  void open_if(bool cond) {
    if (cond) text += "(";
  }
  void close_if(bool cond) {
    if (cond) text += ")";
  }

  std::string constant(const ConstantValue& v) {
    std::string r = constant_repr_(v);
    // A float too large for a literal is written as one that overflows to it.
    if (std::holds_alternative<double>(v)) {
      size_t at = r.find("inf");
      if (at != std::string::npos) r.replace(at, 3, "1e309");
    }
    return r;
  }

  void boolop(const BoolOp& x, int level) {
    int pr = x.op == BoolOpKind::And ? kAnd : kOr;
    const char* op = x.op == BoolOpKind::And ? " and " : " or ";
    open_if(level > pr);
    for (size_t i = 0; i < x.values.size(); ++i) {
      if (i > 0) text += op;
      expr(*x.values[i], pr + 1);
    }
    close_if(level > pr);
  }

  void binop(const BinOp& x, int level) {
    struct OpText {
      const char* text;
      int level;
    };
    // In OperatorKind's order.
    static constexpr OpText kOps[] = {
        {" + ", kArith}, {" - ", kArith},  {" * ", kTerm},   {" @ ", kTerm},  {" / ", kTerm},
        {" % ", kTerm},  {" ** ", kPower}, {" << ", kShift}, {" >> ", kShift}, {" | ", kBitOr},
        {" ^ ", kBitXor}, {" & ", kBitAnd}, {" // ", kTerm}};
    const OpText& op = kOps[static_cast<int>(x.op)];
    int right_assoc = x.op == OperatorKind::Pow ? 1 : 0;
    open_if(level > op.level);
    expr(*x.left, op.level + right_assoc);
    text += op.text;
    expr(*x.right, op.level + (1 - right_assoc));
    close_if(level > op.level);
  }

  void unaryop(const UnaryOp& x, int level) {
    static constexpr const char* kText[] = {"~", "not ", "+", "-"}; // UnaryOpKind's order
    int pr = x.op == UnaryOpKind::Not ? kNot : kFactor;
    open_if(level > pr);
    text += kText[static_cast<int>(x.op)];
    expr(*x.operand, pr);
    close_if(level > pr);
  }

  void arg(const ast::arg& a) {
    text += a.arg;
    if (a.annotation) {
      text += ": ";
      expr(*a.annotation, kTest);
    }
  }

  void arguments(const ast::arguments& a) {
    bool first = true;
    auto sep = [&] {
      if (!first) text += ", ";
      first = false;
    };
    size_t positional = a.posonlyargs.size() + a.args.size();
    for (size_t i = 0; i < positional; ++i) {
      sep();
      arg(i < a.posonlyargs.size() ? a.posonlyargs[i] : a.args[i - a.posonlyargs.size()]);
      long di = static_cast<long>(i) - static_cast<long>(positional) +
                static_cast<long>(a.defaults.size());
      if (di >= 0) {
        text += "=";
        expr(*a.defaults[static_cast<size_t>(di)], kTest);
      }
      if (!a.posonlyargs.empty() && i + 1 == a.posonlyargs.size()) text += ", /";
    }
    if (a.vararg || !a.kwonlyargs.empty()) {
      sep();
      text += "*";
      if (a.vararg) arg(*a.vararg);
    }
    for (size_t i = 0; i < a.kwonlyargs.size(); ++i) {
      sep();
      arg(a.kwonlyargs[i]);
      if (i < a.kw_defaults.size() && a.kw_defaults[i]) {
        text += "=";
        expr(*a.kw_defaults[i], kTest);
      }
    }
    if (a.kwarg) {
      sep();
      text += "**";
      arg(*a.kwarg);
    }
  }

  void lambda(const Lambda& x, int level) {
    open_if(level > kTest);
    bool positional = !x.args.args.empty() || !x.args.posonlyargs.empty();
    text += positional ? "lambda " : "lambda";
    arguments(x.args);
    text += ": ";
    expr(*x.body, kTest);
    close_if(level > kTest);
  }

  void dict(const Dict& x) {
    text += "{";
    for (size_t i = 0; i < x.values.size(); ++i) {
      if (i > 0) text += ", ";
      if (x.keys[i]) {
        expr(*x.keys[i], kTest);
        text += ": ";
        expr(*x.values[i], kTest);
      } else {
        text += "**";
        expr(*x.values[i], kExpr);
      }
    }
    text += "}";
  }

  void items(const char* open, const ExprList& elts, const char* close) {
    text += open;
    for (size_t i = 0; i < elts.size(); ++i) {
      if (i > 0) text += ", ";
      expr(*elts[i], kTest);
    }
    text += close;
  }

  void tuple(const Tuple& x, int level) {
    if (x.elts.empty()) {
      text += "()";
      return;
    }
    open_if(level > kTuple);
    for (size_t i = 0; i < x.elts.size(); ++i) {
      if (i > 0) text += ", ";
      expr(*x.elts[i], kTest);
    }
    if (x.elts.size() == 1) text += ",";
    close_if(level > kTuple);
  }

  void comprehension(const char* open, const Expr& elt, const Expr* value,
                     const std::vector<ast::comprehension>& gens, const char* close) {
    text += open;
    expr(elt, kTest);
    if (value) {
      text += ": ";
      expr(*value, kTest);
    }
    for (const ast::comprehension& g : gens) {
      text += " for ";
      expr(*g.target, kTuple);
      text += " in ";
      expr(*g.iter, kTest + 1);
      for (auto& cond : g.ifs) {
        text += " if ";
        expr(*cond, kTest + 1);
      }
    }
    text += close;
  }

  void compare(const Compare& x, int level) {
    static constexpr const char* kText[] = {" == ", " != ", " < ",  " <= ",     " > ",
                                            " >= ", " is ", " is not ", " in ", " not in "};
    open_if(level > kCmp);
    expr(*x.left, kCmp + 1);
    for (size_t i = 0; i < x.ops.size(); ++i) {
      text += kText[static_cast<int>(x.ops[i])];
      expr(*x.comparators[i], kCmp + 1);
    }
    close_if(level > kCmp);
  }

  void call(const Call& x) {
    expr(*x.func, kAtom);
    if (x.args.size() == 1 && x.keywords.empty() && x.args[0]->kind == ExprKind::GeneratorExp) {
      expr(*x.args[0], kTest); // a lone generator expression keeps only its own parentheses
      return;
    }
    text += "(";
    bool first = true;
    for (auto& a : x.args) {
      if (!first) text += ", ";
      first = false;
      expr(*a, kTest);
    }
    for (const keyword& k : x.keywords) {
      if (!first) text += ", ";
      first = false;
      if (k.arg.empty()) {
        text += "**";
      } else {
        text += k.arg;
        text += "=";
      }
      expr(*k.value, kTest);
    }
    text += ")";
  }

  static std::string escape_braces(std::string_view s) {
    std::string out;
    for (char c : s) {
      out += c;
      if (c == '{' || c == '}') out += c;
    }
    return out;
  }

  std::string fstring_body(const ExprList& values) {
    std::string body;
    for (auto& v : values) fstring_element(*v, body);
    return body;
  }

  void fstring_element(const Expr& e, std::string& out) {
    if (e.kind == ExprKind::Constant) {
      const ConstantValue& v = as<Constant>(e).value;
      if (auto* s = std::get_if<std::string>(&v)) out += escape_braces(*s);
    } else if (e.kind == ExprKind::JoinedStr) {
      out += fstring_body(as<JoinedStr>(e).values);
    } else if (e.kind == ExprKind::FormattedValue) {
      formatted_value(as<FormattedValue>(e), out);
    }
  }

  void formatted_value(const FormattedValue& x, std::string& out) {
    Unparser inner(constant_repr_);
    // Above kTest so that a lambda (with its ':') gets parentheses.
    inner.expr(*x.value, kTest + 1);
    out += inner.text.rfind('{', 0) == 0 ? "{ " : "{";
    out += inner.text;
    if (x.conversion > 0) {
      out += '!';
      out += static_cast<char>(x.conversion);
    }
    if (x.format_spec) {
      out += ":";
      fstring_element(*x.format_spec, out);
    }
    out += "}";
  }
};

} // namespace

std::string unparse_annotation(const ast::Expr& e, const ConstantRepr& constant_repr) {
  Unparser u(constant_repr);
  u.expr(e, kTest);
  return u.text;
}

} // namespace refc::lang
