// Tests of refc's CPU random number generation (reference_compiler/tensor/
// generator.h) against PyTorch 2.14. Each case of generator_cases/cases.txt,
// recorded from real PyTorch by generator_cases/generate.py (which documents
// the format), is a sequence of steps on one generator — seeding, fills of
// tensors with given dtype, sizes and strides, randperm, dropout, state
// save/restore — and every filled tensor must match PyTorch's bit for bit.
// A few direct tests below cover the engine, the state blob and the errors.
#include "test_support.h"

#include "reference_compiler/tensor/generator.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/interpreter.h"
#include "reference_compiler/lang/str_object.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace refc::tensor {
namespace {

struct Step {
  std::string op;
  std::vector<std::string> args;            // positional words after the op
  std::map<std::string, std::string> kv;    // key=value words
  std::vector<std::string> expected;        // the words after "=>"
};

struct GenCase {
  std::string name;
  std::vector<Step> steps;
};

// gtest prints a failing parameter with this instead of dumping its bytes.
[[maybe_unused]] void PrintTo(const GenCase& c, std::ostream* os) { *os << c.name; }

std::string g_load_error; // why cases.txt could not be read, reported by DataFileLoads

using testing::words;

std::vector<GenCase> load_cases() {
  std::vector<GenCase> cases;
  std::string path = std::string(REFC_SOURCE_DIR) + "/tests/unit/generator_cases/cases.txt";
  std::ifstream in(path);
  if (!in) {
    g_load_error = "cannot open " + path;
    return cases;
  }
  try {
    for (std::string line; std::getline(in, line);) {
      std::vector<std::string> w = words(line);
      if (w.empty() || w[0][0] == '#') continue;
      if (w[0] == "case") {
        cases.push_back({w.at(1), {}});
        continue;
      }
      if (cases.empty()) throw std::runtime_error("step before the first case: " + line);
      Step s{w[0], {}, {}, {}};
      bool after_arrow = false;
      for (size_t i = 1; i < w.size(); ++i) {
        size_t eq = w[i].find('=');
        if (w[i] == "=>")
          after_arrow = true;
        else if (after_arrow)
          s.expected.push_back(w[i]);
        else if (eq != std::string::npos)
          s.kv[w[i].substr(0, eq)] = w[i].substr(eq + 1);
        else
          s.args.push_back(w[i]);
      }
      cases.back().steps.push_back(std::move(s));
    }
  } catch (const std::exception& e) {
    g_load_error = path + ": " + e.what();
  }
  return cases;
}

const std::vector<GenCase>& all_cases() {
  static const std::vector<GenCase> cases = load_cases();
  return cases;
}

DType parse_dtype(const std::string& name) {
  std::optional<DType> t = dtype_from_name(name);
  if (!t) throw std::runtime_error("unknown dtype " + name);
  return *t;
}

IntVector parse_ints(const std::string& list) {
  IntVector v;
  if (list == "-") return v;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    v.push_back(std::stoll(item));
  return v;
}

std::vector<std::string> split_commas(const std::string& list) {
  std::vector<std::string> v;
  std::istringstream in(list);
  for (std::string item; std::getline(in, item, ',');)
    v.push_back(item);
  return v;
}

// A tensor of the given geometry (contiguous when strides are "-").
Tensor make(DType dtype, const IntVector& sizes, const IntVector& strides) {
  if (strides.empty() && !sizes.empty()) return Tensor::empty(to_sym(sizes), dtype);
  return Tensor::empty_strided(to_sym(sizes), to_sym(strides), dtype);
}

// Storage offsets of t's elements in row-major order of the logical indices.
std::vector<int64_t> logical_offsets(const Tensor& t) {
  std::vector<int64_t> out;
  int64_t n = t.numel();
  IntArrayRef sizes = t.sizes(), strides = t.strides();
  for (int64_t linear = 0; linear < n; ++linear) {
    int64_t rest = linear, off = 0;
    for (size_t d = sizes.size(); d-- > 0;) {
      off += (rest % sizes[d]) * strides[d];
      rest /= sizes[d];
    }
    out.push_back(off);
  }
  return out;
}

// The elements as generate.py writes them: raw bits in hex for floating
// dtypes, decimal integers otherwise.
std::vector<std::string> format_values(const Tensor& t) {
  std::vector<std::string> out;
  visit_dtype(t.dtype(), [&]<class T>() {
    const T* data = t.data<T>();
    for (int64_t off : logical_offsets(t)) {
      char buf[32];
      if constexpr (std::is_same_v<T, float>)
        std::snprintf(buf, sizeof buf, "%08x", std::bit_cast<uint32_t>(data[off]));
      else if constexpr (std::is_same_v<T, double>)
        std::snprintf(buf, sizeof buf, "%016llx",
                      static_cast<unsigned long long>(std::bit_cast<uint64_t>(data[off])));
      else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
        std::snprintf(buf, sizeof buf, "%04x", data[off].bits);
      else
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(data[off]));
      out.push_back(buf);
    }
  });
  return out;
}

// A contiguous tensor from generate.py's comma-separated element bits.
Tensor from_bits(DType dtype, const IntVector& sizes, const std::string& list) {
  Tensor t = Tensor::empty(to_sym(sizes), dtype);
  std::vector<std::string> items = split_commas(list);
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      T* data = t.data<T>();
      for (size_t i = 0; i < items.size(); ++i) {
        uint64_t b = std::stoull(items[i], nullptr, 16);
        if constexpr (std::is_same_v<T, float>) data[i] = std::bit_cast<float>(static_cast<uint32_t>(b));
        else if constexpr (std::is_same_v<T, double>) data[i] = std::bit_cast<double>(b);
        else data[i] = T::from_bits(static_cast<uint16_t>(b));
      }
    } else {
      throw std::runtime_error("from_bits: not a floating dtype");
    }
  });
  return t;
}

std::string hex(const std::vector<uint8_t>& bytes) {
  std::string s;
  char buf[3];
  for (uint8_t b : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    s += buf;
  }
  return s;
}

std::vector<uint8_t> unhex(const std::string& s) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < s.size(); i += 2)
    out.push_back(static_cast<uint8_t>(std::stoul(s.substr(i, 2), nullptr, 16)));
  return out;
}

// Element-wise a (op) b in T's arithmetic, rounded to T (float for half/bfloat16).
template <class T, class F> Tensor zip(const Tensor& a, const Tensor& b, F op) {
  Tensor out = Tensor::empty(to_sym(IntVector(a.sizes().begin(), a.sizes().end())), a.dtype());
  for (int64_t i = 0; i < a.numel(); ++i)
    out.data<T>()[i] = static_cast<T>(op(a.data<T>()[i], b.data<T>()[i]));
  return out;
}

// Checks a result against the recorded values, naming the first difference.
void expect_values(const Step& s, const Tensor& t) {
  std::vector<std::string> got = format_values(t);
  ASSERT_EQ(got.size(), s.expected.size()) << s.op;
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(got[i], s.expected[i]) << s.op << ": first difference at element " << i << " of "
                                     << got.size();
  }
}

double num(const Step& s, const std::string& key) { return std::strtod(s.kv.at(key).c_str(), nullptr); }

void run_step(Generator& g, const Step& s, std::vector<uint8_t>& saved) {
  if (s.op == "seed") {
    g.manual_seed(std::stoull(s.kv.at("s")));
  } else if (s.op == "initial_seed") {
    EXPECT_EQ(g.initial_seed(), std::stoull(s.expected.at(0)));
  } else if (s.op == "get_state") {
    EXPECT_EQ(hex(g.get_state()), s.expected.at(0));
  } else if (s.op == "set_state") {
    g.set_state(unhex(s.args.at(0)));
  } else if (s.op == "save_state") {
    saved = g.get_state();
  } else if (s.op == "load_state") {
    g.set_state(saved);
  } else if (s.op == "randperm") {
    int64_t n = std::stoll(s.kv.at("n"));
    Tensor t = Tensor::empty(to_sym(IntVector{n}), parse_dtype(s.args.at(0)));
    fill_randperm(t, n, g);
    expect_values(s, t);
  } else if (s.op == "dropout") {
    // torch.nn.functional.dropout on CPU: noise = empty_like(x).bernoulli_(1 - p);
    // noise.div_(1 - p); x * noise.
    DType dt = parse_dtype(s.args.at(0));
    IntVector sizes = parse_ints(s.args.at(1));
    double p = num(s, "p");
    Tensor x = from_bits(dt, sizes, s.kv.at("x"));
    Tensor noise = Tensor::empty(to_sym(sizes), dt);
    fill_bernoulli(noise, 1 - p, g);
    visit_dtype(dt, [&]<class T>() {
      if constexpr (std::is_floating_point_v<T>) {
        T keep = static_cast<T>(1 - p);
        for (int64_t i = 0; i < noise.numel(); ++i)
          noise.data<T>()[i] = noise.data<T>()[i] / keep;
        expect_values(s, zip<T>(x, noise, [](T a, T b) { return a * b; }));
      }
    });
  } else if (s.op == "normal_tt") {
    // torch.normal(mean, std): out.normal_(0, 1), then out.mul_(std).add_(mean).
    DType dt = parse_dtype(s.args.at(0));
    IntVector sizes = parse_ints(s.args.at(1));
    Tensor mean = from_bits(dt, sizes, s.kv.at("mean"));
    Tensor std = from_bits(dt, sizes, s.kv.at("std"));
    Tensor out = Tensor::empty(to_sym(sizes), dt);
    fill_normal(out, 0, 1, g);
    visit_dtype(dt, [&]<class T>() {
      if constexpr (std::is_floating_point_v<T>) {
        Tensor scaled = zip<T>(out, std, [](T a, T b) { return a * b; });
        expect_values(s, zip<T>(scaled, mean, [](T a, T b) { return a + b; }));
      }
    });
  } else {
    Tensor t = make(parse_dtype(s.args.at(0)), parse_ints(s.args.at(1)), parse_ints(s.args.at(2)));
    if (s.op == "uniform") {
      fill_uniform(t, num(s, "from"), num(s, "to"), g);
    } else if (s.op == "normal") {
      fill_normal(t, num(s, "mean"), num(s, "std"), g);
    } else if (s.op == "random") {
      if (!s.kv.count("from")) {
        fill_random(t, g);
      } else {
        std::optional<int64_t> to;
        if (s.kv.at("to") != "none") to = std::stoll(s.kv.at("to"));
        fill_random(t, std::stoll(s.kv.at("from")), to, g);
      }
    } else if (s.op == "bernoulli") {
      fill_bernoulli(t, num(s, "p"), g);
    } else if (s.op == "bernoulli_t") {
      Tensor contiguous_p =
          from_bits(parse_dtype(s.kv.at("pdtype")), parse_ints(s.kv.at("psize")), s.kv.at("p"));
      fill_bernoulli(t, contiguous_p, g);
    } else if (s.op == "exponential") {
      fill_exponential(t, num(s, "lambd"), g);
    } else {
      FAIL() << "unknown step " << s.op;
    }
    expect_values(s, t);
  }
}

class GeneratorCases : public ::testing::TestWithParam<GenCase> {
protected:
  static void SetUpTestSuite() { lang::initialise(); }
};

TEST_P(GeneratorCases, MatchesPyTorch) {
  Generator g;
  std::vector<uint8_t> saved;
  for (const Step& s : GetParam().steps) {
    SCOPED_TRACE(s.op);
    run_step(g, s, saved);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(PyTorch, GeneratorCases, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<GenCase>& info) { return info.param.name; });

class GeneratorApi : public ::testing::Test {
protected:
  static void SetUpTestSuite() { lang::initialise(); }
};

TEST_F(GeneratorApi, DataFileLoads) {
  EXPECT_EQ(g_load_error, "");
  EXPECT_GE(all_cases().size(), 40u);
}

// The "Type: message" of what f raised, or "" when it returned.
template <class F> std::string error_of(F&& f) {
  try {
    f();
  } catch (lang::PyError& e) {
    return testing::exception_text(e);
  }
  return "";
}

TEST_F(GeneratorApi, EngineMatchesReferenceMT19937) {
  // init_genrand(5489)'s first output and the 10000th, as for std::mt19937.
  MT19937 e(5489);
  EXPECT_EQ(e(), 3499211612u);
  for (int i = 1; i < 9999; ++i)
    e();
  EXPECT_EQ(e(), 4123659995u);
  // Only the low 32 bits seed the engine; the full seed is remembered.
  Generator a(5489 + (uint64_t{7} << 32)), b(5489);
  EXPECT_EQ(a.random(), b.random());
  EXPECT_EQ(a.initial_seed(), 5489 + (uint64_t{7} << 32));
  EXPECT_EQ(Generator().initial_seed(), 67280421310721u);
}

TEST_F(GeneratorApi, Random64IsHighWordFirst) {
  Generator a(3), b(3);
  uint64_t hi = a.random(), lo = a.random();
  EXPECT_EQ(b.random64(), (hi << 32) | lo);
}

TEST_F(GeneratorApi, StateRoundTripsWithCaches) {
  Generator g(99);
  Tensor t = Tensor::empty(to_sym(IntVector{3}), DType::Float64);
  fill_normal(t, 0, 1, g); // odd count: a double sample stays cached
  ASSERT_TRUE(g.next_double_normal_sample.has_value());
  g.next_float_normal_sample = 0.25f;
  std::vector<uint8_t> state = g.get_state();
  ASSERT_EQ(state.size(), Generator::kStateSize);
  Tensor a = Tensor::empty(to_sym(IntVector{5}), DType::Float64);
  fill_normal(a, 0, 1, g);
  Generator h;
  h.set_state(state);
  EXPECT_EQ(h.initial_seed(), 99u);
  EXPECT_EQ(h.next_float_normal_sample, std::optional<float>(0.25f));
  Tensor b = Tensor::empty(to_sym(IntVector{5}), DType::Float64);
  fill_normal(b, 0, 1, h);
  EXPECT_EQ(format_values(a), format_values(b));
  EXPECT_EQ(h.get_state().size(), Generator::kStateSize);
}

TEST_F(GeneratorApi, ManualSeedDropsCachedNormals) {
  Generator g(1);
  Tensor t = Tensor::empty(to_sym(IntVector{1}), DType::Float32);
  fill_normal(t, 0, 1, g);
  EXPECT_TRUE(g.next_double_normal_sample.has_value());
  g.manual_seed(1);
  EXPECT_FALSE(g.next_double_normal_sample.has_value());
  Tensor u = Tensor::empty(to_sym(IntVector{1}), DType::Float32);
  fill_normal(u, 0, 1, g);
  EXPECT_EQ(format_values(t), format_values(u));
}

TEST_F(GeneratorApi, SeedIsNonDeterministicAndRecorded) {
  Generator g;
  uint64_t s = g.seed();
  EXPECT_EQ(g.initial_seed(), s);
  Generator h(s);
  EXPECT_EQ(g.random(), h.random());
  EXPECT_EQ(&default_generator(), &default_generator());
}

TEST_F(GeneratorApi, SetStateRejectsBadStates) {
  Generator g;
  EXPECT_EQ(error_of([&] { g.set_state(std::vector<uint8_t>(10)); }),
            "RuntimeError: Expected a CPUGeneratorImplState of size 5056 but found the input RNG state size "
            "to be 10");
  EXPECT_EQ(error_of([&] { g.set_state(std::vector<uint8_t>(Generator::kStateSize)); }),
            "RuntimeError: Invalid mt19937 state");
}

TEST_F(GeneratorApi, ErrorsUsePyTorchWording) {
  Generator g;
  Tensor f = Tensor::empty(to_sym(IntVector{3}), DType::Float32);
  Tensor l = Tensor::empty(to_sym(IntVector{3}), DType::Int64);
  Tensor h = Tensor::empty(to_sym(IntVector{3}), DType::Float16);
  Tensor u8 = Tensor::empty(to_sym(IntVector{3}), DType::UInt8);
  EXPECT_EQ(error_of([&] { fill_uniform(l, 0, 1, g); }),
            "NotImplementedError: \"check_uniform_bounds\" not implemented for 'Long'");
  EXPECT_EQ(error_of([&] { fill_uniform(f, 3, 2, g); }),
            "RuntimeError: uniform_ expects to return a [from, to) range, but found from=3 > to=2");
  EXPECT_EQ(error_of([&] { fill_uniform(h, -60000, 60000, g); }),
            "RuntimeError: uniform_ expects to-from <= std::numeric_limits<Half>::max(), but found to=60000 "
            "and from=-60000 which result in to-from to exceed the limit");
  EXPECT_EQ(error_of([&] { fill_uniform(f, -1e300, 0, g); }), "RuntimeError: from is out of bounds for float");
  EXPECT_EQ(error_of([&] { fill_normal(l, 0, 1, g); }),
            "NotImplementedError: \"normal_kernel_cpu\" not implemented for 'Long'");
  EXPECT_EQ(error_of([&] { fill_normal(f, 0, -1, g); }),
            "RuntimeError: normal expects std >= 0.0, but found std -1");
  EXPECT_EQ(error_of([&] { fill_random(f, 3, 3, g); }),
            "RuntimeError: random_ expects 'from' to be less than 'to', but got from=3 >= to=3");
  EXPECT_EQ(error_of([&] { fill_random(u8, 0, 300, g); }), "RuntimeError: to - 1 is out of bounds for unsigned char");
  EXPECT_EQ(error_of([&] { fill_random(h, 2049, std::nullopt, g); }),
            "RuntimeError: random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to "
            "dtype, but got from=2049 > to_inc=2048");
  EXPECT_EQ(error_of([&] { fill_bernoulli(f, 1.5, g); }),
            "RuntimeError: bernoulli_ expects p to be in [0, 1], but got p=1.5");
  EXPECT_EQ(error_of([&] { fill_exponential(f, 0, g); }),
            "RuntimeError: exponential_ expects lambda > 0.0, but found lambda=0");
  EXPECT_EQ(error_of([&] { fill_exponential(l, 1, g); }),
            "RuntimeError: Exponential distribution is a continuous probability distribution. dtype must be a "
            "floating point but you specified Long");
  Tensor p2 = Tensor::empty(to_sym(IntVector{2}), DType::Float32);
  Tensor out43 = Tensor::empty(to_sym(IntVector{4, 3}), DType::Float32);
  Tensor bad_p = Tensor::empty(to_sym(IntVector{3}), DType::Float64);
  bad_p.data<double>()[0] = 0.5;
  bad_p.data<double>()[1] = 1.5;
  bad_p.data<double>()[2] = 0.2;
  EXPECT_EQ(error_of([&] { fill_bernoulli(f, bad_p, g); }),
            "RuntimeError: Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
            "be improved?  If so, please report an enhancement request to PyTorch.)");
  Tensor long_p = Tensor::empty(to_sym(IntVector{3}), DType::Int64);
  EXPECT_EQ(error_of([&] { fill_bernoulli(f, long_p, g); }),
            "NotImplementedError: \"bernoulli_tensor_cpu_p_\" not implemented for 'Long'");
  Tensor h3 = Tensor::empty(to_sym(IntVector{3}), DType::Float16);
  Tensor i3 = Tensor::empty(to_sym(IntVector{3}), DType::Int32);
  EXPECT_EQ(error_of([&] { fill_random(h3, std::numeric_limits<int64_t>::lowest(), std::nullopt, g); }),
            "NotImplementedError: \"random_full_64_bits_range_kernel_cpu\" not implemented for 'Half'");
  EXPECT_EQ(error_of([&] { fill_random(i3, std::numeric_limits<int64_t>::lowest(), std::nullopt, g); }),
            "RuntimeError: random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16");
  EXPECT_EQ(error_of([&] { fill_bernoulli(out43, p2, g); }),
            "RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton "
            "dimension 1.  Target sizes: [4, 3].  Tensor sizes: [2]");
  Tensor perm_h = Tensor::empty(to_sym(IntVector{3000}), DType::Float16);
  EXPECT_EQ(error_of([&] { fill_randperm(perm_h, 3000, g); }),
            "RuntimeError: n cannot be greater than 2049 for Half type.");
  Tensor perm_u8 = Tensor::empty(to_sym(IntVector{300}), DType::UInt8);
  EXPECT_EQ(error_of([&] { fill_randperm(perm_u8, 300, g); }),
            "RuntimeError: value cannot be converted to type uint8_t without overflow");
  Tensor perm_b = Tensor::empty(to_sym(IntVector{5}), DType::Bool);
  EXPECT_EQ(error_of([&] { fill_randperm(perm_b, 5, g); }),
            "NotImplementedError: \"randperm\" not implemented for 'Bool'");
}

TEST_F(GeneratorApi, EmptyTensorsDrawNothing) {
  Generator g(5), h(5);
  Tensor e = Tensor::empty(to_sym(IntVector{0, 3}), DType::Float32);
  fill_normal(e, 0, 1, g);
  fill_uniform(e, 0, 1, g);
  fill_random(e, 0, 10, g);
  fill_bernoulli(e, 0.5, g);
  fill_exponential(e, 1, g);
  EXPECT_EQ(g.random(), h.random());
}

} // namespace
} // namespace refc::tensor
