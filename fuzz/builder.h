// Builder: what a generator writes a program with. The program is a
// function f(x, ...) whose value flows through the local `out` (it starts
// as the tensor argument x, keeps x's shape, and is returned); generators
// append steps to f's body, add parameters with one argument per call, add
// module-level state with its value at each call, and declare the shape
// facts their steps rely on in the ShapePlan. finish() then plans the calls:
// x's sizes from the plan, its dtype, strides, storage offset and
// requires_grad, grad mode - each changing between calls with the
// probabilities the generators asked for - and renders every argument.
#pragma once

#include "fuzz/program.h"
#include "fuzz/rng.h"
#include "fuzz/shape_plan.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace refc::fuzz {

// Properties of the tensor argument x that calls may change.
enum class Vary { Dtype, Layout, RequiresGrad, GradMode };

class Builder {
public:
  Builder(uint64_t seed, int calls, int rank);

  Rng rng;
  ShapePlan shapes;

  int calls() const { return calls_; }
  int rank() const { return static_cast<int>(x_sizes_.size()); }
  // The size symbol of x's dimension `dim` and how f reads it ("x.shape[1]").
  int x_size(int dim) const { return x_sizes_[static_cast<size_t>(dim)]; }
  std::string x_size_expr(int dim) const { return "x.shape[" + std::to_string(dim) + "]"; }

  // f's body, a step at a time (a step may hold several lines and blocks).
  void step(const std::string& lines) { program_.body.push_back(lines); }
  // Makes `out` a tensor of f's own (not a view of an argument) before an
  // in-place step.
  void own_out();
  // A step produced a new tensor: in-place steps need no copy now.
  void out_is_fresh() { out_fresh_ = true; }
  void header(const std::string& line) { program_.header.push_back(line); }

  // A parameter with one argument per call; `what` names it in the
  // changes a call makes ("int n").
  void param(const std::string& name, const std::vector<std::string>& args, const std::string& what);
  // A tensor parameter with x's dtype at every call, its dims the given
  // size symbols (-1: a literal 1, for broadcasting). `may_alias_x`: x's
  // sizes, and some calls pass x itself.
  void tensor_param(const std::string& name, std::vector<int> sizes, bool may_alias_x = false);
  // Module-level state with a value per call: `assign(value)` is the
  // statement that sets it, run before each call whose value differs from
  // the call before (and once in the header for the first call).
  void state(const std::string& what, const std::vector<std::string>& values,
             const std::function<std::string(const std::string&)>& assign);
  // Values for `calls()` calls: the first drawn from `options`, each next
  // one changed (to another option) with the given percentage.
  std::vector<std::string> sequence(const std::vector<std::string>& options, int change_percent);

  // Calls should change this property of x more often than by default.
  void vary(Vary property) { varied_.insert(property); }
  // f's steps need every size at least 1 (indexing, .item(), max).
  void needs_nonempty() { nonempty_ = true; }
  // A size f specializes on (a loop over it, an equality): mark_dynamic
  // would fail. A size f guards on: mark_unbacked would fail.
  void specializes(int size) { specialized_.insert(size), guarded_.insert(size); }
  void guards(int size) { guarded_.insert(size); }
  bool is_specialized(int size) const { return specialized_.count(size) != 0; }
  bool is_guarded(int size) const { return guarded_.count(size) != 0; }
  // Statements applied to x at every call once it is bound to a name
  // (`{}` is replaced by the name): torch._dynamo.mark_dynamic({}, 0).
  void mark(const std::string& statement) { marks_.push_back(statement); }
  void compile_options(const std::string& options) { program_.compile_options = options; }
  void feature(const std::string& name) { program_.features.push_back(name); }

  // Plans the calls and returns the program.
  Program finish(uint64_t seed);

private:
  struct TensorParam {
    std::string name;
    std::vector<int> sizes;
    bool may_alias_x;
  };
  struct Param {
    std::string name;
    std::vector<std::string> args; // empty: a tensor parameter
    std::string what;
  };
  struct State {
    std::string what;
    std::vector<std::string> values;
    std::function<std::string(const std::string&)> assign;
  };

  int calls_;
  std::vector<int> x_sizes_;
  Program program_;
  std::vector<Param> params_;
  std::vector<TensorParam> tensors_;
  std::vector<State> states_;
  std::set<Vary> varied_;
  std::set<int> specialized_, guarded_;
  std::vector<std::string> marks_;
  bool nonempty_ = false, out_fresh_ = false;
};

} // namespace refc::fuzz
