// ast.dump() for refc's AST. Each node prints as `Kind(field=value, ...)` in
// CPython's _fields order; the reprs of str and float follow CPython's
// unicode_repr and float_repr (shortest round-trip digits, exponent form
// outside 1e-4 <= |x| < 1e16).
#include "reference_compiler/lang/ast_dump.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/bytes_object.h"

#include "reference_compiler/lang/unicode_tables.h"
#include "reference_compiler/lang/utf8.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace refc::lang::ast {

namespace {

// Decodes UTF-8 leniently: surrogate code points encoded in three bytes are
// accepted (Python strings may hold them); other malformed bytes decode as
// themselves (U+0080..U+00FF) so nothing is lost silently.
char32_t next_code_point(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  int n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  if (c >= 0x80 && n > 0 && i + n < s.size()) {
    char32_t cp = c & (0x3F >> n);
    bool ok = true;
    for (int k = 1; k <= n; k++) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) ok = false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (ok) {
      i += n + 1;
      return cp;
    }
  }
  i++;
  return c;
}

class Dumper {
public:
  explicit Dumper(bool attrs) : attrs_(attrs) {}
  std::string out;

  void module(const Module& m) {
    out += "Module(body=";
    stmts(m.body);
    out += ", type_ignores=[])";
  }

  void stmts(const StmtList& list) {
    out += '[';
    for (size_t i = 0; i < list.size(); i++) {
      if (i) out += ", ";
      stmt(*list[i]);
    }
    out += ']';
  }

  void exprs(const ExprList& list) {
    out += '[';
    for (size_t i = 0; i < list.size(); i++) {
      if (i) out += ", ";
      if (list[i])
        expr(*list[i]);
      else
        out += "None";
    }
    out += ']';
  }

  // Appends ", name=value" for a field (the first field has no comma: open()
  // handles that).
  void field(const char* name) {
    if (!first_) out += ", ";
    first_ = false;
    out += name;
    out += '=';
  }

  void open(const char* kind) {
    out += kind;
    out += '(';
    first_ = true;
  }

  void close(const Span& span) {
    if (attrs_) {
      field("lineno");
      out += std::to_string(span.lineno);
      field("col_offset");
      out += std::to_string(span.col_offset);
      field("end_lineno");
      out += std::to_string(span.end_lineno);
      field("end_col_offset");
      out += std::to_string(span.end_col_offset);
    }
    out += ')';
    first_ = false;
  }
  void close() {
    out += ')';
    first_ = false;
  }

  void opt_expr(const char* name, const ExprPtr& e) {
    if (!e) return;
    field(name);
    expr(*e);
  }
  void expr_field(const char* name, const ExprPtr& e) {
    field(name);
    if (e)
      expr(*e);
    else
      out += "None";
  }
  void exprs_field(const char* name, const ExprList& list) {
    field(name);
    exprs(list);
  }
  void stmts_field(const char* name, const StmtList& list) {
    field(name);
    stmts(list);
  }
  void str_field(const char* name, const std::string& s) {
    field(name);
    out += python_str_repr(s);
  }
  void ctx_field(ExprContext ctx) {
    field("ctx");
    out += ctx == ExprContext::Load ? "Load()" : ctx == ExprContext::Store ? "Store()" : "Del()";
  }

  static const char* op_name(OperatorKind op) {
    static const char* names[] = {"Add",    "Sub",    "Mult",   "MatMult", "Div",
                                  "Mod",    "Pow",    "LShift", "RShift",  "BitOr",
                                  "BitXor", "BitAnd", "FloorDiv"};
    return names[static_cast<int>(op)];
  }
  static const char* cmp_name(CmpOpKind op) {
    static const char* names[] = {"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
    return names[static_cast<int>(op)];
  }
  static const char* unary_name(UnaryOpKind op) {
    static const char* names[] = {"Invert", "Not", "UAdd", "USub"};
    return names[static_cast<int>(op)];
  }

  void generators(const std::vector<comprehension>& gens) {
    field("generators");
    out += '[';
    for (size_t i = 0; i < gens.size(); i++) {
      if (i) out += ", ";
      open("comprehension");
      expr_field("target", gens[i].target);
      expr_field("iter", gens[i].iter);
      exprs_field("ifs", gens[i].ifs);
      field("is_async");
      out += gens[i].is_async ? "1" : "0";
      close();
    }
    out += ']';
  }

  void arg_node(const arg& a) {
    open("arg");
    str_field("arg", a.arg);
    opt_expr("annotation", a.annotation);
    close(a.span);
  }

  void args_list(const char* name, const std::vector<arg>& list) {
    field(name);
    out += '[';
    for (size_t i = 0; i < list.size(); i++) {
      if (i) out += ", ";
      arg_node(list[i]);
    }
    out += ']';
  }

  void arguments_node(const arguments& a) {
    field("args");
    open("arguments");
    args_list("posonlyargs", a.posonlyargs);
    args_list("args", a.args);
    if (a.vararg) {
      field("vararg");
      arg_node(*a.vararg);
    }
    args_list("kwonlyargs", a.kwonlyargs);
    exprs_field("kw_defaults", a.kw_defaults);
    if (a.kwarg) {
      field("kwarg");
      arg_node(*a.kwarg);
    }
    exprs_field("defaults", a.defaults);
    close();
  }

  void keywords(const std::vector<keyword>& kws) {
    field("keywords");
    out += '[';
    for (size_t i = 0; i < kws.size(); i++) {
      if (i) out += ", ";
      open("keyword");
      if (!kws[i].arg.empty()) str_field("arg", kws[i].arg);
      expr_field("value", kws[i].value);
      close(kws[i].span);
    }
    out += ']';
  }

  void constant_value(const ConstantValue& v) {
    if (std::holds_alternative<NoneTag>(v))
      out += "None";
    else if (auto* b = std::get_if<bool>(&v))
      out += *b ? "True" : "False";
    else if (auto* i = std::get_if<int64_t>(&v))
      out += std::to_string(*i);
    else if (auto* d = std::get_if<double>(&v))
      out += python_float_repr(*d);
    else if (auto* s = std::get_if<std::string>(&v))
      out += python_str_repr(*s);
    else if (auto* b = std::get_if<BytesLiteral>(&v))
      out += bytes_repr(b->data);
    else if (auto* big = std::get_if<BigIntLiteral>(&v))
      out += int_value_to_string(int_from_digits(big->digits, big->base, false));
    else
      out += "Ellipsis";
  }

  void expr(const Expr& e) {
    switch (e.kind) {
    case ExprKind::BoolOp: {
      auto& n = as<BoolOp>(e);
      open("BoolOp");
      field("op");
      out += n.op == BoolOpKind::And ? "And()" : "Or()";
      exprs_field("values", n.values);
      break;
    }
    case ExprKind::NamedExpr: {
      auto& n = as<NamedExpr>(e);
      open("NamedExpr");
      expr_field("target", n.target);
      expr_field("value", n.value);
      break;
    }
    case ExprKind::BinOp: {
      auto& n = as<BinOp>(e);
      open("BinOp");
      expr_field("left", n.left);
      field("op");
      out += op_name(n.op);
      out += "()";
      expr_field("right", n.right);
      break;
    }
    case ExprKind::UnaryOp: {
      auto& n = as<UnaryOp>(e);
      open("UnaryOp");
      field("op");
      out += unary_name(n.op);
      out += "()";
      expr_field("operand", n.operand);
      break;
    }
    case ExprKind::Lambda: {
      auto& n = as<Lambda>(e);
      open("Lambda");
      arguments_node(n.args);
      expr_field("body", n.body);
      break;
    }
    case ExprKind::IfExp: {
      auto& n = as<IfExp>(e);
      open("IfExp");
      expr_field("test", n.test);
      expr_field("body", n.body);
      expr_field("orelse", n.orelse);
      break;
    }
    case ExprKind::Dict: {
      auto& n = as<Dict>(e);
      open("Dict");
      exprs_field("keys", n.keys);
      exprs_field("values", n.values);
      break;
    }
    case ExprKind::Set: {
      open("Set");
      exprs_field("elts", as<Set>(e).elts);
      break;
    }
    case ExprKind::ListComp: {
      auto& n = as<ListComp>(e);
      open("ListComp");
      expr_field("elt", n.elt);
      generators(n.generators);
      break;
    }
    case ExprKind::SetComp: {
      auto& n = as<SetComp>(e);
      open("SetComp");
      expr_field("elt", n.elt);
      generators(n.generators);
      break;
    }
    case ExprKind::DictComp: {
      auto& n = as<DictComp>(e);
      open("DictComp");
      expr_field("key", n.key);
      expr_field("value", n.value);
      generators(n.generators);
      break;
    }
    case ExprKind::GeneratorExp: {
      auto& n = as<GeneratorExp>(e);
      open("GeneratorExp");
      expr_field("elt", n.elt);
      generators(n.generators);
      break;
    }
    case ExprKind::Yield:
      open("Yield");
      opt_expr("value", as<Yield>(e).value);
      break;
    case ExprKind::YieldFrom:
      open("YieldFrom");
      expr_field("value", as<YieldFrom>(e).value);
      break;
    case ExprKind::Compare: {
      auto& n = as<Compare>(e);
      open("Compare");
      expr_field("left", n.left);
      field("ops");
      out += '[';
      for (size_t i = 0; i < n.ops.size(); i++) {
        if (i) out += ", ";
        out += cmp_name(n.ops[i]);
        out += "()";
      }
      out += ']';
      exprs_field("comparators", n.comparators);
      break;
    }
    case ExprKind::Call: {
      auto& n = as<Call>(e);
      open("Call");
      expr_field("func", n.func);
      exprs_field("args", n.args);
      keywords(n.keywords);
      break;
    }
    case ExprKind::FormattedValue: {
      auto& n = as<FormattedValue>(e);
      open("FormattedValue");
      expr_field("value", n.value);
      field("conversion");
      out += std::to_string(n.conversion);
      opt_expr("format_spec", n.format_spec);
      break;
    }
    case ExprKind::JoinedStr:
      open("JoinedStr");
      exprs_field("values", as<JoinedStr>(e).values);
      break;
    case ExprKind::Constant:
      open("Constant");
      field("value");
      constant_value(as<Constant>(e).value);
      break;
    case ExprKind::Attribute: {
      auto& n = as<Attribute>(e);
      open("Attribute");
      expr_field("value", n.value);
      str_field("attr", n.attr);
      ctx_field(n.ctx);
      break;
    }
    case ExprKind::Subscript: {
      auto& n = as<Subscript>(e);
      open("Subscript");
      expr_field("value", n.value);
      expr_field("slice", n.slice);
      ctx_field(n.ctx);
      break;
    }
    case ExprKind::Starred: {
      auto& n = as<Starred>(e);
      open("Starred");
      expr_field("value", n.value);
      ctx_field(n.ctx);
      break;
    }
    case ExprKind::Name: {
      auto& n = as<Name>(e);
      open("Name");
      str_field("id", n.id);
      ctx_field(n.ctx);
      break;
    }
    case ExprKind::List: {
      auto& n = as<List>(e);
      open("List");
      exprs_field("elts", n.elts);
      ctx_field(n.ctx);
      break;
    }
    case ExprKind::Tuple: {
      auto& n = as<Tuple>(e);
      open("Tuple");
      exprs_field("elts", n.elts);
      ctx_field(n.ctx);
      break;
    }
    case ExprKind::Slice: {
      auto& n = as<Slice>(e);
      open("Slice");
      opt_expr("lower", n.lower);
      opt_expr("upper", n.upper);
      opt_expr("step", n.step);
      break;
    }
    }
    close(e.span);
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
    case StmtKind::FunctionDef: {
      auto& n = as<FunctionDef>(s);
      open("FunctionDef");
      str_field("name", n.name);
      arguments_node(n.args);
      stmts_field("body", n.body);
      exprs_field("decorator_list", n.decorator_list);
      opt_expr("returns", n.returns);
      break;
    }
    case StmtKind::ClassDef: {
      auto& n = as<ClassDef>(s);
      open("ClassDef");
      str_field("name", n.name);
      exprs_field("bases", n.bases);
      keywords(n.keywords);
      stmts_field("body", n.body);
      exprs_field("decorator_list", n.decorator_list);
      break;
    }
    case StmtKind::Return:
      open("Return");
      opt_expr("value", as<Return>(s).value);
      break;
    case StmtKind::Delete:
      open("Delete");
      exprs_field("targets", as<Delete>(s).targets);
      break;
    case StmtKind::Assign: {
      auto& n = as<Assign>(s);
      open("Assign");
      exprs_field("targets", n.targets);
      expr_field("value", n.value);
      break;
    }
    case StmtKind::AugAssign: {
      auto& n = as<AugAssign>(s);
      open("AugAssign");
      expr_field("target", n.target);
      field("op");
      out += op_name(n.op);
      out += "()";
      expr_field("value", n.value);
      break;
    }
    case StmtKind::AnnAssign: {
      auto& n = as<AnnAssign>(s);
      open("AnnAssign");
      expr_field("target", n.target);
      expr_field("annotation", n.annotation);
      opt_expr("value", n.value);
      field("simple");
      out += n.simple ? "1" : "0";
      break;
    }
    case StmtKind::For: {
      auto& n = as<For>(s);
      open("For");
      expr_field("target", n.target);
      expr_field("iter", n.iter);
      stmts_field("body", n.body);
      stmts_field("orelse", n.orelse);
      break;
    }
    case StmtKind::While: {
      auto& n = as<While>(s);
      open("While");
      expr_field("test", n.test);
      stmts_field("body", n.body);
      stmts_field("orelse", n.orelse);
      break;
    }
    case StmtKind::If: {
      auto& n = as<If>(s);
      open("If");
      expr_field("test", n.test);
      stmts_field("body", n.body);
      stmts_field("orelse", n.orelse);
      break;
    }
    case StmtKind::With: {
      auto& n = as<With>(s);
      open("With");
      field("items");
      out += '[';
      for (size_t i = 0; i < n.items.size(); i++) {
        if (i) out += ", ";
        open("withitem");
        expr_field("context_expr", n.items[i].context_expr);
        opt_expr("optional_vars", n.items[i].optional_vars);
        close();
      }
      out += ']';
      stmts_field("body", n.body);
      break;
    }
    case StmtKind::Raise: {
      auto& n = as<Raise>(s);
      open("Raise");
      opt_expr("exc", n.exc);
      opt_expr("cause", n.cause);
      break;
    }
    case StmtKind::Try: {
      auto& n = as<Try>(s);
      open("Try");
      stmts_field("body", n.body);
      field("handlers");
      out += '[';
      for (size_t i = 0; i < n.handlers.size(); i++) {
        if (i) out += ", ";
        const ExceptHandler& h = n.handlers[i];
        open("ExceptHandler");
        opt_expr("type", h.type);
        if (!h.name.empty()) str_field("name", h.name);
        stmts_field("body", h.body);
        close(h.span);
      }
      out += ']';
      stmts_field("orelse", n.orelse);
      stmts_field("finalbody", n.finalbody);
      break;
    }
    case StmtKind::Assert: {
      auto& n = as<Assert>(s);
      open("Assert");
      expr_field("test", n.test);
      opt_expr("msg", n.msg);
      break;
    }
    case StmtKind::Import:
      open("Import");
      aliases(as<Import>(s).names);
      break;
    case StmtKind::ImportFrom: {
      auto& n = as<ImportFrom>(s);
      open("ImportFrom");
      if (!n.module.empty()) str_field("module", n.module);
      aliases(n.names);
      field("level");
      out += std::to_string(n.level);
      break;
    }
    case StmtKind::Global:
      open("Global");
      names(as<Global>(s).names);
      break;
    case StmtKind::Nonlocal:
      open("Nonlocal");
      names(as<Nonlocal>(s).names);
      break;
    case StmtKind::Expr:
      open("Expr");
      expr_field("value", as<Expr_>(s).value);
      break;
    case StmtKind::Pass: open("Pass"); break;
    case StmtKind::Break: open("Break"); break;
    case StmtKind::Continue: open("Continue"); break;
    }
    close(s.span);
  }

  void aliases(const std::vector<alias>& list) {
    field("names");
    out += '[';
    for (size_t i = 0; i < list.size(); i++) {
      if (i) out += ", ";
      open("alias");
      str_field("name", list[i].name);
      if (!list[i].asname.empty()) str_field("asname", list[i].asname);
      close(list[i].span);
    }
    out += ']';
  }

  void names(const std::vector<std::string>& list) {
    field("names");
    out += '[';
    for (size_t i = 0; i < list.size(); i++) {
      if (i) out += ", ";
      out += python_str_repr(list[i]);
    }
    out += ']';
  }

private:
  bool attrs_;
  bool first_ = true;
};

} // namespace

std::string python_str_repr(std::string_view s) {
  bool has_single = s.find('\'') != std::string_view::npos;
  bool has_double = s.find('"') != std::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out;
  out.reserve(s.size() + 2);
  out += quote;
  char buf[16];
  for (size_t i = 0; i < s.size();) {
    char32_t c = next_code_point(s, i);
    if (c == static_cast<char32_t>(quote) || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7F) {
      snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else if (c < 0x7F) {
      out += static_cast<char>(c);
    } else if (is_printable(c) && !(c >= 0xD800 && c <= 0xDFFF)) {
      utf8_append(out, c);
    } else if (c <= 0xFF) {
      snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else if (c <= 0xFFFF) {
      snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(c));
      out += buf;
    }
  }
  out += quote;
  return out;
}

std::string python_float_repr(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  std::string sign;
  if (!sci.empty() && sci[0] == '-') {
    sign = "-";
    sci.erase(0, 1);
  }
  size_t e = sci.find('e');
  std::string mant = sci.substr(0, e);
  int exp = std::stoi(sci.substr(e + 1));
  std::string digits;
  for (char c : mant)
    if (c != '.') digits += c;
  int decpt = exp + 1; // digits d1 d2 ... mean 0.d1d2... * 10^decpt
  std::string out;
  if (decpt > -4 && decpt <= 16) {
    int nd = static_cast<int>(digits.size());
    if (decpt <= 0) {
      out = "0." + std::string(-decpt, '0') + digits;
    } else if (decpt >= nd) {
      out = digits + std::string(decpt - nd, '0') + ".0";
    } else {
      out = digits.substr(0, decpt) + "." + digits.substr(decpt);
    }
  } else {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    int ex = decpt - 1;
    snprintf(buf, sizeof buf, "e%c%02d", ex < 0 ? '-' : '+', ex < 0 ? -ex : ex);
    out += buf;
  }
  return sign + out;
}

std::string dump(const Module& module, bool include_attributes) {
  Dumper d(include_attributes);
  d.module(module);
  return std::move(d.out);
}

std::string dump(const Expr& expr, bool include_attributes) {
  Dumper d(include_attributes);
  d.expr(expr);
  return std::move(d.out);
}

std::string dump(const Stmt& stmt, bool include_attributes) {
  Dumper d(include_attributes);
  d.stmt(stmt);
  return std::move(d.out);
}

} // namespace refc::lang::ast
