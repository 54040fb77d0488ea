// ShapeEnv: symbol creation, guarding with range refinement and
// specialization, and produce_guards, logged as PyTorch's
// fx/experimental/symbolic_shapes.py logs them.
#include "reference_compiler/symbolic/shape_env.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/logging/logs.h"
#include "reference_compiler/symbolic/expr_sym_node.h"
#include "reference_compiler/symbolic/bound.h"
#include "reference_compiler/symbolic/node.h"
#include "reference_compiler/symbolic/simplify.h"
#include "reference_compiler/symbolic/z3_bridge.h"

#include <limits>
#include <stdexcept>
#include <tuple>

namespace refc::symbolic {

namespace {

constexpr const char* kLogger = "torch.fx.experimental.symbolic_shapes";
// Where guards on symbolic values are made, as logs and guard comments name it.
constexpr const char* kGuardOrigin = " (symbolic/shape_env.cpp in guard_bool)";
constexpr const char* kZeroOneNote =
    " (user code shown is first use of this value--the guard itself is not due user code but due to 0/1 "
    "specialization in the framework; to avoid specialization try "
    "torch._dynamo.decorators.mark_unbacked(tensor, dim))";

void log_info(const std::string& message) {
  if (logging::enabled(kLogger, logging::kInfo)) logging::log(kLogger, logging::kInfo, message);
}
void log_debug(const std::string& message) {
  if (logging::enabled(kLogger, logging::kDebug)) logging::log(kLogger, logging::kDebug, message);
}

} // namespace

lang::TypeObject* data_dependent_error_type() {
  static lang::TypeObject* t = lang::make_module_type("GuardOnDataDependentSymNode", "torch.fx.experimental.symbolic_shapes",
                                                      lang::Layout::Exception, lang::exc::RuntimeError, true);
  return t;
}

bool is_data_dependent_error(const lang::Value& exc) {
  return exc.is_obj() && exc.as_obj()->type->is_subtype(data_dependent_error_type());
}

std::string UserLocation::sloc() const {
  if (!known()) return "";
  return code + "  # " + file + ":" + std::to_string(line) + " in " + function;
}

ShapeEnv::ShapeEnv(ShapeEnvConfig config, std::function<UserLocation()> where)
    : config_(config), where_(std::move(where)) {
  // DEBUG, not 2.14's INFO: the seeds' TORCH_LOGS=dynamic output has no create_env line.
  log_debug("create_env");
}

UserLocation ShapeEnv::here() const { return where_ ? where_() : UserLocation{}; }

// ---- symbols ------------------------------------------------------------------------

Expr ShapeEnv::new_symbol(char prefix, int& counter, bool positive) {
  const std::string name = std::string(1, prefix) + std::to_string(counter++);
  return positive ? Expr::positive_symbol(name) : Expr::symbol(name);
}

tensor::SymInt ShapeEnv::create_size_symbol(int64_t hint, const std::string& source, DimDynamic dynamic, bool strict,
                                            std::optional<ValueRange> user_range) {
  if (config_.specialize_zero_one && !config_.backed_size_oblivious && (hint == 0 || hint == 1)) {
    // As 2.14: a plain mark_dynamic (RelaxedUnspecConstraint) accepts the
    // 0/1 specialization; one with min=/max= (StrictMinMaxConstraint) does not.
    if (strict && user_range) strict_specialized_.push_back({source, hint, here()});
    return hint;
  }
  if (dynamic == DimDynamic::Duck && config_.duck_shape) {
    if (auto it = duck_.find(hint); it != duck_.end()) {
      SymbolInfo& shared = symbols_[it->second];
      shared.duck_sources.push_back(source);
      log_debug("create_symbol " + std::string(shared.symbol.symbol_name()) + " duck sized " + source);
      return tensor::SymInt(node(shared.symbol, tensor::SymKind::Int));
    }
  }
  SymbolInfo info;
  info.symbol = new_symbol('s', next_size_, /*positive=*/true);
  info.source = source;
  info.hint = hint;
  info.size_like = true;
  info.range = config_.backed_size_oblivious ? ValueRange{0, ValueRange::kPosInf} : ValueRange{2, ValueRange::kPosInf};
  info.default_range = info.range;
  info.strict = strict;
  info.user_range = user_range;
  if (user_range) {
    info.range = info.range.intersect(*user_range);
    if (!info.range.contains(hint))
      throw ConstraintViolation{std::to_string(hint) + " not in range " + info.range.str()};
  }
  info.created_at = here();
  info.creator = "symbolic/shape_env.cpp in create_size_symbol";
  const size_t index = symbols_.size();
  if (dynamic == DimDynamic::Duck) duck_[hint] = index;
  by_name_[std::string(info.symbol.symbol_name())] = index;
  symbols_.push_back(info);
  log_create(symbols_.back(), std::to_string(hint));
  return tensor::SymInt(node(info.symbol, tensor::SymKind::Int));
}

tensor::SymInt ShapeEnv::create_int_symbol(int64_t hint, const std::string& source) {
  SymbolInfo info;
  info.symbol = new_symbol('s', next_size_, /*positive=*/false);
  info.source = source;
  info.hint = hint;
  info.range = ValueRange::unknown();
  info.created_at = here();
  info.creator = "symbolic/shape_env.cpp in create_int_symbol";
  by_name_[std::string(info.symbol.symbol_name())] = symbols_.size();
  symbols_.push_back(info);
  log_create(symbols_.back(), std::to_string(hint));
  return tensor::SymInt(node(info.symbol, tensor::SymKind::Int));
}

tensor::SymNode ShapeEnv::create_float_symbol(double hint, const std::string& source) {
  SymbolInfo info;
  info.symbol = Expr::real_symbol("zf" + std::to_string(next_float_++));
  info.source = source;
  info.float_hint = hint;
  info.hint = 0;
  info.is_float = true;
  info.range = ValueRange::unknown();
  info.created_at = here();
  info.creator = "symbolic/shape_env.cpp in create_float_symbol";
  by_name_[std::string(info.symbol.symbol_name())] = symbols_.size();
  symbols_.push_back(info);
  log_create(symbols_.back(), format_float(hint));
  return node(info.symbol, tensor::SymKind::Float);
}

tensor::SymInt ShapeEnv::create_unbacked_int() { return new_unbacked_int(true); }

tensor::SymInt ShapeEnv::create_unbacked_size(int64_t max, bool at_user_line, const std::string& source) {
  const tensor::SymInt s = new_unbacked_int(at_user_line);
  SymbolInfo& info = symbols_.back();
  info.source = source;
  const std::string name(info.symbol.symbol_name());
  info.range = ValueRange{0, max};
  info.default_range = info.range; // a size is never negative: a fact from the start
  info.size_like = true;
  log_info("constrain_symbol_range " + name + " " + info.range.str());
  log_info("compute_unbacked_bindings [" + name + "]");
  return s;
}

tensor::SymInt ShapeEnv::new_unbacked_int(bool located) {
  SymbolInfo info;
  info.symbol = new_symbol('u', next_unbacked_, /*positive=*/false);
  info.range = ValueRange::unknown();
  info.created_at = here();
  by_name_[std::string(info.symbol.symbol_name())] = symbols_.size();
  symbols_.push_back(info);
  log_info("create_unbacked_symint " + std::string(info.symbol.symbol_name()) + " " + info.range.str() +
           (located ? " " + info.created_at.sloc() : ""));
  return tensor::SymInt(node(info.symbol, tensor::SymKind::Int));
}

tensor::SymNode ShapeEnv::create_unbacked_float() {
  SymbolInfo info;
  info.symbol = Expr::real_symbol("zuf" + std::to_string(next_unbacked_float_++));
  info.is_float = true;
  info.range = ValueRange::unknown();
  info.created_at = here();
  by_name_[std::string(info.symbol.symbol_name())] = symbols_.size();
  symbols_.push_back(info);
  log_info("create_unbacked_symfloat " + std::string(info.symbol.symbol_name()) + " [-oo, oo] " +
           info.created_at.sloc());
  return node(info.symbol, tensor::SymKind::Float);
}

void ShapeEnv::log_create(const SymbolInfo& info, const std::string& value) {
  if (!logging::enabled(kLogger, logging::kInfo)) return;
  const std::string name(info.symbol.symbol_name());
  std::string where;
  if (info.created_at.known())
    where = " at " + info.created_at.file + ":" + std::to_string(info.created_at.line) + " in " +
            info.created_at.function;
  log_info("create_symbol " + name + " = " + value + " for " + info.source + " " +
           (info.is_float ? std::string("[-oo, oo]") : info.range.str()) + where + " (" + info.creator +
           "), for more info run with TORCHDYNAMO_EXTENDED_DEBUG_CREATE_SYMBOL=\"" + name + "\"");
}

std::string ShapeEnv::format_float(double v) {
  std::string s = std::to_string(v);
  while (s.size() > 1 && s.back() == '0' && s[s.size() - 2] != '.') s.pop_back();
  return s;
}

tensor::SymNode ShapeEnv::node(const Expr& e, tensor::SymKind kind) {
  return make_sym_node(shared_from_this(), e, kind);
}

const SymbolInfo* ShapeEnv::info(const Expr& symbol) const {
  auto it = by_name_.find(std::string(symbol.symbol_name()));
  return it == by_name_.end() ? nullptr : &symbols_[it->second];
}

size_t ShapeEnv::index_of(const Expr& symbol) const {
  auto it = by_name_.find(std::string(symbol.symbol_name()));
  if (it == by_name_.end()) throw std::logic_error("ShapeEnv: unknown symbol " + symbol.str());
  return it->second;
}

ValueRange ShapeEnv::range_of(const Expr& symbol) const {
  auto it = by_name_.find(std::string(symbol.symbol_name()));
  return it == by_name_.end() ? ValueRange::unknown() : symbols_[it->second].range;
}

// ---- evaluation -----------------------------------------------------------------------

Expr ShapeEnv::apply_replacements(const Expr& e) const {
  if (replacements_.empty() || e.is_number()) return e;
  std::vector<std::pair<Expr, Expr>> subs;
  for (const Expr& s : e.free_symbols()) {
    auto it = replacements_.find(std::string(s.symbol_name()));
    if (it != replacements_.end()) subs.emplace_back(s, it->second);
  }
  return subs.empty() ? e : e.subs(subs);
}

Expr ShapeEnv::simplify(const Expr& e) const {
  if (e.is_number()) return e;
  if (auto it = simplified_.find(e); it != simplified_.end()) return it->second;
  Expr r = apply_replacements(e);
  if (!r.is_number()) r = symbolic::simplify(r, [this](const Expr& s) { return range_of(s); });
  if (config_.translation_validation) validate_simplification(e, r);
  simplified_.emplace(e, r);
  return r;
}

// What the trace has established so far: its guards, replacements and the
// user's runtime asserts (the ranges follow from these and the symbols'
// initial ranges).
std::vector<Expr> ShapeEnv::facts() const {
  std::vector<Expr> out;
  for (const ShapeGuard& g : guards_) out.push_back(g.expr);
  for (const RuntimeAssert& a : runtime_asserts_) out.push_back(a.expr);
  for (const auto& [name, value] : replacements_) out.push_back(eq(symbols_[by_name_.at(name)].symbol, value));
  return out;
}

ValueRange ShapeEnv::initial_range(const Expr& s) const {
  const SymbolInfo* i = info(s);
  if (!i) return ValueRange::unknown();
  if (i->user_range) return i->default_range.intersect(*i->user_range);
  return i->default_range;
}

// Translation validation of one simplification: no values satisfying the
// facts (within the initial ranges) tell `original` and `simplified` apart.
void ShapeEnv::validate_simplification(const Expr& original, const Expr& simplified) const {
  const Expr claim = original.is_boolean() ? logical_or(logical_and(original, simplified),
                                                        logical_and(logical_not(original), logical_not(simplified)))
                                           : eq(original, simplified);
  const std::vector<Expr> assumptions = facts();
  const Z3Verdict v = z3_check_implies(assumptions, claim, [this](const Expr& s) { return initial_range(s); },
                                       config_.translation_validation_effort);
  if (v.answer == Z3Answer::Refuted)
    throw std::logic_error("translation validation failed: " + original.str() + " simplified to " + simplified.str());
}

std::optional<bool> ShapeEnv::static_bool(const Expr& cond) const {
  if (auto b = cond.as_bool()) return b;
  const Expr simplified = simplify(cond);
  if (auto b = simplified.as_bool()) return b;
  return implied_by_guards(simplified);
}

// A relation a guard already decides, as PyTorch's axioms do
// (_maybe_evaluate_static over get_implications): the guard bounds the
// difference of its sides, and a relation whose difference is that one
// (either sign) plus an integer is decided when the bound decides it, so
// `s0 < s1` gives `s0 <= s1`, `s1 > s0`, `s0 + 1 <= s1` and `Ne(s0, s1)`.
std::optional<bool> ShapeEnv::implied_by_guards(const Expr& cond) const {
  const Expr::Rel rel = cond.relation();
  if (rel == Expr::Rel::None || guards_.empty()) return std::nullopt;
  const Expr d = cond.lhs() - cond.rhs();
  if (!d.is_integer()) return std::nullopt;
  const std::vector<Expr> symbols = d.free_symbols();
  constexpr int64_t kInf = std::numeric_limits<int64_t>::max();
  for (const ShapeGuard& g : guards_) {
    const Expr guard = apply_replacements(g.expr);
    const Expr::Rel grel = guard.relation();
    if (grel == Expr::Rel::None) continue;
    const Expr gd = guard.lhs() - guard.rhs();
    if (gd.free_symbols() != symbols) continue; // differing by a constant needs the same symbols
    for (const int sign : {1, -1}) {
      const std::optional<int64_t> k = (d - Expr(sign) * gd).as_int();
      if (!k || *k <= -(kInf / 2) || *k >= kInf / 2) continue;
      if (grel == Expr::Rel::Ne) { // d = +-gd + k with gd != 0: d != k
        if (*k == 0 && (rel == Expr::Rel::Eq || rel == Expr::Rel::Ne)) return rel == Expr::Rel::Ne;
        continue;
      }
      // The guard's integer bounds on gd, then on d (infinite ends as +-kInf).
      int64_t lo = -kInf, hi = kInf;
      switch (grel) {
      case Expr::Rel::Eq: lo = hi = 0; break;
      case Expr::Rel::Lt: hi = -1; break;
      case Expr::Rel::Le: hi = 0; break;
      case Expr::Rel::Gt: lo = 1; break;
      case Expr::Rel::Ge: lo = 0; break;
      default: break;
      }
      if (sign < 0) std::tie(lo, hi) = std::pair{hi == kInf ? -kInf : -hi, lo == -kInf ? kInf : -lo};
      if (lo != -kInf) lo += *k;
      if (hi != kInf) hi += *k;
      auto decide = [&](bool always, bool never) -> std::optional<bool> {
        if (always) return true;
        if (never) return false;
        return std::nullopt;
      };
      std::optional<bool> r;
      switch (rel) {
      case Expr::Rel::Lt: r = decide(hi != kInf && hi < 0, lo != -kInf && lo >= 0); break;
      case Expr::Rel::Le: r = decide(hi != kInf && hi <= 0, lo != -kInf && lo > 0); break;
      case Expr::Rel::Gt: r = decide(lo != -kInf && lo > 0, hi != kInf && hi <= 0); break;
      case Expr::Rel::Ge: r = decide(lo != -kInf && lo >= 0, hi != kInf && hi < 0); break;
      case Expr::Rel::Eq: r = decide(lo == 0 && hi == 0, (hi != kInf && hi < 0) || (lo != -kInf && lo > 0)); break;
      case Expr::Rel::Ne: r = decide((hi != kInf && hi < 0) || (lo != -kInf && lo > 0), lo == 0 && hi == 0); break;
      default: break;
      }
      if (r) return r;
    }
  }
  return std::nullopt;
}

std::optional<int64_t> ShapeEnv::static_int(const Expr& e) const {
  if (auto i = e.as_int()) return i;
  return simplify(e).as_int();
}

std::vector<std::pair<Expr, Expr>> ShapeEnv::hint_substitution(const Expr& e, bool& complete) const {
  std::vector<std::pair<Expr, Expr>> subs;
  complete = true;
  for (const Expr& s : e.free_symbols()) {
    const SymbolInfo* i = info(s);
    if (!i || !i->hint) {
      complete = false;
      continue;
    }
    subs.emplace_back(s, i->is_float ? Expr::real(i->float_hint) : Expr(*i->hint));
  }
  return subs;
}

std::optional<int64_t> ShapeEnv::int_hint(const Expr& e) const {
  if (auto i = e.as_int()) return i;
  bool complete = false;
  auto subs = hint_substitution(e, complete);
  if (!complete) return std::nullopt;
  Expr v = e.subs(subs);
  if (auto i = v.as_int()) return i;
  if (auto b = v.as_bool()) return *b ? 1 : 0;
  if (auto f = v.as_float()) return static_cast<int64_t>(*f);
  return std::nullopt;
}

std::optional<double> ShapeEnv::float_hint(const Expr& e) const {
  if (auto f = e.as_float()) return f;
  bool complete = false;
  auto subs = hint_substitution(e, complete);
  if (!complete) return std::nullopt;
  Expr v = e.subs(subs);
  if (auto f = v.as_float()) return f;
  if (auto i = v.as_int()) return static_cast<double>(*i);
  return std::nullopt;
}

std::optional<bool> ShapeEnv::bool_hint(const Expr& cond) const {
  if (auto b = cond.as_bool()) return b;
  bool complete = false;
  auto subs = hint_substitution(cond, complete);
  if (!complete) return std::nullopt;
  return cond.subs(subs).as_bool();
}

bool ShapeEnv::guard_bool(const Expr& cond, bool size_oblivious) {
  const Expr simplified = simplify(cond);
  if (auto known = simplified.as_bool()) return *known;
  if (auto known = implied_by_guards(simplified)) return *known;
  // backed_size_oblivious: sizes are reasoned about as unbacked ones are, unguarded.
  if (size_oblivious && config_.backed_size_oblivious)
    if (std::optional<bool> value = size_oblivious_value(simplified)) return *value;
  if (std::optional<bool> value = bool_hint(simplified)) {
    record_guard(*value ? simplified : logical_not(simplified), false);
    return *value;
  }
  // No value to guard on: size-oblivious reasoning decides it, or nothing does.
  if (std::optional<bool> value = size_oblivious ? size_oblivious_value(simplified) : std::nullopt) return *value;
  raise_data_dependent(simplified, false);
}

bool ShapeEnv::guard_or(const Expr& cond, bool fallback) {
  // backed_size_oblivious: sizes count as unbacked, so nothing is guarded.
  if (config_.backed_size_oblivious) return static_bool(cond).value_or(fallback);
  const Expr simplified = simplify(cond);
  if (auto known = simplified.as_bool()) return *known;
  if (auto known = implied_by_guards(simplified)) return *known;
  std::optional<bool> value = bool_hint(simplified);
  if (!value) return fallback;
  record_guard(*value ? simplified : logical_not(simplified), false);
  return *value;
}

std::optional<bool> ShapeEnv::size_oblivious_value(const Expr& cond) const {
  // Size-like symbols are assumed >= 2 (PyTorch's size-oblivious reasoning).
  return symbolic::simplify(apply_replacements(cond), [this](const Expr& s) {
           ValueRange r = range_of(s);
           const SymbolInfo* i = info(s);
           if (i && i->size_like && r.lo < 2) r.lo = 2;
           return r;
         })
      .as_bool();
}

int64_t ShapeEnv::guard_int(const Expr& e) {
  const Expr simplified = simplify(e);
  if (auto known = simplified.as_int()) return *known;
  std::optional<int64_t> value = int_hint(simplified);
  if (!value) raise_data_dependent(simplified, true);
  record_guard(eq(simplified, Expr(*value)), false);
  return *value;
}

double ShapeEnv::guard_float(const Expr& e) {
  const Expr simplified = simplify(e);
  if (auto known = simplified.as_float()) return *known;
  std::optional<double> value = float_hint(simplified);
  if (!value) raise_data_dependent(simplified, true);
  record_guard(eq(simplified, Expr::real(*value)), false);
  return *value;
}

// PyTorch's text for GuardOnDataDependentSymNode.
void ShapeEnv::raise_data_dependent(const Expr& e, bool integer) const {
  const std::string text = e.str();
  std::string size_like, names;
  for (const Expr& s : e.free_symbols()) {
    const SymbolInfo* i = info(s);
    names += (names.empty() ? "" : ",") + std::string(s.symbol_name());
    if (i && i->size_like && !i->hint) size_like += (size_like.empty() ? "" : ", ") + std::string(s.symbol_name());
  }
  std::string message =
      std::string(integer ? "Could not extract specialized integer from data-dependent expression "
                          : "Could not guard on data-dependent expression ") +
      text + " (unhinted: " + text + ").  (Size-like symbols: " + (size_like.empty() ? "none" : size_like) +
      ")\n\nconsider using data-dependent friendly APIs such as guard_or_false, guard_or_true and "
      "statically_known_true.\nCaused by: " + here().sloc() + kGuardOrigin +
      "\nFor more information, run with TORCH_LOGS=\"dynamic\"\nFor extended logs when we create symbols, also add "
      "TORCHDYNAMO_EXTENDED_DEBUG_CREATE_SYMBOL=\"" + names +
      "\"\nIf you suspect the guard was triggered from C++, add TORCHDYNAMO_EXTENDED_DEBUG_CPP=1\nFor more debugging "
      "help, see https://docs.google.com/document/d/1HSuTTVvYH1pTew89Rtpeu84Ht3nQEFTYhAX3Ypa_xJs/edit?usp=sharing";
  if (!integer) message = "Consider annotating your code using torch._check*(). " + message;
  lang::raise(data_dependent_error_type(), message);
}

namespace {

// canonicalize_bool_expr: an inequality as `<` or `<=` with the terms of
// negative sign moved to the left (u0 > 0 is 0 < u0, s0 + 3 <= u1 is 3 + s0 <= u1),
// so equal facts compare equal.
Expr canonical_relation(const Expr& e) {
  const Expr::Rel rel = e.relation();
  if (rel == Expr::Rel::None) return e;
  const bool flip = rel == Expr::Rel::Gt || rel == Expr::Rel::Ge;
  const Expr difference = flip ? e.lhs() - e.rhs() : e.rhs() - e.lhs();
  Expr lhs, rhs;
  for (const GiNaC::ex& term : add_terms(difference.ginac())) {
    const Expr t = Expr::from_ginac(term);
    if (as_coeff_mul(term).first.is_negative()) lhs = lhs - t;
    else rhs = rhs + t;
  }
  switch (rel) {
  case Expr::Rel::Gt:
  case Expr::Rel::Lt: return Expr::from_ginac(make_relation(lhs.ginac(), rhs.ginac(), RelOp::Lt));
  case Expr::Rel::Ge:
  case Expr::Rel::Le: return Expr::from_ginac(make_relation(lhs.ginac(), rhs.ginac(), RelOp::Le));
  case Expr::Rel::Eq: return Expr::from_ginac(make_relation(lhs.ginac(), rhs.ginac(), RelOp::Eq));
  case Expr::Rel::Ne: return Expr::from_ginac(make_relation(lhs.ginac(), rhs.ginac(), RelOp::Ne));
  case Expr::Rel::None: break;
  }
  return e;
}

} // namespace

void ShapeEnv::defer_runtime_assert(const Expr& cond) {
  const Expr simplified = simplify(cond);
  if (simplified.as_bool()) return;
  const UserLocation where = here();
  runtime_asserts_.push_back({canonical_relation(simplified), where});
  log_guard("runtime_assert", simplified, where);
  refine(simplified);
}

void ShapeEnv::mark_size_like(const Expr& symbol) {
  if (const SymbolInfo* i = info(symbol)) symbols_[index_of(i->symbol)].size_like = true;
}

void ShapeEnv::record_guard(const Expr& cond, bool from_framework) {
  const UserLocation where = here();
  guards_.push_back({cond, where, from_framework});
  log_guard("eval", cond, where);
  refine(cond);
}

void ShapeEnv::log_guard(const char* prefix, const Expr& cond, const UserLocation& where) const {
  if (!logging::enabled(kLogger, logging::kInfo)) return;
  const std::string text = cond.str();
  log_info(std::string(prefix) + " " + text + " [guard added] " + where.sloc() + kGuardOrigin +
           ", for more info run with TORCHDYNAMO_EXTENDED_DEBUG_GUARD_ADDED=\"" + text + "\"");
}

// What a true `cond` says about one symbol: `s0 > 2` raises its lower bound,
// `Eq(s0, 8)` narrows it to 8 (and replaces it), `Eq(s1, s0)` replaces the
// later symbol by the earlier one.
void ShapeEnv::refine(const Expr& cond) {
  const Expr::Rel rel = cond.relation();
  if (rel == Expr::Rel::None) return;
  Expr lhs = cond.lhs(), rhs = cond.rhs();
  Expr::Rel r = rel;
  if (!lhs.is_symbol() && rhs.is_symbol()) {
    std::swap(lhs, rhs);
    switch (rel) { // c < s  is  s > c
    case Expr::Rel::Lt: r = Expr::Rel::Gt; break;
    case Expr::Rel::Le: r = Expr::Rel::Ge; break;
    case Expr::Rel::Gt: r = Expr::Rel::Lt; break;
    case Expr::Rel::Ge: r = Expr::Rel::Le; break;
    default: break;
    }
  }
  if (!lhs.is_symbol() || !by_name_.count(std::string(lhs.symbol_name()))) return;
  const size_t index = index_of(lhs);
  if (rhs.is_symbol() && r == Expr::Rel::Eq) {
    if (!by_name_.count(std::string(rhs.symbol_name()))) return;
    const size_t other = index_of(rhs);
    if (other == index) return;
    const size_t later = std::max(index, other), earlier = std::min(index, other);
    set_replacement(later, symbols_[earlier].symbol, "solve");
    return;
  }
  const std::optional<int64_t> c = rhs.as_int();
  if (!c) return;
  ValueRange range = symbols_[index].range;
  switch (r) {
  case Expr::Rel::Eq: range = range.intersect({*c, *c}); break;
  case Expr::Rel::Gt: range = range.intersect({*c + 1, ValueRange::kPosInf}); break;
  case Expr::Rel::Ge: range = range.intersect({*c, ValueRange::kPosInf}); break;
  case Expr::Rel::Lt: range = range.intersect({ValueRange::kNegInf, *c - 1}); break;
  case Expr::Rel::Le: range = range.intersect({ValueRange::kNegInf, *c}); break;
  case Expr::Rel::Ne:
    if (range.lo == *c) range.lo = *c + 1;
    else if (range.hi == *c) range.hi = *c - 1;
    break;
  case Expr::Rel::None: break;
  }
  set_range(index, range, here());
}

void ShapeEnv::set_range(size_t index, ValueRange range, const UserLocation& where) {
  SymbolInfo& info = symbols_[index];
  if (range == info.range) return;
  if (range.lo != info.range.lo) info.lower_set_at = where;
  if (range.hi != info.range.hi) info.upper_set_at = where;
  info.range = range;
  simplified_.clear();
  log_debug("_update_var_to_range " + std::string(info.symbol.symbol_name()) + " = " + range.vr_str() + " (update)");
  if (range.is_singleton()) set_replacement(index, Expr(range.lo), "range_refined_to_singleton");
}

void ShapeEnv::set_replacement(size_t index, const Expr& value, const char* reason) {
  SymbolInfo& info = symbols_[index];
  const std::string name(info.symbol.symbol_name());
  if (replacements_.count(name)) return;
  replacements_[name] = value;
  simplified_.clear();
  log_info("set_replacement " + name + " = " + value.str() + " (" + reason + ") " + info.range.vr_str());
}

// ---- produce_guards ----------------------------------------------------------------------

std::string ShapeEnv::source_text(const Expr& e) const {
  auto text = [this](std::string_view name) {
    auto it = by_name_.find(std::string(name));
    return it == by_name_.end() ? std::string(name) : symbols_[it->second].source;
  };
  return e.python_str(text);
}

std::vector<ProducedGuard> ShapeEnv::produce_guards() const {
  log_info("produce_guards");
  std::vector<ProducedGuard> out;
  std::vector<std::string> violations;
  for (const StrictSpecialization& s : strict_specialized_)
    violations.push_back(specialization_violation(s.source, s.value, s.where));

  // Sources whose symbol became a constant or another symbol, duck-sized
  // sources sharing a symbol and sources traced as expressions are pinned to
  // their value by equalities.
  int aux = 0;
  auto pin = [&](const std::string& source, const Expr& current, std::string comment) {
    const Expr alias = Expr::symbol("_pinned" + std::to_string(aux++));
    ProducedGuard g;
    g.expr = eq(alias, current);
    g.reads.emplace_back(alias, source);
    for (const Expr& s : current.free_symbols()) g.reads.emplace_back(s, symbols_[index_of(s)].source);
    g.text = source + " == " + source_text(current);
    g.comment = std::move(comment);
    out.push_back(std::move(g));
  };
  for (const SymbolInfo& info : symbols_) {
    if (!info.hint || info.source.empty()) continue;
    const std::string name(info.symbol.symbol_name());
    const Expr current = apply_replacements(info.symbol);
    if (current != info.symbol) {
      if (info.strict && current.is_number() && (info.user_range || (*current.as_int() != 0 && *current.as_int() != 1)))
        violations.push_back(specialization_violation(info.source, *current.as_int(), specialized_at(info.symbol)));
      ProducedGuard g;
      g.expr = eq(info.symbol, current);
      g.reads.emplace_back(info.symbol, info.source);
      for (const Expr& s : current.free_symbols()) g.reads.emplace_back(s, symbols_[index_of(s)].source);
      g.text = info.source + " == " + source_text(current);
      g.comment = specialized_at(info.symbol).sloc();
      out.push_back(std::move(g));
    }
    for (const std::string& dup : info.duck_sources) {
      if (!config_.guard_duck_sizing) break;
      pin(dup, current,
          "duck sizing added this equality because these variables had the same size " + std::to_string(*info.hint) +
              " (to avoid this specialization, set torch.fx.experimental._config.use_duck_shape = False)");
    }
  }
  for (const auto& [source, value] : derived_sources_) // as PyTorch words it
    pin(source, apply_replacements(value), "(unknown source " + source + ", please file a bug)");

  // The guards of user branches that the final ranges do not already imply.
  auto range = [this](const Expr& s) { return range_of(s); };
  for (const ShapeGuard& guard : guards_) {
    const Expr e = apply_replacements(guard.expr);
    if (e.as_bool()) continue;
    if (symbolic::static_truth(e, range).value_or(false)) continue;
    out.push_back(expr_guard(e, guard.where.sloc() + kGuardOrigin));
  }

  // Each remaining backed symbol's range.
  for (const SymbolInfo& info : symbols_) {
    if (!info.hint || info.source.empty() || info.is_float) continue;
    if (apply_replacements(info.symbol) != info.symbol) continue;
    if (info.range.lo != ValueRange::kNegInf || info.range.hi != ValueRange::kPosInf) out.push_back(range_guard(info));
    if (info.user_range && info.strict && !info.range.contains(info.default_range.intersect(*info.user_range)))
      violations.push_back(range_violation(info));
  }

  if (!violations.empty()) {
    std::string sources;
    for (const SymbolInfo& info : symbols_)
      if (info.strict) sources += (sources.empty() ? "" : ", ") + info.source;
    for (const StrictSpecialization& s : strict_specialized_) sources += (sources.empty() ? "" : ", ") + s.source;
    std::string message = "Constraints violated (" + sources + ")! For more information, run with TORCH_LOGS=\"+dynamic\".";
    for (const std::string& v : violations) message += "\n  - " + v;
    throw ConstraintViolation{message};
  }
  if (config_.translation_validation) validate(out);
  return out;
}

// "2 <= L['x'].size()[0] <= 30": the symbol's bounds, each commented with
// what set it (the 0/1 specialization of a size, or a user line).
ProducedGuard ShapeEnv::range_guard(const SymbolInfo& info) const {
  const bool has_lo = info.range.lo != ValueRange::kNegInf, has_hi = info.range.hi != ValueRange::kPosInf;
  Expr cond = Expr::boolean(true);
  std::string text;
  if (has_lo) {
    cond = le(Expr(info.range.lo), info.symbol);
    text = std::to_string(info.range.lo) + " <= ";
  }
  text += info.source;
  if (has_hi) {
    cond = has_lo ? logical_and(cond, le(info.symbol, Expr(info.range.hi))) : le(info.symbol, Expr(info.range.hi));
    text += " <= " + std::to_string(info.range.hi);
  }
  std::vector<std::string> why;
  if (has_lo)
    why.push_back(info.lower_set_at ? info.lower_set_at->sloc() + kGuardOrigin
                                    : info.created_at.sloc() + (info.size_like ? kZeroOneNote : ""));
  if (has_hi && info.upper_set_at) why.push_back(info.upper_set_at->sloc() + kGuardOrigin);
  ProducedGuard g;
  g.expr = cond;
  g.reads.emplace_back(info.symbol, info.source);
  g.text = text;
  for (size_t i = 0; i < why.size(); ++i) g.comment += (i ? " and " : "") + why[i];
  return g;
}

ProducedGuard ShapeEnv::expr_guard(const Expr& e, std::string comment) const {
  ProducedGuard g;
  g.expr = e;
  for (const Expr& s : e.free_symbols()) g.reads.emplace_back(s, symbols_[index_of(s)].source);
  g.text = source_text(e);
  g.comment = std::move(comment);
  return g;
}

// "Not all values of S = S in the specified range S <= 16 satisfy the
// generated guard 2 <= S and S <= 10": the user's mark_dynamic bounds (those
// tighter than a size's default) against the range the trace left.
std::string ShapeEnv::range_violation(const SymbolInfo& info) const {
  const ValueRange& default_range = info.default_range;
  const std::string& s = info.source;
  std::string wanted;
  const bool lo = info.user_range->lo > default_range.lo, hi = info.user_range->hi < default_range.hi;
  if (lo) wanted = std::to_string(info.user_range->lo) + " <= ";
  if (lo || hi) wanted += s;
  if (hi) wanted += " <= " + std::to_string(info.user_range->hi);
  std::string guard;
  if (!info.range.lower_is_infinite()) guard = std::to_string(info.range.lo) + " <= " + s;
  if (!info.range.upper_is_infinite()) guard += (guard.empty() ? "" : " and ") + s + " <= " + std::to_string(info.range.hi);
  return "Not all values of " + s + " = " + s + " in the specified range " + wanted + " satisfy the generated guard " +
         guard;
}

UserLocation ShapeEnv::specialized_at(const Expr& symbol) const {
  for (const ShapeGuard& g : guards_)
    if (g.expr.has(symbol)) return g.where;
  return {};
}

std::string ShapeEnv::specialization_violation(const std::string& source, int64_t value,
                                               const UserLocation& where) const {
  std::string m = "You marked " + source + " as dynamic but your code specialized it to be a constant (" +
                  std::to_string(value) +
                  "). If you're using mark_dynamic, either remove it or use maybe_mark_dynamic. If you're using "
                  "Dim.DYNAMIC, replace it with either Dim.STATIC or Dim.AUTO.";
  if (where.known())
    m += "\n\nUser stack:\n  File \"" + where.file + "\", line " + std::to_string(where.line) + ", in " +
         where.function + "\n    " + where.code;
  return m;
}

// Translation validation: the produced guards, taken together with the
// symbols' initial ranges, must imply every guard the trace recorded — a
// simplification or refinement that dropped information would let a call
// that breaks an assumption hit the cache entry.
void ShapeEnv::validate(const std::vector<ProducedGuard>& produced) const {
  std::vector<Expr> assumptions;
  for (const ProducedGuard& g : produced) {
    bool only_symbols = true;
    for (const auto& [symbol, source] : g.reads) only_symbols &= by_name_.count(std::string(symbol.symbol_name())) > 0;
    if (only_symbols) assumptions.push_back(g.expr);
  }
  for (const auto& [name, value] : replacements_) assumptions.push_back(eq(symbols_[by_name_.at(name)].symbol, value));
  for (const ShapeGuard& g : guards_)
    if (!z3_implies(assumptions, g.expr, [this](const Expr& s) { return initial_range(s); },
                    config_.translation_validation_effort))
      throw std::logic_error("translation validation failed: the shape guards do not imply " + g.expr.str());
}

} // namespace refc::symbolic
