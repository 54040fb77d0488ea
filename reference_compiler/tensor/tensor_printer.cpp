// Tensor printing, ported line by line from PyTorch 2.14's torch/_tensor_str.py
// (the Python names are given beside each piece). PyTorch builds the summary
// with tensor ops (slicing, torch.cat, torch.stack, masked_select); here the
// same elements are read straight from the strided data, so printing needs no
// op and works on any view.
#include "reference_compiler/tensor/tensor_printer.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/format_spec.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

namespace refc::tensor {

PrintOptions& print_options() {
  static PrintOptions options;
  return options;
}

void set_print_options(const PrintOptionsUpdate& u) {
  PrintOptions& o = print_options();
  if (u.profile) {
    // {precision, threshold, edgeitems, linewidth}; sci_mode is set below.
    if (*u.profile == "default")
      o = {4, 1000, 3, 80, o.sci_mode};
    else if (*u.profile == "short")
      o = {2, 1000, 2, 80, o.sci_mode};
    else if (*u.profile == "full")
      o = {4, std::numeric_limits<double>::infinity(), 3, 80, o.sci_mode};
  }
  if (u.precision) o.precision = *u.precision;
  if (u.threshold) o.threshold = *u.threshold;
  if (u.edgeitems) o.edgeitems = *u.edgeitems;
  if (u.linewidth) o.linewidth = *u.linewidth;
  o.sci_mode = u.sci_mode;
}

namespace {

// The element `offset` elements past element 0, as .item() / .tolist() give it:
// a Python bool, int, or float (16-bit floats widened exactly).
Scalar element(const Tensor& t, int64_t offset) {
  return visit_dtype(t.dtype(), [&]<class T>() -> Scalar {
    T v = t.data<T>()[offset];
    if constexpr (std::is_same_v<T, bool>)
      return Scalar(v);
    else if constexpr (std::is_integral_v<T>)
      return Scalar(static_cast<int64_t>(v));
    else if constexpr (std::is_same_v<T, double>)
      return Scalar(v);
    else
      return Scalar(static_cast<double>(static_cast<float>(v)));
  });
}

// Where Python's slices x[i:] and x[:i] cut a dimension of size n.
int64_t slice_bound(int64_t i, int64_t n) { return std::clamp<int64_t>(i < 0 ? i + n : i, 0, n); }

std::string format_with(double v, const std::string& spec) { return lang::format_float(v, spec); }

// f"{v:.{p}e}" / f"{v:{w}.{p}e}" (w < 0: no width) and f"{v:.{p}f}".
std::string sci_str(double v, int64_t precision, int64_t width = -1) {
  return format_with(v, (width >= 0 ? std::to_string(width) : "") + "." +
                            std::to_string(precision) + "e");
}
std::string fixed_str(double v, int64_t precision) {
  return format_with(v, "." + std::to_string(precision) + "f");
}

// _Formatter: decides, from the elements that will be shown, how every element
// prints and the common width they are right-aligned to.
class Formatter {
public:
  Formatter(DType dtype, const std::vector<Scalar>& values, const PrintOptions& opts)
      : floating_(is_floating(dtype)), precision_(opts.precision) {
    if (!floating_) {
      for (const Scalar& v : values)
        max_width_ = std::max<int64_t>(max_width_, str(v).size());
      return;
    }
    std::vector<double> nonzero_finite;
    for (const Scalar& v : values) {
      double d = v.to_double();
      if (std::isfinite(d) && d != 0) nonzero_finite.push_back(d);
    }
    if (nonzero_finite.empty()) return; // no valid number: int mode, width 1
    // The statistics are computed in double, as tensor_totype does.
    double min = std::numeric_limits<double>::infinity(), max = 0;
    for (double d : nonzero_finite) {
      min = std::min(min, std::fabs(d));
      max = std::max(max, std::fabs(d));
      if (d != std::ceil(d)) int_mode_ = false;
    }
    sci_mode_ =
        opts.sci_mode ? *opts.sci_mode : (max / min > 1000.0 || max > 1.0e8 || min < 1.0e-4);
    for (double d : nonzero_finite) {
      int64_t width;
      if (sci_mode_) width = sci_str(d, precision_).size();
      // In int mode the non-scientific form gets a "." appended (see format).
      else if (int_mode_)
        width = fixed_str(d, 0).size() + 1;
      else
        width = fixed_str(d, precision_).size();
      max_width_ = std::max(max_width_, width);
    }
  }

  int64_t width() const { return max_width_; }

  std::string format(const Scalar& v) const {
    std::string ret;
    if (floating_) {
      double d = v.to_double();
      if (sci_mode_) {
        ret = sci_str(d, precision_, max_width_);
      } else if (int_mode_) {
        // The "." marks the tensor as floating; non-finite values need none.
        ret = fixed_str(d, 0);
        if (std::isfinite(d)) ret += ".";
      } else {
        ret = fixed_str(d, precision_);
      }
    } else {
      ret = str(v);
    }
    int64_t pad = max_width_ - static_cast<int64_t>(ret.size());
    return pad > 0 ? std::string(pad, ' ') + ret : ret;
  }

private:
  // f"{v}" for a bool or int element.
  static std::string str(const Scalar& v) {
    if (v.is_bool()) return v.to_bool() ? "True" : "False";
    return std::to_string(v.to_int());
  }

  bool floating_;
  int64_t precision_;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int64_t max_width_ = 1;
};

// get_summarized_data: appends the elements of the sub-tensor at `offset`
// (dimensions d...) that a summarised print shows, or all of them when not
// summarising. The order does not matter to the formatter.
void collect_shown(const Tensor& t, int64_t d, int64_t offset, bool summarize, int64_t edge,
                   std::vector<Scalar>& out) {
  if (d == t.dim()) {
    out.push_back(element(t, offset));
    return;
  }
  int64_t n = t.size(d), stride = t.stride(d);
  auto take = [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i)
      collect_shown(t, d + 1, offset + i * stride, summarize, edge, out);
  };
  if (!summarize || n <= 2 * edge) {
    take(0, n);
  } else if (d + 1 == t.dim()) {
    // torch.cat((x[:edge], x[-edge:])); with edge == 0, x[-0:] is all of x.
    take(0, slice_bound(edge, n));
    take(slice_bound(-edge, n), n);
  } else if (edge == 0) {
    // new_empty([0] * dim): nothing to measure.
  } else if (edge < 0) {
    // torch.stack([]) of the empty start + end lists.
    lang::raise(lang::exc::RuntimeError, "stack expects a non-empty TensorList");
  } else {
    take(0, edge);
    take(n - edge, n);
  }
}

// _tensor_str_with_formatter / _vector_str / _scalar_str over the strided data.
class DataPrinter {
public:
  DataPrinter(const Tensor& t, const PrintOptions& opts, const Formatter& f, bool summarize)
      : t_(t), opts_(opts), f_(f), summarize_(summarize) {}

  // The sub-tensor at `offset` made of dimensions d..., its "[" at column `indent`.
  std::string str(int64_t d, int64_t offset, int64_t indent) const {
    int64_t dim = t_.dim() - d;
    if (dim == 0) return f_.format(element(t_, offset));
    if (dim == 1) return vector_str(d, offset, indent);

    int64_t n = t_.size(d), stride = t_.stride(d), edge = opts_.edgeitems;
    std::vector<std::string> slices;
    auto take = [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i)
        slices.push_back(str(d + 1, offset + i * stride, indent + 1));
    };
    if (summarize_ && n > 2 * edge) {
      // range(edge) and range(len - edge, len): both empty when edge <= 0.
      int64_t e = std::max<int64_t>(edge, 0);
      take(0, e);
      slices.push_back("...");
      take(n - e, n);
    } else {
      take(0, n);
    }
    std::string sep = "," + std::string(dim - 1, '\n') + std::string(indent + 1, ' ');
    return "[" + join(slices, sep) + "]";
  }

private:
  std::string vector_str(int64_t d, int64_t offset, int64_t indent) const {
    // The length includes the ", " between elements.
    int64_t element_length = f_.width() + 2;
    int64_t room = opts_.linewidth - indent;
    // math.floor of the true quotient (element_length > 0).
    int64_t per_line = room / element_length - (room % element_length != 0 && room < 0 ? 1 : 0);
    per_line = std::max<int64_t>(1, per_line);

    int64_t n = t_.size(d), stride = t_.stride(d), edge = opts_.edgeitems;
    std::vector<std::string> data;
    auto take = [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i)
        data.push_back(f_.format(element(t_, offset + i * stride)));
    };
    if (summarize_ && edge == 0) {
      data.push_back("...");
    } else if (summarize_ && n > 2 * edge) {
      take(0, slice_bound(edge, n));
      data.push_back(" ...");
      take(slice_bound(-edge, n), n);
    } else {
      take(0, n);
    }

    std::vector<std::string> lines;
    for (size_t i = 0; i < data.size(); i += per_line) {
      size_t end = std::min(data.size(), i + static_cast<size_t>(per_line));
      lines.push_back(join(std::vector<std::string>(data.begin() + i, data.begin() + end), ", "));
    }
    return "[" + join(lines, ",\n" + std::string(indent + 1, ' ')) + "]";
  }

  static std::string join(const std::vector<std::string>& parts, const std::string& sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
      if (i) out += sep;
      out += parts[i];
    }
    return out;
  }

  const Tensor& t_;
  const PrintOptions& opts_;
  const Formatter& f_;
  bool summarize_;
};

// str(tuple(t.shape)): "(2, 3)", "(5,)", "()".
std::string shape_str(IntArrayRef sizes) {
  std::string s = "(";
  for (size_t i = 0; i < sizes.size(); ++i)
    s += (i ? ", " : "") + std::to_string(sizes[i]);
  return s + (sizes.size() == 1 ? ",)" : ")");
}

// _add_suffixes: appends ", suffix" to the last line, or starts a new line at
// `indent` when the suffix would overflow the line width.
std::string add_suffixes(std::string out, const std::vector<std::string>& suffixes, int64_t indent,
                         int64_t linewidth) {
  size_t nl = out.rfind('\n');
  // PyTorch's len(s) - s.rfind("\n") + 1, with rfind giving -1 when absent.
  int64_t last_line_len = static_cast<int64_t>(out.size()) -
                          (nl == std::string::npos ? -1 : static_cast<int64_t>(nl)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t suffix_len = suffix.size();
    if (last_line_len + suffix_len + 2 > linewidth) {
      out += ",\n" + std::string(indent, ' ') + suffix;
      last_line_len = indent + suffix_len;
    } else {
      out += ", " + suffix;
      last_line_len += suffix_len + 2;
    }
  }
  return out + ")";
}

// "tensor(" for torch.Tensor and nn.Parameter, "<TypeName>(" for other subclasses.
std::string repr_prefix(const Tensor& t) {
  const lang::TypeObject* type = t->type;
  if (type == tensor_type() || type->name == "Parameter") return "tensor(";
  return type->name + "(";
}

} // namespace

std::string tensor_data_str(const Tensor& t, int64_t indent) {
  if (!t.has_data()) return "...";
  if (t.numel() == 0) return "[]";
  const PrintOptions& opts = print_options();
  bool summarize = static_cast<double>(t.numel()) > opts.threshold;
  std::vector<Scalar> shown;
  collect_shown(t, 0, 0, summarize, opts.edgeitems, shown);
  Formatter formatter(t.dtype(), shown, opts);
  return DataPrinter(t, opts, formatter, summarize).str(0, 0, indent);
}

std::string tensor_repr(const Tensor& t, std::optional<std::string_view> tensor_contents) {
  const PrintOptions& opts = print_options();
  std::string prefix = repr_prefix(t);
  int64_t indent = prefix.size();
  std::vector<std::string> suffixes;

  // Only a device other than the default (cpu) is shown.
  if (!t.device().is_cpu()) suffixes.push_back("device='" + t.device().str() + "'");

  DType dtype = t.dtype(), default_float = default_float_dtype();
  std::string dtype_suffix = "dtype=torch." + std::string(dtype_name(dtype));
  // Empty and data-less tensors show every dtype but the default float one:
  // there are no elements to tell an int64 tensor from a float one.
  bool has_default_dtype = dtype == default_float || dtype == DType::Int64 || dtype == DType::Bool;
  std::string data;
  if (!t.has_data()) { // meta and fake tensors
    suffixes.push_back("size=" + shape_str(t.sizes()));
    if (dtype != default_float) suffixes.push_back(dtype_suffix);
    data = "...";
  } else if (t.numel() == 0) {
    // The shape is shown unless it is (0,), as NumPy does.
    if (t.dim() != 1) suffixes.push_back("size=" + shape_str(t.sizes()));
    if (dtype != default_float) suffixes.push_back(dtype_suffix);
    data = "[]";
  } else {
    // With edgeitems 0 a summary shows no element, so the shape is given.
    if (opts.edgeitems == 0) suffixes.push_back("size=" + shape_str(t.sizes()));
    if (!has_default_dtype) suffixes.push_back(dtype_suffix);
    if (!tensor_contents) data = tensor_data_str(t, indent);
  }
  if (tensor_contents) data = *tensor_contents;

  const AutogradMeta* meta = t->autograd.get();
  if (meta && meta->grad_fn)
    suffixes.push_back("grad_fn=<" + meta->grad_fn->name() + ">");
  else if (t.requires_grad())
    suffixes.push_back("requires_grad=True");

  return add_suffixes(prefix + data, suffixes, indent, opts.linewidth);
}

} // namespace refc::tensor
