// The `random` module and its Random class, with CPython 3.11's exact
// algorithms so a seeded program prints the same numbers as under CPython:
// the MT19937 core and seeding of _randommodule.c (init_by_array over the
// seed's 32-bit words; str seeds extended with their SHA-512 digest as
// random.py's version 2 does), and random.py's methods on top of it
// (_randbelow by rejection over getrandbits, shuffle, sample, choices, gauss,
// ...). Module-level functions are bound to one hidden Random instance, as in
// CPython.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/big_int.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/mersenne_twister.h"
#include "reference_compiler/lang/number_ops.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/range_object.h"
#include "reference_compiler/lang/set_object.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cmath>
#include <cstring>
#include <numbers>
#include <string>
#include <vector>

namespace refc::lang {

namespace {

// ---- the Random object ---------------------------------------------------------

TypeObject* random_type = nullptr;

struct RandomObject : Object {
  RandomObject() : Object(random_type) {}
  MersenneTwister gen;
  Value gauss_next; // Null when no spare gaussian value is kept
};

void seed_from(RandomObject* r, const Value& a) {
  if (a.is_null() || a.is_none()) {
    r->gen.seed(seed_key_from_urandom());
  } else if (a.is_intlike()) {
    int64_t v = a.as_int();
    r->gen.seed(seed_key_from_uint(v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v)));
  } else if (a.is_float()) {
    // CPython seeds with the hash of anything that is not an int.
    r->gen.seed(seed_key_from_uint(static_cast<uint64_t>(hash(a))));
  } else if (isinstance(a, types::str)) {
    r->gen.seed(seed_key_from_str(a.as<Str>()->view()));
  } else {
    raise(exc::TypeError, "The only supported seed types are: None,\n"
                          "int, float, str, bytes, and bytearray.");
  }
  r->gauss_next = Value();
}

RandomObject* self_of(const Args& a, const char* method) {
  if (a.npos == 0 || !a[0].is_obj() || a[0].type() != random_type)
    raise(exc::TypeError, std::string("descriptor '") + method +
                              "' for 'Random' objects doesn't apply to a '" +
                              (a.npos ? type_name(a[0]) : std::string("NoneType")) + "' object");
  return a[0].as<RandomObject>();
}

// ---- float helpers with Python's semantics ------------------------------------------

bool is_real(const Value& v) { return v.is_float() || v.is_intlike(); }

// A result list of k items that could never be allocated is CPython's
// MemoryError, not a C++ allocation failure.
void check_result_size(int64_t k) {
  if (k > (int64_t{1} << 40)) raise(exc::MemoryError, "");
}

double fdiv(double a, double b) {
  if (b == 0.0) raise(exc::ZeroDivisionError, "float division by zero");
  return a / b;
}

// Python's float %: the result takes the divisor's sign.
double fmod_py(double x, double y) {
  if (y == 0.0) raise(exc::ZeroDivisionError, "float modulo");
  double m = std::fmod(x, y);
  if (m != 0.0) {
    if ((y < 0) != (m < 0)) m += y;
  } else {
    m = std::copysign(0.0, y);
  }
  return m;
}

// Python's float ** for the operands these distributions produce.
double fpow(double x, double y) {
  if (x == 0.0 && y < 0.0)
    raise(exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
    raise(exc::OverflowError, "(34, 'Numerical result out of range')");
  return r;
}

// mu + z * sigma, with the operands' own arithmetic when they are not numbers.
Value mu_plus_z_sigma(const Value& mu, double z, const Value& sigma) {
  if (is_real(mu) && is_real(sigma)) return Value::floating(to_double(mu) + z * to_double(sigma));
  return binary_op(BinaryOp::Add, mu, binary_op(BinaryOp::Multiply, Value::floating(z), sigma));
}

Value or_default(const Value& v, double d) { return v.is_null() ? Value::floating(d) : v; }

// ---- methods (receiver in args[0]) --------------------------------------------------

Value r_random(Args a) {
  RandomObject* r = self_of(a, "random");
  no_args(a.drop_first(), "Random.random");
  return Value::floating(r->gen.next_double());
}

Value r_seed(Args a) {
  RandomObject* r = self_of(a, "seed");
  Value p[2];
  bind_args(a.drop_first(), "Random.seed", {"a", "version"}, 2, 0, p, 1);
  if (!p[1].is_null() && !(p[1].is_intlike() && p[1].as_int() == 2) &&
      isinstance(p[0], types::str))
    raise(exc::NotImplementedError, "random.seed(): only version 2 seeding of str is supported");
  seed_from(r, p[0]);
  return Value::none();
}

Value r_init(Args a) {
  RandomObject* r = self_of(a, "__init__");
  Value p[1];
  bind_args(a.drop_first(), "Random.__init__", {"x"}, 1, 0, p, 1);
  seed_from(r, p[0]);
  return Value::none();
}

// Allocation only: __init__ (random.py's Random.__init__) checks the
// arguments and seeds.
Value r_new(Args a) {
  if (a.nkw()) raise(exc::TypeError, "Random() takes no keyword arguments");
  return Value(make<RandomObject>());
}

Value r_getrandbits(Args a) {
  RandomObject* r = self_of(a, "getrandbits");
  int64_t k = index_value(one_arg(a.drop_first(), "Random.getrandbits"));
  if (k < 0) raise(exc::ValueError, "number of bits must be non-negative");
  if (k == 0) return Value::integer(0);
  if (k <= 63) return Value::integer(static_cast<int64_t>(r->gen.bits(static_cast<int>(k))));
  // Wider results are 32-bit words as CPython draws them, least significant
  // first, the last one keeping its top bits.
  if (k > (int64_t{1} << 32)) raise(exc::MemoryError, "");
  std::string big_endian(static_cast<size_t>((k + 31) / 32) * 4, '\0');
  size_t at = big_endian.size();
  for (int64_t rest = k; rest > 0; rest -= 32) {
    uint32_t w = r->gen.next_u32();
    if (rest < 32) w >>= (32 - rest);
    for (int byte = 0; byte < 4; ++byte) big_endian[--at] = static_cast<char>((w >> (8 * byte)) & 0xFF);
  }
  return int_value_from_bytes(big_endian, false);
}

int64_t randbelow(RandomObject* r, int64_t n) {
  return static_cast<int64_t>(r->gen.below(static_cast<uint64_t>(n)));
}

// randrange's argument conversion: ints, and integral floats (deprecated in 3.11).
int64_t range_arg(const Value& v, const char* which) {
  if (v.is_float()) {
    double d = v.as_float();
    if (!std::isfinite(d) || d != std::floor(d))
      raise(exc::ValueError, std::string("non-integer ") + which + " for randrange()");
    return index_value(float_to_int(d));
  }
  return index_value(v);
}

Value randrange(RandomObject* r, const Value& start, const Value& stop, const Value& step) {
  int64_t istart = range_arg(start, "arg 1");
  if (stop.is_null() || stop.is_none()) {
    if (!step.is_null() && !(step.is_int() && step.as_int() == 1))
      raise(exc::TypeError, "Missing a non-None stop argument");
    if (istart > 0) return Value::integer(randbelow(r, istart));
    raise(exc::ValueError, "empty range for randrange()");
  }
  int64_t istop = range_arg(stop, "stop");
  int64_t width;
  if (__builtin_sub_overflow(istop, istart, &width)) raise_int_overflow();
  int64_t istep = step.is_null() ? 1 : range_arg(step, "step");
  if (istep == 1) {
    if (width > 0) return Value::integer(istart + randbelow(r, width));
    raise(exc::ValueError, "empty range for randrange() (" + std::to_string(istart) + ", " +
                               std::to_string(istop) + ", " + std::to_string(width) + ")");
  }
  if (istep == 0) raise(exc::ValueError, "zero step for randrange()");
  // n = (width + istep -+ 1) // istep, with Python's floor division.
  __int128 num = static_cast<__int128>(width) + (istep > 0 ? istep - 1 : istep + 1);
  __int128 q = num / istep;
  if (num % istep != 0 && ((num < 0) != (istep < 0))) --q;
  int64_t n = static_cast<int64_t>(q);
  if (n <= 0) raise(exc::ValueError, "empty range for randrange()");
  __int128 result = static_cast<__int128>(istart) + static_cast<__int128>(istep) * randbelow(r, n);
  return Value::integer(static_cast<int64_t>(result));
}

Value r_randrange(Args a) {
  RandomObject* r = self_of(a, "randrange");
  Value p[3];
  bind_args(a.drop_first(), "Random.randrange", {"start", "stop", "step"}, 3, 1, p, 1);
  return randrange(r, p[0], p[1], p[2]);
}

Value r_randint(Args a) {
  RandomObject* r = self_of(a, "randint");
  Value p[2];
  bind_args(a.drop_first(), "Random.randint", {"a", "b"}, 2, 2, p, 1);
  Value b1 = binary_op(BinaryOp::Add, p[1], Value::integer(1));
  return randrange(r, p[0], b1, Value());
}

Value r_choice(Args a) {
  RandomObject* r = self_of(a, "choice");
  Value p[1];
  bind_args(a.drop_first(), "Random.choice", {"seq"}, 1, 1, p, 1);
  int64_t n = length(p[0]);
  if (n == 0) raise(exc::IndexError, "Cannot choose from an empty sequence");
  int64_t i = randbelow(r, n);
  if (p[0].is_obj() && p[0].type() == types::list) return p[0].as<List>()->items[i];
  return getitem(p[0], Value::integer(i));
}

Value r_shuffle(Args a) {
  RandomObject* r = self_of(a, "shuffle");
  Value p[1];
  bind_args(a.drop_first(), "Random.shuffle", {"x"}, 1, 1, p, 1);
  const Value& x = p[0];
  int64_t n = length(x);
  bool fast = x.is_obj() && x.type() == types::list;
  for (int64_t i = n - 1; i >= 1; --i) {
    int64_t j = randbelow(r, i + 1);
    if (fast) {
      std::vector<Value>& items = x.as<List>()->items;
      if (static_cast<int64_t>(items.size()) > i) {
        std::swap(items[i], items[j]);
        continue;
      }
      fast = false;
    }
    Value xj = getitem(x, Value::integer(j));
    Value xi = getitem(x, Value::integer(i));
    setitem(x, Value::integer(i), xj);
    setitem(x, Value::integer(j), xi);
  }
  return Value::none();
}

std::vector<Value> to_list(const Value& v) {
  if (v.is_obj() && v.type() == types::list) return v.as<List>()->items;
  std::vector<Value> out;
  Value it = get_iter(v);
  for (Value x = iter_next(it); !x.is_null(); x = iter_next(it)) out.push_back(std::move(x));
  return out;
}

// itertools.accumulate over the weights, with their own `+`.
std::vector<Value> accumulate(const Value& weights) {
  std::vector<Value> out = to_list(weights);
  for (size_t i = 1; i < out.size(); ++i) {
    const Value &x = out[i - 1], &y = out[i];
    int64_t s;
    if (x.is_int() && y.is_int() && !__builtin_add_overflow(x.as_int(), y.as_int(), &s)) {
      out[i] = Value::integer(s);
    } else if (x.is_float() && y.is_float()) {
      out[i] = Value::floating(x.as_float() + y.as_float());
    } else {
      out[i] = binary_op(BinaryOp::Add, x, y);
    }
  }
  return out;
}

// bisect.bisect_right(a, x, lo, hi).
int64_t bisect_right(const std::vector<Value>& a, double x, int64_t lo, int64_t hi) {
  Value xv = Value::floating(x);
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    const Value& m = a[mid];
    bool less = m.is_float() ? x < m.as_float() : compare_bool(CompareOp::Lt, xv, m);
    if (less)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

Value item_at(const Value& population, int64_t i) {
  if (population.is_obj() && population.type() == types::list) {
    auto& items = population.as<List>()->items;
    if (i >= 0 && i < static_cast<int64_t>(items.size())) return items[i];
  }
  return getitem(population, Value::integer(i));
}

Value r_choices(Args a) {
  RandomObject* r = self_of(a, "choices");
  Value p[4];
  bind_args(a.drop_first(), "Random.choices", {"population", "weights", "cum_weights", "k"}, 2,
            1, p, 1);
  const Value& population = p[0];
  int64_t k = p[3].is_null() ? 1 : index_value(p[3]);
  int64_t n = length(population);
  check_result_size(k);
  std::vector<Value> out;
  if (k > 0) out.reserve(static_cast<size_t>(k));
  std::vector<Value> cum;
  bool have_weights = !p[1].is_null() && !p[1].is_none();
  bool have_cum = !p[2].is_null() && !p[2].is_none();
  if (!have_cum) {
    if (!have_weights) {
      double nf = static_cast<double>(n);
      for (int64_t i = 0; i < k; ++i)
        out.push_back(item_at(population, index_value(float_to_int(std::floor(r->gen.next_double() * nf)))));
      return Value(make_list(std::move(out)));
    }
    try {
      cum = accumulate(p[1]);
    } catch (PyError& e) {
      if (!isinstance(e.exc, exc::TypeError) || !p[1].is_int()) throw;
      raise(exc::TypeError, "The number of choices must be a keyword argument: k=" +
                                std::to_string(p[1].as_int()));
    }
  } else if (have_weights) {
    raise(exc::TypeError, "Cannot specify both weights and cumulative weights");
  } else {
    cum = to_list(p[2]);
  }
  if (static_cast<int64_t>(cum.size()) != n)
    raise(exc::ValueError, "The number of weights does not match the population");
  double total = to_double(binary_op(BinaryOp::Add, cum.back(), Value::floating(0.0)));
  if (total <= 0.0) raise(exc::ValueError, "Total of weights must be greater than zero");
  if (!std::isfinite(total)) raise(exc::ValueError, "Total of weights must be finite");
  for (int64_t i = 0; i < k; ++i)
    out.push_back(item_at(population, bisect_right(cum, r->gen.next_double() * total, 0, n - 1)));
  return Value(make_list(std::move(out)));
}

bool is_sequence(const Value& v) {
  return isinstance(v, types::list) || isinstance(v, types::tuple) || isinstance(v, types::str) ||
         isinstance(v, types::range);
}

std::vector<Value> sample(RandomObject* r, const Value& population, int64_t k) {
  int64_t n = length(population);
  if (!(0 <= k && k <= n)) raise(exc::ValueError, "Sample larger than population or is negative");
  check_result_size(k);
  std::vector<Value> result(static_cast<size_t>(k), Value::none());
  int64_t setsize = 21; // size of a small set minus size of an empty list
  if (k > 5)
    setsize += static_cast<int64_t>(
        std::pow(4.0, std::ceil(std::log(static_cast<double>(k * 3)) / std::log(4.0))));
  if (n <= setsize) {
    std::vector<Value> pool = to_list(population);
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = randbelow(r, n - i);
      result[i] = pool[j];
      pool[j] = pool[n - i - 1]; // move the non-selected item into the vacancy
    }
  } else {
    Ref<SetObject> selected = make_set();
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = randbelow(r, n);
      while (selected->contains(Value::integer(j))) j = randbelow(r, n);
      selected->add(Value::integer(j));
      result[i] = item_at(population, j);
    }
  }
  return result;
}

Value r_sample(Args a) {
  RandomObject* r = self_of(a, "sample");
  Value p[3];
  bind_args(a.drop_first(), "Random.sample", {"population", "k", "counts"}, 2, 2, p, 1);
  const Value& population = p[0];
  if (!is_sequence(population))
    raise(exc::TypeError,
          "Population must be a sequence.  For dicts or sets, use sorted(d).");
  int64_t k = index_value(p[1]);
  if (!p[2].is_null() && !p[2].is_none()) {
    std::vector<Value> cum = accumulate(p[2]);
    if (static_cast<int64_t>(cum.size()) != length(population))
      raise(exc::ValueError, "The number of counts does not match the population");
    Value total = cum.back();
    cum.pop_back();
    if (!total.is_intlike()) raise(exc::TypeError, "Counts must be integers");
    if (total.as_int() <= 0) raise(exc::ValueError, "Total of counts must be greater than zero");
    std::vector<Value> picks =
        sample(r, Value(make<Range>(0, total.as_int(), 1)), k);
    std::vector<Value> out;
    for (const Value& s : picks) {
      int64_t lo = 0, hi = static_cast<int64_t>(cum.size());
      while (lo < hi) {
        int64_t mid = (lo + hi) / 2;
        if (compare_bool(CompareOp::Lt, s, cum[mid]))
          hi = mid;
        else
          lo = mid + 1;
      }
      out.push_back(item_at(population, lo));
    }
    return Value(make_list(std::move(out)));
  }
  return Value(make_list(sample(r, population, k)));
}

Value r_uniform(Args a) {
  RandomObject* r = self_of(a, "uniform");
  Value p[2];
  bind_args(a.drop_first(), "Random.uniform", {"a", "b"}, 2, 2, p, 1);
  Value u = Value::floating(r->gen.next_double());
  if (p[0].is_float() && p[1].is_float())
    return Value::floating(p[0].as_float() + (p[1].as_float() - p[0].as_float()) * u.as_float());
  Value width = binary_op(BinaryOp::Subtract, p[1], p[0]);
  return binary_op(BinaryOp::Add, p[0], binary_op(BinaryOp::Multiply, width, u));
}

Value r_triangular(Args a) {
  RandomObject* r = self_of(a, "triangular");
  Value p[3];
  bind_args(a.drop_first(), "Random.triangular", {"low", "high", "mode"}, 3, 0, p, 1);
  Value low = or_default(p[0], 0.0), high = or_default(p[1], 1.0);
  double u = r->gen.next_double();
  Value c;
  if (p[2].is_null() || p[2].is_none()) {
    c = Value::floating(0.5);
  } else {
    try {
      c = binary_op(BinaryOp::TrueDivide, binary_op(BinaryOp::Subtract, p[2], low),
                    binary_op(BinaryOp::Subtract, high, low));
    } catch (PyError& e) {
      if (!isinstance(e.exc, exc::ZeroDivisionError)) throw;
      return low;
    }
  }
  double cd = to_double(c);
  if (u > cd) {
    u = 1.0 - u;
    cd = 1.0 - cd;
    std::swap(low, high);
  }
  Value span = binary_op(BinaryOp::Subtract, high, low);
  return binary_op(BinaryOp::Add, low,
                   binary_op(BinaryOp::Multiply, span, Value::floating(std::sqrt(u * cd))));
}

constexpr double kTwoPi = 2.0 * std::numbers::pi;

Value r_normalvariate(Args a) {
  RandomObject* r = self_of(a, "normalvariate");
  Value p[2];
  bind_args(a.drop_first(), "Random.normalvariate", {"mu", "sigma"}, 2, 0, p, 1);
  const double nv_magicconst = 4 * std::exp(-0.5) / std::sqrt(2.0);
  double z;
  while (true) {
    double u1 = r->gen.next_double();
    double u2 = 1.0 - r->gen.next_double();
    z = nv_magicconst * (u1 - 0.5) / u2;
    double zz = z * z / 4.0;
    if (zz <= -std::log(u2)) break;
  }
  return mu_plus_z_sigma(or_default(p[0], 0.0), z, or_default(p[1], 1.0));
}

Value r_gauss(Args a) {
  RandomObject* r = self_of(a, "gauss");
  Value p[2];
  bind_args(a.drop_first(), "Random.gauss", {"mu", "sigma"}, 2, 0, p, 1);
  double z;
  if (r->gauss_next.is_float()) {
    z = r->gauss_next.as_float();
    r->gauss_next = Value();
  } else {
    double x2pi = r->gen.next_double() * kTwoPi;
    double g2rad = std::sqrt(-2.0 * std::log(1.0 - r->gen.next_double()));
    z = std::cos(x2pi) * g2rad;
    r->gauss_next = Value::floating(std::sin(x2pi) * g2rad);
  }
  return mu_plus_z_sigma(or_default(p[0], 0.0), z, or_default(p[1], 1.0));
}

Value r_lognormvariate(Args a) {
  Value p[2];
  bind_args(a.drop_first(), "Random.lognormvariate", {"mu", "sigma"}, 2, 2, p, 1);
  Value call_args[3] = {a[0], p[0], p[1]};
  Value z = r_normalvariate(Args{call_args, 3, nullptr});
  errno = 0;
  double e = std::exp(to_double(z));
  if (std::isinf(e)) raise(exc::OverflowError, "math range error");
  return Value::floating(e);
}

Value r_expovariate(Args a) {
  RandomObject* r = self_of(a, "expovariate");
  Value p[1];
  bind_args(a.drop_first(), "Random.expovariate", {"lambd"}, 1, 1, p, 1);
  double u = r->gen.next_double();
  if (is_real(p[0])) return Value::floating(fdiv(-std::log(1.0 - u), to_double(p[0])));
  return binary_op(BinaryOp::TrueDivide, Value::floating(-std::log(1.0 - u)), p[0]);
}

Value r_vonmisesvariate(Args a) {
  RandomObject* r = self_of(a, "vonmisesvariate");
  Value p[2];
  bind_args(a.drop_first(), "Random.vonmisesvariate", {"mu", "kappa"}, 2, 2, p, 1);
  double mu = to_double(p[0]), kappa = to_double(p[1]);
  if (kappa <= 1e-6) return Value::floating(kTwoPi * r->gen.next_double());
  double s = 0.5 / kappa;
  double rr = s + std::sqrt(1.0 + s * s);
  double z;
  while (true) {
    double u1 = r->gen.next_double();
    z = std::cos(std::numbers::pi * u1);
    double d = z / (rr + z);
    double u2 = r->gen.next_double();
    if (u2 < 1.0 - d * d || u2 <= (1.0 - d) * std::exp(d)) break;
  }
  double q = 1.0 / rr;
  double f = (q + z) / (1.0 + q * z);
  double u3 = r->gen.next_double();
  if (f < -1.0 || f > 1.0) raise(exc::ValueError, "math domain error");
  if (u3 > 0.5) return Value::floating(fmod_py(mu + std::acos(f), kTwoPi));
  return Value::floating(fmod_py(mu - std::acos(f), kTwoPi));
}

double gammavariate(RandomObject* r, double alpha, double beta) {
  if (alpha <= 0.0 || beta <= 0.0)
    raise(exc::ValueError, "gammavariate: alpha and beta must be > 0.0");
  if (alpha > 1.0) {
    const double log4 = std::log(4.0);
    const double sg_magicconst = 1.0 + std::log(4.5);
    double ainv = std::sqrt(2.0 * alpha - 1.0);
    double bbb = alpha - log4;
    double ccc = alpha + ainv;
    while (true) {
      double u1 = r->gen.next_double();
      if (!(1e-7 < u1 && u1 < 0.9999999)) continue;
      double u2 = 1.0 - r->gen.next_double();
      double v = std::log(u1 / (1.0 - u1)) / ainv;
      double x = alpha * std::exp(v);
      double z = u1 * u1 * u2;
      double rr = bbb + ccc * v - x;
      if (rr + sg_magicconst - 4.5 * z >= 0.0 || rr >= std::log(z)) return x * beta;
    }
  }
  if (alpha == 1.0) return -std::log(1.0 - r->gen.next_double()) * beta;
  const double e = std::numbers::e;
  double x;
  while (true) {
    double u = r->gen.next_double();
    double b = (e + alpha) / e;
    double p = b * u;
    if (p <= 1.0)
      x = fpow(p, 1.0 / alpha);
    else
      x = -std::log((b - p) / alpha);
    double u1 = r->gen.next_double();
    if (p > 1.0) {
      if (u1 <= fpow(x, alpha - 1.0)) break;
    } else if (u1 <= std::exp(-x)) {
      break;
    }
  }
  return x * beta;
}

Value r_gammavariate(Args a) {
  RandomObject* r = self_of(a, "gammavariate");
  Value p[2];
  bind_args(a.drop_first(), "Random.gammavariate", {"alpha", "beta"}, 2, 2, p, 1);
  return Value::floating(gammavariate(r, to_double(p[0]), to_double(p[1])));
}

Value r_betavariate(Args a) {
  RandomObject* r = self_of(a, "betavariate");
  Value p[2];
  bind_args(a.drop_first(), "Random.betavariate", {"alpha", "beta"}, 2, 2, p, 1);
  double y = gammavariate(r, to_double(p[0]), 1.0);
  if (y != 0.0) return Value::floating(y / (y + gammavariate(r, to_double(p[1]), 1.0)));
  return Value::floating(0.0);
}

Value r_paretovariate(Args a) {
  RandomObject* r = self_of(a, "paretovariate");
  Value p[1];
  bind_args(a.drop_first(), "Random.paretovariate", {"alpha"}, 1, 1, p, 1);
  double u = 1.0 - r->gen.next_double();
  return Value::floating(fpow(u, fdiv(-1.0, to_double(p[0]))));
}

Value r_weibullvariate(Args a) {
  RandomObject* r = self_of(a, "weibullvariate");
  Value p[2];
  bind_args(a.drop_first(), "Random.weibullvariate", {"alpha", "beta"}, 2, 2, p, 1);
  double u = 1.0 - r->gen.next_double();
  return Value::floating(to_double(p[0]) * fpow(-std::log(u), fdiv(1.0, to_double(p[1]))));
}

Value r_getstate(Args a) {
  RandomObject* r = self_of(a, "getstate");
  no_args(a.drop_first(), "Random.getstate");
  std::vector<Value> words;
  words.reserve(MersenneTwister::kN + 1);
  for (uint32_t w : r->gen.state) words.push_back(Value::integer(w));
  words.push_back(Value::integer(r->gen.index));
  Value gauss = r->gauss_next.is_null() ? Value::none() : r->gauss_next;
  return Value(make_tuple({Value::integer(3), Value(make_tuple(std::move(words))), gauss}));
}

Value r_setstate(Args a) {
  RandomObject* r = self_of(a, "setstate");
  Value p[1];
  bind_args(a.drop_first(), "Random.setstate", {"state"}, 1, 1, p, 1);
  Value version = getitem(p[0], Value::integer(0));
  if (!(version.is_intlike() && (version.as_int() == 3 || version.as_int() == 2)))
    raise(exc::ValueError, "state with version " + to_str(version)->data +
                               " passed to Random.setstate() of version 3");
  if (!isinstance(p[0], types::tuple) || p[0].as<Tuple>()->size() != 3)
    raise(exc::ValueError, "too many values to unpack (expected 3)");
  const Value& internal = p[0].as<Tuple>()->items[1];
  const Value& gauss = p[0].as<Tuple>()->items[2];
  if (!isinstance(internal, types::tuple)) raise(exc::TypeError, "state vector must be a tuple");
  const std::vector<Value>& items = internal.as<Tuple>()->items;
  constexpr int kN = MersenneTwister::kN;
  if (items.size() != kN + 1) raise(exc::ValueError, "state vector is the wrong size");
  uint32_t mt[kN];
  for (int i = 0; i < kN; ++i) {
    int64_t w = index_value(items[i]);
    if (version.as_int() == 2) w &= 0xffffffff;
    if (w < 0) raise(exc::OverflowError, "can't convert negative int to unsigned");
    if (w > 0xffffffff) raise(exc::OverflowError, "Python int too large to convert to C unsigned long");
    mt[i] = static_cast<uint32_t>(w);
  }
  int64_t index = index_value(items[kN]);
  if (index < 0 || index > kN) raise(exc::ValueError, "invalid state");
  std::memcpy(r->gen.state, mt, sizeof mt);
  r->gen.index = static_cast<int>(index);
  r->gauss_next = gauss.is_none() ? Value() : gauss;
  return Value::none();
}

struct MethodDef {
  const char* name;
  NativeFn fn;
};

constexpr MethodDef kMethods[] = {
    {"seed", r_seed},
    {"random", r_random},
    {"getrandbits", r_getrandbits},
    {"getstate", r_getstate},
    {"setstate", r_setstate},
    {"randrange", r_randrange},
    {"randint", r_randint},
    {"choice", r_choice},
    {"choices", r_choices},
    {"shuffle", r_shuffle},
    {"sample", r_sample},
    {"uniform", r_uniform},
    {"triangular", r_triangular},
    {"normalvariate", r_normalvariate},
    {"gauss", r_gauss},
    {"lognormvariate", r_lognormvariate},
    {"expovariate", r_expovariate},
    {"vonmisesvariate", r_vonmisesvariate},
    {"gammavariate", r_gammavariate},
    {"betavariate", r_betavariate},
    {"paretovariate", r_paretovariate},
    {"weibullvariate", r_weibullvariate},
};

} // namespace

Ref<Module> create_random_module() {
  if (!random_type) {
    random_type = make_module_type("Random", "random");
    add_new(random_type, r_new);
    add_method(random_type, "__init__", r_init);
    for (const MethodDef& m : kMethods) add_method(random_type, m.name, m.fn);
  }
  ModuleBuilder m("random");
  m.value("Random", Value::borrow(random_type));
  Ref<RandomObject> inst = make<RandomObject>();
  seed_from(inst.get(), Value());
  Value self(inst);
  for (const MethodDef& d : kMethods) m.bound(d.name, d.fn, self);
  return m.finish();
}

} // namespace refc::lang
