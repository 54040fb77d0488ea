// Leaf guards: each checks one property of one value (or, at the root, of
// global state) and carries the text PyTorch prints for it, both in the
// TORCH_LOGS=guards tree (its code part, with the user line that introduced
// it) and as a recompile reason ("L['c'] == 8.5", "tensor 'L['x']' size
// mismatch at index 0. expected 3, actual 4").
#pragma once

#include "reference_compiler/dynamo/guards/source.h"
#include "reference_compiler/graph/node.h"
#include "reference_compiler/tensor/tensor.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace refc::dynamo {

class LeafGuard {
public:
  LeafGuard(std::string kind, std::string code_part) : kind_(std::move(kind)), code_part_(std::move(code_part)) {}
  virtual ~LeafGuard() = default;

  // Whether `v` (the guarded source's value; ignored by global guards) passes.
  virtual bool check(const lang::Value& v) const = 0;
  // Why `v` fails: the code part, unless the guard says more.
  virtual std::string failure_reason(const lang::Value& v) const;
  // At the root, a guard may read several sources of the call (relational
  // guards such as tensor aliasing); by default it checks global state.
  virtual bool check_root(const GuardInput&) const { return check(lang::Value()); }
  virtual std::string root_failure_reason(const GuardInput&) const { return failure_reason(lang::Value()); }
  // Relational guards (aliasing between sources) run after the root's
  // children, as 2.14 checks them beside the tensors: a list's length fails
  // before "Duplicate tensors found". 2.14 checks each on the manager of its
  // first source, so the no-aliasing guard (at the first tensor) comes before
  // an object-aliasing one (at a later duplicate).
  enum class Relation : uint8_t { None, NoAliasing, Aliasing };
  virtual Relation relation() const { return Relation::None; }

  // What the guard compares against that its code part does not show
  // ("grad_mode=0"); two guards with equal code parts and equal captured
  // state accept the same calls.
  virtual std::string captured_state() const { return {}; }

  // Called once the trace is over, before the guard is used.
  virtual void finalize() {}

  const std::string& kind() const { return kind_; } // "TENSOR_MATCH", "EQUALS_MATCH", ...
  const std::string& code_part() const { return code_part_; }
  // The user line that made the tracer add this guard, if any, and the
  // frames it was traced in (root first, ending with that line).
  std::optional<graph::UserFrame> user_frame;
  std::vector<graph::UserFrame> user_stack;
  // Where PyTorch installs a guard no user line causes ("_dynamo/output_graph.py:471
  // in init_ambient_guards"), printed in place of the user line.
  std::string origin;
  // A note PyTorch prints after the user line ("type dict").
  std::string hint;
  // The code part as the guard tree prints it: padded to 60 columns and
  // followed by "  # <code>  # <file>:<line> in <function>" when the user
  // line is known.
  std::string verbose_code_part() const;
  // Why `v` fails as 2.14 reports it (config guard_fail_reason_origin): a
  // guard whose reason is its code part gives its verbose code part and
  // then "User stack trace:" with the frames of its user stack; a guard
  // that explains itself (a tensor mismatch) gives the explanation alone.
  std::string failure_reason_with_origin(const lang::Value& v) const;

protected:
  void set_code_part(std::string code_part) { code_part_ = std::move(code_part); }

private:
  std::string kind_;
  std::string code_part_;
};

// type(v) is `type`: "___check_type_id(L['o'], 94…), type=<class 'Obj'>".
std::unique_ptr<LeafGuard> type_match(const Source& source, lang::TypeObject* type);
// v is `object` (functions, modules, classes): "___check_obj_id(G['f'], 14…)".
std::unique_ptr<LeafGuard> id_match(const Source& source, const lang::Value& object);
// v == value for a constant: "L['n'] == 2", "L['mode'] == 'a'", "L['y'] is None",
// "L['flag'] == True"; a NaN float matches NaN.
std::unique_ptr<LeafGuard> equals_match(const Source& source, const lang::Value& value);
// The dict's key at position `index` is `key` (PyTorch's dict key guards):
// "list(dict.keys(L['d']))[1] == 'b'".
std::unique_ptr<LeafGuard> dict_key_match(const Source& source, int64_t index, const lang::Value& key);
// len(v) == n for a list, tuple or dict: "len(L['xs']) == 2", "not L['xs']".
std::unique_ptr<LeafGuard> length_check(const Source& source, int64_t n);
// v has no attribute `attr`: "hasattr(L['x'], '_dynamo_dynamic_indices') == False";
// hasattr_false is the same check for a user's hasattr() that was False
// ("not hasattr(L['o'], 'scale')").
std::unique_ptr<LeafGuard> no_hasattr(const Source& source, const std::string& attr);
std::unique_ptr<LeafGuard> hasattr_false(const Source& source, const std::string& attr);
// The tensor's mark_dynamic dims, if it has any, are among `dims` (the dims
// marked when traced; a trace with fewer marks does not serve more):
// "((L['x']._dynamo_dynamic_indices.issubset({0})) if hasattr(L['x'], '_dynamo_dynamic_indices') else True)".
std::unique_ptr<LeafGuard> dynamic_indices_subset(const Source& source, std::set<int64_t> dims);
// v is a tensor like `example`: same type, dispatch keys, dtype, device,
// requires_grad, sizes and strides.
// `geometry` (the fake tensor the trace used) gives the sizes and strides:
// symbolic ones are not checked here (None), the shape guards check them.
std::unique_ptr<LeafGuard> tensor_match(const Source& source, const tensor::Tensor& example,
                                        const tensor::Tensor& geometry);
// Grad mode and the default dtype are as they are now: "___check_global_state()".
std::unique_ptr<LeafGuard> global_state();
// Tensor aliasing between the call's tensor inputs: the `sources` (which
// held distinct tensors when traced) still hold distinct tensors, or `a` and
// `b` (which held one tensor, a single graph input) still do.
std::unique_ptr<LeafGuard> no_tensor_aliasing(std::vector<SourcePtr> sources);
std::unique_ptr<LeafGuard> tensor_aliasing(SourcePtr a, SourcePtr b);
// Guards on ambient state refc has no way to change (the default device, the
// torch function mode stack): they always pass, and print as PyTorch's do.
std::unique_ptr<LeafGuard> default_device();
std::unique_ptr<LeafGuard> torch_function_mode_stack();

// How guard comments name a file: relative to the working directory when
// inside it ("playground.py"), else as given.
std::string short_filename(const std::string& path);

} // namespace refc::dynamo
