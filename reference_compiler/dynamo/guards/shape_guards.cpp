// ShapeGuards: compiling produced shape guards to int programs over source
// slots, and checking them.
#include "reference_compiler/dynamo/guards/shape_guards.h"

#include "reference_compiler/dynamo/planted_bugs.h"

#include "reference_compiler/tensor/tensor_impl.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace refc::dynamo {

namespace {

// Slots live on the stack: an entry reading more sources than this is not
// something shape guards produce (each symbol is read from one source).
constexpr size_t kMaxSlots = 64;

} // namespace

ShapeGuards::ShapeGuards(const std::vector<symbolic::ProducedGuard>& guards,
                         const std::function<SourcePtr(const std::string&)>& source_of) {
  std::vector<std::string> slot_names;
  auto slot_for = [&](const std::string& source) {
    auto it = std::find(slot_names.begin(), slot_names.end(), source);
    if (it != slot_names.end()) return static_cast<int>(it - slot_names.begin());
    slot_names.push_back(source);
    SourcePtr s = source_of(source);
    const bool geometry = s->kind == Source::Kind::TensorSize || s->kind == Source::Kind::TensorStride ||
                          s->kind == Source::Kind::StorageOffset;
    const int64_t local = geometry && s->base->kind == Source::Kind::FrameLocal ? s->base->index : -1;
    slots_.push_back({std::move(s), local});
    return static_cast<int>(slot_names.size() - 1);
  };
  for (const symbolic::ProducedGuard& g : guards) {
    auto slot_of = [&](const symbolic::Expr& symbol) {
      for (const auto& [s, source] : g.reads)
        if (s == symbol) return slot_for(source);
      throw std::logic_error("shape guard " + g.text + ": no source for " + symbol.str());
    };
    Guard guard{std::nullopt, g.expr, {}, g.text, g.comment};
    try {
      guard.program = symbolic::IntProgram::compile(g.expr, slot_of);
    } catch (const std::invalid_argument&) { // float-valued: evaluated by substitution
      for (const symbolic::Expr& s : g.expr.free_symbols()) guard.reads.emplace_back(s, slot_of(s));
    }
    Check check;
    if (guard.program)
      if (std::optional<symbolic::IntProgram::Range> r = guard.program->as_range()) {
        check = {r->slot, r->lo, r->hi};
        if (planted(PlantedBug::range_check_off_by_one) && r->lo > std::numeric_limits<int64_t>::min()) --check.lo;
      }
    checks_.push_back(check);
    guards_.push_back(std::move(guard));
  }
  if (slots_.size() > kMaxSlots) throw std::logic_error("shape guards: too many sources");
}

bool ShapeGuards::Guard::holds(const int64_t* slots) const {
  if (program) return program->run(slots) != 0;
  std::vector<std::pair<symbolic::Expr, symbolic::Expr>> values;
  for (const auto& [symbol, slot] : reads)
    values.emplace_back(symbol, symbol.is_integer() ? symbolic::Expr(slots[slot])
                                                    : symbolic::Expr::real(std::bit_cast<double>(slots[slot])));
  return expr.subs(values).as_bool().value_or(false);
}

bool ShapeGuards::read_slots(const GuardInput& input, int64_t* slots) const {
  for (size_t i = 0; i < slots_.size(); ++i) {
    const Slot& slot = slots_[i];
    if (slot.local >= 0) {
      if (static_cast<size_t>(slot.local) >= input.locals.size()) return false;
      const lang::Value& base = input.locals[static_cast<size_t>(slot.local)];
      if (!tensor::is_tensor(base)) return false;
      const std::optional<int64_t> v = slot.source->read_geometry(*base.as<tensor::TensorImpl>());
      if (!v) return false;
      slots[i] = *v;
      continue;
    }
    const lang::Value v = slot.source->read(input);
    if (v.is_int()) slots[i] = v.as_int();
    else if (v.is_float()) slots[i] = std::bit_cast<int64_t>(v.as_float());
    else return false;
  }
  return true;
}

bool ShapeGuards::check(const GuardInput& input) const {
  int64_t slots[kMaxSlots];
  if (!read_slots(input, slots)) return false;
  for (size_t i = 0; i < checks_.size(); ++i) {
    const Check& c = checks_[i];
    if (c.slot >= 0 ? slots[c.slot] < c.lo || slots[c.slot] > c.hi : !guards_[i].holds(slots)) return false;
  }
  return true;
}

std::optional<std::string> ShapeGuards::failure_reason(const GuardInput& input) const {
  int64_t slots[kMaxSlots];
  if (!read_slots(input, slots)) return guards_.empty() ? std::nullopt : std::optional<std::string>(guards_[0].text);
  for (const Guard& g : guards_)
    if (!g.holds(slots)) return g.comment.empty() ? g.text : g.text + "  # " + g.comment;
  return std::nullopt;
}

void ShapeGuards::print(std::string& out) const {
  for (const Guard& g : guards_) {
    out += "+- LAMBDA_GUARD: " + g.text;
    if (!g.comment.empty()) out += "  # " + g.comment;
    out += "\n";
  }
}

} // namespace refc::dynamo
