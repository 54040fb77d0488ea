// Builder (see builder.h): the calls' arguments and module-level changes.
#include "fuzz/builder.h"

#include <algorithm>

namespace refc::fuzz {

namespace {

enum class Layout { Contiguous, Transposed, Sliced, Offset };
const char* const kLayoutNames[] = {"contiguous", "transposed", "sliced", "offset"};

// x at one call: everything a TENSOR_MATCH guard compares.
struct TensorCall {
  std::vector<int64_t> sizes;
  bool float64 = false;
  Layout layout = Layout::Contiguous;
  bool requires_grad = false;

  std::string expr() const {
    std::vector<int64_t> made = sizes;
    std::string view;
    const size_t rank = made.size();
    if (layout == Layout::Transposed && rank >= 2) {
      std::swap(made[rank - 1], made[rank - 2]);
      view = ".transpose(-2, -1)";
    } else if (layout == Layout::Sliced) {
      made.back() *= 2;
      view = "[..., ::2]";
    } else if (layout == Layout::Offset) {
      made.front() += 1;
      view = "[1:]";
    }
    std::string out = "torch.randn(";
    for (size_t i = 0; i < made.size(); ++i) out += (i ? ", " : "") + std::to_string(made[i]);
    if (float64) out += ", dtype=torch.float64";
    if (requires_grad) out += ", requires_grad=True";
    return out + ")" + view;
  }
  std::string key() const {
    std::string k = "(";
    for (int64_t s : sizes) k += std::to_string(s) + ",";
    return k + ")" + (float64 ? "f64" : "f32") + kLayoutNames[static_cast<int>(layout)] + (requires_grad ? "rg" : "");
  }
};

} // namespace

Builder::Builder(uint64_t seed, int calls, int rank) : rng(seed), calls_(calls) {
  for (int d = 0; d < rank; ++d) x_sizes_.push_back(shapes.add_size(0, 6));
  program_.params.push_back("x");
  params_.push_back({"x", {}, "x"});
  step("out = x");
}

void Builder::own_out() {
  if (out_fresh_) return;
  step("out = out.clone()");
  out_fresh_ = true;
}

void Builder::param(const std::string& name, const std::vector<std::string>& args, const std::string& what) {
  program_.params.push_back(name);
  params_.push_back({name, args, what});
}

void Builder::tensor_param(const std::string& name, std::vector<int> sizes, bool may_alias_x) {
  program_.params.push_back(name);
  params_.push_back({name, {}, "tensor " + name});
  tensors_.push_back({name, std::move(sizes), may_alias_x});
}

void Builder::state(const std::string& what, const std::vector<std::string>& values,
                    const std::function<std::string(const std::string&)>& assign) {
  header(assign(values.front()));
  states_.push_back({what, values, assign});
}

std::vector<std::string> Builder::sequence(const std::vector<std::string>& options, int change_percent) {
  std::vector<std::string> out{rng.pick(options)};
  for (int k = 1; k < calls_; ++k) {
    std::string v = out.back();
    if (options.size() > 1 && rng.percent(change_percent))
      while (v == out.back()) v = rng.pick(options);
    out.push_back(v);
  }
  return out;
}

Program Builder::finish(uint64_t seed) {
  for (int s : x_sizes_)
    if (nonempty_ || !rng.percent(25)) shapes.at_least(s, 1);
  auto percent = [&](Vary v, int base) { return varied_.count(v) ? 45 : base; };
  const std::vector<std::string> dtypes = sequence({"f32", "f32", "f32", "f64"}, percent(Vary::Dtype, 5));
  std::vector<std::string> layout_options = {"contiguous", "sliced", "offset"};
  if (rank() >= 2) layout_options.push_back("transposed");
  std::vector<std::string> layouts = sequence(layout_options, percent(Vary::Layout, 8));
  if (rng.percent(70)) layouts.front() = "contiguous";
  const std::vector<std::string> grads = sequence({"no", "no", "no", "yes"}, percent(Vary::RequiresGrad, 4));
  const std::vector<std::string> no_grad = sequence({"no", "no", "no", "yes"}, percent(Vary::GradMode, 4));
  std::vector<std::string> alias(static_cast<size_t>(calls_), "no");
  for (std::string& a : alias) a = rng.percent(12) ? "yes" : "no";

  std::vector<std::set<std::string>> changes(static_cast<size_t>(calls_));
  const std::vector<std::vector<int64_t>> sizes = shapes.plan(rng, calls_, changes);
  auto sizes_of = [&](int k, const std::vector<int>& symbols) {
    std::vector<int64_t> out;
    for (int s : symbols) out.push_back(s < 0 ? 1 : sizes[static_cast<size_t>(k)][static_cast<size_t>(s)]);
    return out;
  };

  const auto layout_of = [](const std::string& name) {
    return static_cast<Layout>(std::find(std::begin(kLayoutNames), std::end(kLayoutNames), name) - std::begin(kLayoutNames));
  };
  const bool aliasable = std::any_of(tensors_.begin(), tensors_.end(), [](const TensorParam& t) { return t.may_alias_x; });
  for (int k = 0; k < calls_; ++k) {
    const size_t i = static_cast<size_t>(k);
    Call call;
    TensorCall x{sizes_of(k, x_sizes_), dtypes[i] == "f64", layout_of(layouts[i]), grads[i] == "yes"};
    call.no_grad = no_grad[i] == "yes";
    const bool aliased = aliasable && alias[i] == "yes";
    call.key = x.key() + (call.no_grad ? " no_grad" : "") + (aliased ? " aliased" : "");
    if (k > 0) {
      std::set<std::string>& changed = changes[i];
      const size_t p = i - 1;
      if (dtypes[i] != dtypes[p]) changed.insert("dtype");
      if (layouts[i] != layouts[p]) changed.insert("strides");
      if (grads[i] != grads[p]) changed.insert("requires_grad");
      if (no_grad[i] != no_grad[p]) changed.insert("grad mode");
      if (aliasable && alias[i] != alias[p]) changed.insert("aliasing");
    }
    for (const State& s : states_) {
      call.key += " " + s.what + "=" + s.values[i];
      if (k > 0 && s.values[i] != s.values[i - 1]) {
        call.before.push_back(s.assign(s.values[i]));
        changes[i].insert(s.what);
      }
    }
    std::string x_arg = x.expr();
    if (!marks_.empty() || aliased) {
      const std::string name = "x" + std::to_string(k);
      call.before.push_back(name + " = " + x_arg);
      for (std::string m : marks_) call.before.push_back(m.replace(m.find("{}"), 2, name));
      x_arg = name;
    }
    for (const Param& p : params_) {
      if (p.name == "x") {
        call.args.push_back(x_arg);
      } else if (p.args.empty()) {
        const TensorParam& t = *std::find_if(tensors_.begin(), tensors_.end(), [&](const TensorParam& t) { return t.name == p.name; });
        TensorCall y{sizes_of(k, t.sizes), x.float64};
        call.args.push_back(t.may_alias_x && aliased ? x_arg : y.expr());
        call.key += " " + y.key();
      } else {
        call.args.push_back(p.args[i]);
        call.key += " " + p.name + "=" + p.args[i];
        if (k > 0 && p.args[i] != p.args[i - 1]) changes[i].insert(p.what);
      }
    }
    call.changes = std::move(changes[i]);
    program_.calls.push_back(std::move(call));
  }
  program_.seed = seed;
  return std::move(program_);
}

} // namespace refc::fuzz
