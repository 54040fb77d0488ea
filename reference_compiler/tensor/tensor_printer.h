// Tensor printing, a port of PyTorch 2.14's torch/_tensor_str.py, so that
// refc's repr(t) / str(t) are byte-for-byte PyTorch's: print_options() is
// PRINT_OPTS, set_print_options() is torch.set_printoptions, tensor_repr() is
// _str_intern (the "tensor(" prefix, the data and the device / size / dtype /
// grad_fn / requires_grad suffixes with their line breaking), and
// tensor_data_str() is _tensor_str (the data part alone: _Formatter's choice of
// int mode, scientific notation and column width, linewidth wrapping, nested
// indentation and "..." summarisation). Numbers are rendered with the
// interpreter's exact Python formatting (lang::format_float), as PyTorch's
// f-strings render them. What refc has no counterpart for (complex, sparse,
// quantized, nested, functorch-wrapped and forward-AD dual tensors, the
// "Parameter(...)" wrapping of Parameter subclasses) is not ported.
#pragma once

#include "reference_compiler/tensor/tensor.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace refc::tensor {

// torch._tensor_str.PRINT_OPTS. `threshold` is a double because the "full"
// profile sets it to inf (and Python accepts any number there); a tensor is
// summarised when numel > threshold.
struct PrintOptions {
  int64_t precision = 4;
  double threshold = 1000;
  int64_t edgeitems = 3;
  int64_t linewidth = 80;
  std::optional<bool> sci_mode; // nullopt: chosen per tensor by the formatter
};

// The process-wide options (what torch.get_printoptions() reports).
PrintOptions& print_options();

// The arguments of torch.set_printoptions; an absent field keeps its value,
// except sci_mode, which is always assigned (passing none resets it to auto,
// as in PyTorch).
// (The "= {}" initialisers let designated initialisers name only some fields
// without GCC's -Wmissing-field-initializers.)
struct PrintOptionsUpdate {
  std::optional<int64_t> precision = {};
  std::optional<double> threshold = {};
  std::optional<int64_t> edgeitems = {};
  std::optional<int64_t> linewidth = {};
  std::optional<std::string> profile = {}; // "default", "short" or "full"
  std::optional<bool> sci_mode = {};
};

// torch.set_printoptions: the profile's values are applied first, then the
// given fields. Like PyTorch 2.14, an unknown profile name is silently ignored
// (it raises nothing), e.g. set_print_options({.profile = "short", .precision = 6}).
void set_print_options(const PrintOptionsUpdate& update);

// repr(t) == str(t), as _str_intern builds it: "tensor([1., 2.])",
// "tensor([], size=(0, 3))", "tensor(..., device='meta', size=(2, 3))",
// "tensor([1, 2], dtype=torch.int32)", "tensor([2., 4.], grad_fn=<AddBackward0>)".
// The prefix is "tensor(" for torch.Tensor and nn.Parameter, else the type's
// name ("FakeTensor("). A tensor without data (meta, fake) prints "..." with
// its size. `tensor_contents`, when given, replaces the data part, as
// Tensor.__repr__(tensor_contents=...) does. Raises what PyTorch raises for
// bad options (ValueError for a negative precision, RuntimeError for a
// negative edgeitems on a summarised tensor of 2 or more dimensions).
std::string tensor_repr(const Tensor& t,
                        std::optional<std::string_view> tensor_contents = std::nullopt);

// _tensor_str(t, indent): the data part alone ("[[1., 2.],\n [3., 4.]]"),
// where `indent` is the column the opening bracket sits at (the prefix
// length, 7 for "tensor("); it sets where wrapped lines and inner rows start
// and how many elements fit on a line. "[]" for an empty tensor, "..." for a
// tensor without data.
std::string tensor_data_str(const Tensor& t, int64_t indent = 0);

} // namespace refc::tensor
