// Tests of number_ops.h and format_spec.h against CPython 3.11: format() of
// ints, floats and strs under hundreds of specs (including every error),
// float repr, int()/float() parsing, and the arithmetic helpers (division,
// modulo, powers, shifts, round). Expected values come from
// number_format_test_data.py, which records what CPython answers.
#include "test_support.h"

#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/descriptor_objects.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/tuple_object.h"
#include "reference_compiler/lang/type_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/format_spec.h"
#include "reference_compiler/lang/instance_object.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace refc::lang {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A string literal as a string_view that keeps embedded NULs.
#define SV(s) std::string_view(s, sizeof(s) - 1)

struct FormatCase {
  char kind; // 'i' int, 'b' bool, 'f' float, 's' str
  int64_t ival;
  double fval;
  std::string_view sval;
  std::string_view spec;
  std::string_view expected; // the result, or the error message
  std::string_view error;    // exception type name, "" on success
};
struct ReprCase {
  double value;
  std::string_view expected;
};
struct IntParseCase {
  std::string_view text;
  int base;
  std::string_view expected;
  std::string_view error;
};
struct FloatParseCase {
  std::string_view text;
  double expected;
  std::string_view message;
  std::string_view error;
};
struct ArithCase {
  std::string_view op;
  char akind;
  int64_t ai;
  double af;
  char bkind;
  int64_t bi;
  double bf;
  std::string_view expected;
  std::string_view error;
};

struct CallCase {
  char ctor; // 'i', 'f', 'b': call that type's __new__; 0: call `method` on recv
  std::string_view recv; // encoded (see decode_next)
  std::string_view method;
  std::string_view args; // encoded values, one after another
  std::string_view expected;
  std::string_view error;
};

using testing::decode_next;

using testing::expectation;

#include "number_format_test_data.inc"

// "Type: message" of a raised PyError.
std::string describe(const PyError& e) {
  auto* x = e.exc.as<ExceptionObject>();
  std::string msg;
  if (x->args && x->args->size() > 0 && x->args->items[0].is_obj())
    msg = std::string(x->args->items[0].as<Str>()->view());
  return x->type->name + ": " + msg;
}

std::string value_text(const Value& v) {
  if (v.is_bool()) return v.as_bool() ? "True" : "False";
  if (is_int_value(v)) return int_value_to_string(v);
  if (v.is_float()) return float_repr(v.as_float());
  if (v.is_obj() && v.as_obj()->type == types::str) return "'" + std::string(v.as<Str>()->view()) + "'";
  if (is_not_implemented(v)) return "NotImplemented";
  if (v.is_obj() && v.as_obj()->type == types::tuple) {
    std::string out = "(";
    const auto& items = v.as<Tuple>()->items;
    for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + value_text(items[i]);
    return out + (items.size() == 1 ? ",)" : ")");
  }
  return "<?>";
}

class NumberFormatTest : public testing::BuiltinTypesTest {};

TEST_F(NumberFormatTest, FormatSpecsMatchCPython) {
  int failures = 0;
  for (const FormatCase& c : kFormatCases) {
    if (c.kind == 'b' && c.spec.empty()) continue; // str(bool), not the int formatter
    std::string got;
    try {
      switch (c.kind) {
      case 'i': got = format_int(Value::integer(c.ival), c.spec, "int"); break;
      case 'b': got = format_int(Value::boolean(c.ival != 0), c.spec, "bool"); break;
      case 'f': got = format_float(c.fval, c.spec); break;
      default: {
        Ref<Str> s = make_str(std::string(c.sval));
        got = format_str(s->data, s->length, c.spec);
      }
      }
    } catch (const PyError& e) {
      got = describe(e);
    }
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 40) {
      ADD_FAILURE() << "format(" << (c.kind == 's' ? std::string(c.sval) : c.kind == 'f' ? float_repr(c.fval) : std::to_string(c.ival))
                    << ", '" << c.spec << "'): got [" << got << "] want [" << want << "]";
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(NumberFormatTest, FloatReprMatchesCPython) {
  int failures = 0;
  for (const ReprCase& c : kReprCases) {
    std::string got = float_repr(c.value);
    if (got != c.expected && ++failures <= 20)
      ADD_FAILURE() << "repr: got " << got << " want " << c.expected;
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(NumberFormatTest, IntParsingMatchesCPython) {
  int failures = 0;
  for (const IntParseCase& c : kIntParseCases) {
    std::string got;
    try {
      got = int_value_to_string(parse_int(c.text, c.base));
    } catch (const PyError& e) {
      got = describe(e);
    }
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 20)
      ADD_FAILURE() << "int(" << c.text << ", " << c.base << "): got [" << got << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(NumberFormatTest, FloatParsingMatchesCPython) {
  int failures = 0;
  for (const FloatParseCase& c : kFloatParseCases) {
    std::string got, want;
    try {
      double d = parse_float(c.text);
      got = std::isnan(d) ? "nan" : float_repr(d) + (std::signbit(d) ? "-" : "+");
    } catch (const PyError& e) {
      got = describe(e);
    }
    if (!c.error.empty())
      want = expectation(c.error, c.message);
    else
      want = std::isnan(c.expected) ? "nan" : float_repr(c.expected) + (std::signbit(c.expected) ? "-" : "+");
    if (got != want && ++failures <= 20)
      ADD_FAILURE() << "float(" << c.text << "): got [" << got << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

BinaryOp op_of(std::string_view op) {
  static const std::pair<const char*, BinaryOp> kOps[] = {
      {"+", BinaryOp::Add},         {"-", BinaryOp::Subtract},   {"*", BinaryOp::Multiply},
      {"/", BinaryOp::TrueDivide},  {"//", BinaryOp::FloorDivide}, {"%", BinaryOp::Remainder},
      {"**", BinaryOp::Power},      {"<<", BinaryOp::LShift},    {">>", BinaryOp::RShift},
      {"&", BinaryOp::And},         {"|", BinaryOp::Or},         {"^", BinaryOp::Xor}};
  for (auto& [name, op_value] : kOps)
    if (op == name) return op_value;
  ADD_FAILURE() << "unknown op " << op;
  return BinaryOp::Add;
}

TEST_F(NumberFormatTest, ArithmeticMatchesCPython) {
  int failures = 0;
  for (const ArithCase& c : kArithCases) {
    Value a = c.akind == 'i' ? Value::integer(c.ai) : Value::floating(c.af);
    Value b = c.bkind == 'i' ? Value::integer(c.bi) : Value::floating(c.bf);
    std::string got;
    std::string_view op = c.op;
    try {
      if (op == "divmod") {
        if (a.is_int() && b.is_int()) {
          Value q, r;
          int_value_divmod(a, b, q, r);
          got = "(" + value_text(q) + ", " + value_text(r) + ")";
        } else {
          double q, r;
          float_divmod(a.is_int() ? double(c.ai) : c.af, b.is_int() ? double(c.bi) : c.bf, q, r);
          got = "(" + float_repr(q) + ", " + float_repr(r) + ")";
        }
      } else if (op == "round") {
        got = a.is_int() ? value_text(int_value_round(a, c.bi)) : float_repr(float_round(c.af, c.bi));
      } else {
        got = value_text(numeric_binary_op(op_of(op), a, b));
      }
    } catch (const PyError& e) {
      got = describe(e);
    }
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 40)
      ADD_FAILURE() << value_text(a) << " " << op << " " << value_text(b) << ": got [" << got << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(NumberFormatTest, HashesAreCPythons) {
  EXPECT_EQ(int_hash(-1), -2);
  EXPECT_EQ(int_hash(1), 1);
  EXPECT_EQ(int_hash(int64_t{1} << 61), 1);
  EXPECT_EQ(int_hash(std::numeric_limits<int64_t>::min()), -4);
  EXPECT_EQ(float_hash(1.5), 1152921504606846977);
  EXPECT_EQ(float_hash(0.1), 230584300921369408);
  EXPECT_EQ(float_hash(1e100), 1822893315824342674);
  EXPECT_EQ(float_hash(-0.0), 0);
  EXPECT_EQ(float_hash(kInf), 314159);
  EXPECT_EQ(float_hash(-kInf), -314159);
  EXPECT_EQ(float_hash(2305843009213693952.0), 1); // 2**61
  EXPECT_EQ(float_hash(-1.0), -2);
}

TEST_F(NumberFormatTest, IntFloatComparisonIsExact) {
  constexpr int64_t big = (int64_t{1} << 53) + 1;
  EXPECT_EQ(compare_int_float(big, 9007199254740992.0), 1);
  EXPECT_EQ(compare_int_float(std::numeric_limits<int64_t>::max(), 9223372036854775808.0), -1);
  EXPECT_EQ(compare_int_float(std::numeric_limits<int64_t>::min(), -9223372036854775808.0), 0);
  EXPECT_EQ(compare_int_float(3, kNaN), 2);
  EXPECT_EQ(compare_int_float(3, 3.5), -1);
  EXPECT_EQ(compare_int_float(-3, -3.5), 1);
  bool r = false;
  EXPECT_TRUE(numeric_compare(CompareOp::Ne, Value::floating(kNaN), Value::floating(kNaN), r));
  EXPECT_TRUE(r);
  EXPECT_TRUE(numeric_compare(CompareOp::Eq, Value::boolean(true), Value::floating(1.0), r));
  EXPECT_TRUE(r);
  EXPECT_FALSE(numeric_compare(CompareOp::Eq, Value::integer(1), Value::none(), r));
}

TEST_F(NumberFormatTest, TrueDivisionRoundsCorrectly) {
  // Beyond 2**53 the operands are not exact doubles; CPython rounds the exact quotient once.
  EXPECT_EQ(float_repr(int_truediv((int64_t{1} << 62) + 1, 3)), "1.5372286728091292e+18");
  EXPECT_EQ(float_repr(int_truediv(9007199254740993, 1)), "9007199254740992.0");
  EXPECT_EQ(float_repr(int_truediv(std::numeric_limits<int64_t>::max(), 7)), "1.3176245766935393e+18");
  EXPECT_EQ(float_repr(int_truediv(0, -(int64_t{1} << 60))), "-0.0");
}

// The int, bool and float dunders, methods and constructors, called as natives.
TEST_F(NumberFormatTest, TypeMethodsMatchCPython) {
  int failures = 0;
  for (const CallCase& c : kCallCases) {
    std::vector<Value> argv;
    Value fn;
    std::string_view recv_text = c.recv;
    Value recv = c.ctor ? Value() : decode_next(recv_text);
    if (c.ctor) {
      TypeObject* t = c.ctor == 'i' ? types::int_ : c.ctor == 'f' ? types::float_ : types::bool_;
      argv.push_back(Value::borrow(t));
      Value m = t->lookup(intern("__new__"));
      fn = m.as_obj()->type == types::staticmethod ? m.as<StaticMethod>()->func : m;
    } else {
      argv.push_back(recv);
      fn = recv.type()->lookup(intern(c.method));
    }
    for (std::string_view rest = c.args; !rest.empty();) argv.push_back(decode_next(rest));
    std::string got;
    try {
      if (fn.is_null()) throw std::runtime_error("no method");
      got = value_text(fn.as<NativeFunction>()->fn(Args{argv.data(), argv.size(), nullptr}));
    } catch (const PyError& e) {
      got = describe(e);
    } catch (const std::exception&) {
      got = "<missing " + std::string(c.method) + ">";
    }
    std::string want = expectation(c.error, c.expected);
    if (got != want && ++failures <= 40)
      ADD_FAILURE() << (c.ctor ? std::string(1, c.ctor) + "(...)" : value_text(recv) + "." + std::string(c.method))
                    << ": got [" << got << "] want [" << want << "]";
  }
  EXPECT_EQ(failures, 0);
}

} // namespace
} // namespace refc::lang
