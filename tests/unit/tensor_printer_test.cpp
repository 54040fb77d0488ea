// Tests of tensor printing (reference_compiler/tensor/tensor_printer.h) against
// PyTorch 2.14. Each case of tensor_printer_cases/cases.txt, recorded from real
// PyTorch by tensor_printer_cases/generate.py (which documents the format),
// describes a tensor completely — dtype, sizes, strides, storage offset,
// storage elements, device, autograd state — plus the default dtype and print
// options; the test rebuilds that tensor by hand and tensor_repr must return
// PyTorch's repr byte for byte (or raise the same exception). A few direct
// tests below cover the option setters and the API's other entry points.
#include "test_support.h"

#include "reference_compiler/tensor/tensor_printer.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/tensor/autograd_meta.h"
#include "reference_compiler/tensor/tensor_types.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace refc::tensor {
namespace {

struct PrinterCase {
  std::string name;
  DType dtype = DType::Float32;
  IntVector sizes, strides;
  int64_t offset = 0;
  std::vector<std::string> storage; // Python reprs of the storage elements
  bool meta = false;
  std::optional<DType> default_dtype;
  PrintOptionsUpdate options;
  std::string requires_grad_or_grad_fn; // "", "requires_grad" or a node name
  std::string expected;
};

// gtest prints a failing parameter with this instead of dumping its bytes.
[[maybe_unused]] void PrintTo(const PrinterCase& c, std::ostream* os) { *os << c.name; }

std::string g_load_error; // why cases.txt could not be read, reported by DataFileLoads

using testing::words;

DType parse_dtype(const std::string& name) {
  std::optional<DType> t = dtype_from_name(name);
  if (!t) throw std::runtime_error("unknown dtype " + name);
  return *t;
}

void parse_option(PrintOptionsUpdate& o, const std::string& item) {
  size_t eq = item.find('=');
  std::string key = item.substr(0, eq), value = item.substr(eq + 1);
  if (key == "precision")
    o.precision = std::stoll(value);
  else if (key == "threshold")
    o.threshold = std::strtod(value.c_str(), nullptr);
  else if (key == "edgeitems")
    o.edgeitems = std::stoll(value);
  else if (key == "linewidth")
    o.linewidth = std::stoll(value);
  else if (key == "profile")
    o.profile = value;
  else if (key == "sci_mode" && value != "None")
    o.sci_mode = value == "True";
  else if (key != "sci_mode")
    throw std::runtime_error("unknown option " + item);
}

std::vector<PrinterCase> load_cases() {
  std::vector<PrinterCase> cases;
  std::string path = std::string(REFC_SOURCE_DIR) + "/tests/unit/tensor_printer_cases/cases.txt";
  std::ifstream in(path);
  if (!in) {
    g_load_error = "cannot open " + path;
    return cases;
  }
  try {
    PrinterCase c;
    bool in_expect = false;
    for (std::string line; std::getline(in, line);) {
      if (in_expect) {
        if (line == "end") {
          c.expected.pop_back(); // the newline after the last line
          cases.push_back(std::move(c));
          c = PrinterCase();
          in_expect = false;
        } else if (!line.empty() && line[0] == '|') {
          c.expected += line.substr(1) + "\n";
        } else {
          throw std::runtime_error("bad expect line: " + line);
        }
        continue;
      }
      std::vector<std::string> w = words(line);
      if (w.empty()) continue;
      std::vector<std::string> rest(w.begin() + 1, w.end());
      auto ints = [&] {
        IntVector v;
        for (const std::string& s : rest)
          v.push_back(std::stoll(s));
        return v;
      };
      if (w[0] == "case")
        c.name = rest.at(0);
      else if (w[0] == "dtype")
        c.dtype = parse_dtype(rest.at(0));
      else if (w[0] == "sizes")
        c.sizes = ints();
      else if (w[0] == "strides")
        c.strides = ints();
      else if (w[0] == "offset")
        c.offset = std::stoll(rest.at(0));
      else if (w[0] == "storage")
        c.storage = rest;
      else if (w[0] == "device")
        c.meta = rest.at(0) == "meta";
      else if (w[0] == "default_dtype")
        c.default_dtype = parse_dtype(rest.at(0));
      else if (w[0] == "options")
        for (const std::string& item : rest)
          parse_option(c.options, item);
      else if (w[0] == "autograd")
        c.requires_grad_or_grad_fn = rest.back();
      else if (w[0] == "expect")
        in_expect = true;
      else
        throw std::runtime_error("bad line: " + line);
    }
  } catch (const std::exception& e) {
    g_load_error = path + ": " + e.what();
  }
  return cases;
}

const std::vector<PrinterCase>& all_cases() {
  static const std::vector<PrinterCase> cases = load_cases();
  return cases;
}

// A backward node that only has a name, standing in for the op library's.
struct NamedNode : Node {
  explicit NamedNode(const std::string& name) : Node(node_type(name), {}), name_(name) {}
  std::vector<Tensor> apply(std::vector<Tensor>&&) override { return {}; }
  std::string name() const override { return name_; }
  std::string name_;
};

// The tensor a case describes, storage and strides exactly as PyTorch had them.
Tensor make_tensor(const PrinterCase& c) {
  Device device = c.meta ? Device{DeviceType::Meta} : kCPU;
  lang::Ref<Storage> storage = new_storage(c.storage.size() * itemsize(c.dtype), device);
  visit_dtype(c.dtype, [&]<class T>() {
    T* data = static_cast<T*>(storage->data);
    for (size_t i = 0; i < c.storage.size(); ++i) {
      const std::string& s = c.storage[i];
      if constexpr (std::is_same_v<T, bool>)
        data[i] = s == "1";
      else if constexpr (std::is_integral_v<T>)
        data[i] = static_cast<T>(std::stoll(s));
      else if constexpr (std::is_same_v<T, double>)
        data[i] = std::strtod(s.c_str(), nullptr);
      // The value came from this dtype, so both conversions are exact.
      else
        data[i] = static_cast<T>(static_cast<float>(std::strtod(s.c_str(), nullptr)));
    }
  });
  Tensor t =
      Tensor::alias(tensor_type(), storage, to_sym(c.sizes), to_sym(c.strides), c.offset, c.dtype);
  if (c.requires_grad_or_grad_fn == "requires_grad")
    autograd_meta(t).requires_grad = true;
  else if (!c.requires_grad_or_grad_fn.empty())
    autograd_meta(t).grad_fn = lang::make<NamedNode>(c.requires_grad_or_grad_fn);
  return t;
}

// repr, or "Type: message" of what it raised, as generate.py records them.
std::string repr_or_error(const Tensor& t) {
  try {
    return tensor_repr(t);
  } catch (lang::PyError& e) {
    return testing::exception_text(e);
  }
}

// Restores the process-wide state every test may change.
class PrinterTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { lang::initialise(); }
  void TearDown() override {
    set_print_options({.profile = "default"});
    set_default_float_dtype(DType::Float32);
  }
};

class TensorPrinter : public ::testing::TestWithParam<PrinterCase> {
protected:
  static void SetUpTestSuite() { lang::initialise(); }
  void TearDown() override {
    set_print_options({.profile = "default"});
    set_default_float_dtype(DType::Float32);
  }
};

TEST_P(TensorPrinter, MatchesPyTorch) {
  const PrinterCase& c = GetParam();
  if (c.default_dtype) set_default_float_dtype(*c.default_dtype);
  set_print_options(c.options);
  Tensor t = make_tensor(c);
  EXPECT_EQ(repr_or_error(t), c.expected);
}

INSTANTIATE_TEST_SUITE_P(PyTorch, TensorPrinter, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<PrinterCase>& info) {
                           return info.param.name;
                         });

using TensorPrinterApi = PrinterTest;

TEST_F(TensorPrinterApi, DataFileLoads) {
  EXPECT_EQ(g_load_error, "");
  EXPECT_GE(all_cases().size(), 60u);
}

// A contiguous float32 tensor of `values` shaped `sizes`.
Tensor float_tensor(std::vector<float> values, IntVector sizes) {
  Tensor t = Tensor::empty(to_sym(sizes), DType::Float32);
  for (size_t i = 0; i < values.size(); ++i)
    t.data<float>()[i] = values[i];
  return t;
}

TEST_F(TensorPrinterApi, SetPrintOptionsAppliesProfileThenFields) {
  set_print_options({.precision = 7,
                     .threshold = 5,
                     .edgeitems = 1,
                     .linewidth = 33,
                     .profile = "short",
                     .sci_mode = true});
  PrintOptions& o = print_options();
  EXPECT_EQ(o.precision, 7);
  EXPECT_EQ(o.threshold, 5);
  EXPECT_EQ(o.edgeitems, 1);
  EXPECT_EQ(o.linewidth, 33);
  EXPECT_EQ(o.sci_mode, std::optional<bool>(true));

  // A profile resets every field; sci_mode is reset by any call without it.
  set_print_options({.profile = "short"});
  EXPECT_EQ(o.precision, 2);
  EXPECT_EQ(o.threshold, 1000);
  EXPECT_EQ(o.edgeitems, 2);
  EXPECT_EQ(o.linewidth, 80);
  EXPECT_EQ(o.sci_mode, std::nullopt);

  set_print_options({.profile = "full"});
  EXPECT_TRUE(std::isinf(o.threshold));
  EXPECT_EQ(o.precision, 4);
  EXPECT_EQ(o.edgeitems, 3);

  // An unknown profile changes nothing, as in PyTorch 2.14.
  set_print_options({.precision = 9});
  set_print_options({.profile = "fancy"});
  EXPECT_EQ(o.precision, 9);
  EXPECT_TRUE(std::isinf(o.threshold));

  set_print_options({.profile = "default"});
  EXPECT_EQ(o.precision, 4);
  EXPECT_EQ(o.threshold, 1000);
  EXPECT_EQ(o.edgeitems, 3);
  EXPECT_EQ(o.linewidth, 80);
}

TEST_F(TensorPrinterApi, DataStrUsesIndent) {
  Tensor t = float_tensor({1.5f, 2, 3, 4}, {2, 2});
  EXPECT_EQ(tensor_data_str(t), "[[1.5000, 2.0000],\n [3.0000, 4.0000]]");
  EXPECT_EQ(tensor_data_str(t, 4), "[[1.5000, 2.0000],\n     [3.0000, 4.0000]]");
  EXPECT_EQ(tensor_data_str(Tensor::empty(to_sym(IntVector{0}), DType::Float32)), "[]");
  EXPECT_EQ(tensor_data_str(
                Tensor::empty(to_sym(IntVector{2}), DType::Float32, Device{DeviceType::Meta})),
            "...");
}

TEST_F(TensorPrinterApi, CustomContentsReplaceTheData) {
  Tensor t = float_tensor({1, 2}, {2});
  autograd_meta(t).requires_grad = true;
  EXPECT_EQ(tensor_repr(t, "<custom>"), "tensor(<custom>, requires_grad=True)");
}

TEST_F(TensorPrinterApi, SubclassPrefix) {
  lang::TypeObject* sub = lang::make_module_type("MyTensor", "__main__");
  Tensor base = float_tensor({1, 2, 3, 4}, {2, 2});
  Tensor t = Tensor::alias(sub, base->storage, to_sym(IntVector{2, 2}), to_sym(IntVector{2, 1}), 0,
                           DType::Float32);
  // The prefix length sets the indentation of the following rows.
  EXPECT_EQ(tensor_repr(t), "MyTensor([[1., 2.],\n          [3., 4.]])");
}

} // namespace
} // namespace refc::tensor
