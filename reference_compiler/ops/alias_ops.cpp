// Op aliases and one-call wrappers. PyTorch declares many ops a second time
// in native_functions.yaml under a NumPy-style or descriptive name whose
// implementation only calls the first (clip -> clamp, greater -> gt,
// arccos -> acos, true_divide -> div, ...). Each alias here is one table row;
// OpRegistry::alias copies every overload of the target under the new name,
// with its kernels and derivative, so a result's grad_fn names the target's
// node (torch.clip(x, 0, 1).grad_fn is a ClampBackward1) as in PyTorch.
// Tensor.type_as, which is Tensor.to(other) under another signature, lives
// here too.
#include "reference_compiler/ops/op_family.h"

#include <optional>

namespace refc::ops {

namespace {

constexpr uint8_t kBoth = kFunction | kMethod;

struct Alias {
  const char* name;          // "clip"
  const char* target;        // "clamp": every overload of it is aliased
  uint8_t inplace_variants;  // where the in-place alias (clip_) is visible; 0 where PyTorch has none
  const char* only_overload = nullptr; // alias this overload only (true_divide has no rounding_mode)
};

// The in-place variants are those of native_functions.yaml, which differ
// from the target's for absolute_ (a method only, while abs_ is also torch.abs_).
const Alias kAliases[] = {
    {"absolute", "abs", kMethod},
    {"arccos", "acos", kBoth},
    {"arcsin", "asin", kBoth},
    {"arctan", "atan", kBoth},
    {"arcsinh", "asinh", kBoth},
    {"arccosh", "acosh", kBoth},
    {"arctanh", "atanh", kBoth},
    {"arctan2", "atan2", kMethod},
    {"clip", "clamp", kBoth},
    {"fix", "trunc", kBoth},
    {"negative", "neg", kBoth},
    {"greater", "gt", kMethod},
    {"greater_equal", "ge", kMethod},
    {"less", "lt", kMethod},
    {"less_equal", "le", kMethod},
    {"not_equal", "ne", kMethod},
    {"multiply", "mul", kMethod},
    {"divide", "div", kMethod},
    {"subtract", "sub", kMethod},
    {"true_divide", "div", kMethod, "Tensor"},
    {"moveaxis", "movedim", 0},
    {"swapdims", "transpose", 0}, // swapdims_ is inplace_view_ops.cpp's
    {"row_stack", "vstack", 0},
};

// Declares `name`.<overload> for each overload of `target`, visible as
// `variants` when given (else as the target is).
void alias_overloads(OpRegistry& r, const std::string& name, const std::string& target, const char* only_overload,
                     std::optional<uint8_t> variants) {
  std::vector<const OpDef*> targets = r.overloads(target);
  REFC_CHECK(!targets.empty(), "alias " + name + " of an undeclared op " + target);
  for (const OpDef* t : targets) {
    const std::string& overload = t->schema.overload;
    if (only_overload && overload != only_overload) continue;
    OpBuilder alias = r.alias(overload.empty() ? name : name + "." + overload, *t);
    if (variants) alias.op().variants = *variants;
  }
}

// type_as(self, other) is self.to(other.options()): self itself when the
// dtype already matches.
lang::Value type_as_run(const OpArgs& a) { return call("to.other", a.tensor(0), a.tensor(1)); }

} // namespace

void register_alias_ops(OpRegistry& r) {
  for (const Alias& a : kAliases) {
    alias_overloads(r, a.name, a.target, a.only_overload, std::nullopt);
    if (a.inplace_variants)
      alias_overloads(r, std::string(a.name) + "_", std::string(a.target) + "_", a.only_overload, a.inplace_variants);
  }
  r.def("type_as(Tensor self, Tensor other) -> Tensor").hidden().method().composite(type_as_run);
}

} // namespace refc::ops
