// The libm functions the math module calls through CPython's own wrappers:
// atan2, remainder and the logarithms with mathmodule.c's special values (the
// errno they set is what math_module.cpp's checks read), and gamma/lgamma by
// CPython's Lanczos approximation rather than the platform's.
#include "reference_compiler/lang/math_libm.h"

#include <cerrno>
#include <cfloat>
#include <cmath>

namespace refc::lang::math_detail {

double m_atan2(double y, double x) {
  if (std::isnan(x) || std::isnan(y)) return NAN;
  if (std::isinf(y)) {
    if (std::isinf(x)) return std::copysign(x > 0 ? 0.25 * kPi : 0.75 * kPi, y);
    return std::copysign(0.5 * kPi, y);
  }
  if (std::isinf(x) || y == 0.0) {
    if (std::copysign(1.0, x) == 1.0) return std::copysign(0.0, y);
    return std::copysign(kPi, y);
  }
  return std::atan2(y, x);
}

// IEEE 754 remainder: x - n*y with n the nearest integer to x/y (ties even).
double m_remainder(double x, double y) {
  if (std::isfinite(x) && std::isfinite(y)) {
    if (y == 0.0) return NAN;
    double absx = std::fabs(x), absy = std::fabs(y);
    double m = std::fmod(absx, absy);
    // Compare m with absy - m rather than 0.5*absy, which may not be exact.
    double c = absy - m, r;
    if (m < c)
      r = m;
    else if (m > c)
      r = -c;
    else
      r = m - 2.0 * std::fmod(0.5 * (absx - m), absy);
    return std::copysign(1.0, x) * r;
  }
  if (std::isnan(x)) return x;
  if (std::isnan(y)) return y;
  if (std::isinf(x)) return NAN;
  return x;
}

double m_log(double x) {
  if (std::isfinite(x)) {
    if (x > 0.0) return std::log(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  errno = EDOM;
  return NAN;
}

double m_log2(double x) {
  if (!std::isfinite(x)) {
    if (std::isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return NAN;
  }
  if (x > 0.0) return std::log2(x);
  errno = EDOM;
  return x == 0.0 ? -HUGE_VAL : NAN;
}

double m_log10(double x) {
  if (std::isfinite(x)) {
    if (x > 0.0) return std::log10(x);
    errno = EDOM;
    return x == 0.0 ? -HUGE_VAL : NAN;
  }
  if (std::isnan(x) || x > 0.0) return x;
  errno = EDOM;
  return NAN;
}

namespace {

// sin(pi*x) accurately for finite x, for gamma's reflection formula.
double m_sinpi(double x) {
  double y = std::fmod(std::fabs(x), 2.0);
  int n = static_cast<int>(std::round(2.0 * y));
  double r;
  switch (n) {
  case 0: r = std::sin(kPi * y); break;
  case 1: r = std::cos(kPi * (y - 0.5)); break;
  case 2: r = std::sin(kPi * (1.0 - y)); break;
  case 3: r = -std::cos(kPi * (y - 1.5)); break;
  default: r = std::sin(kPi * (y - 2.0)); break;
  }
  return std::copysign(1.0, x) * r;
}

// Lanczos approximation (N=13, g=6.024680040776729583740234375), the
// parameters CPython uses, as a rational function.
constexpr double kLanczosG = 6.024680040776729583740234375;
constexpr double kLanczosGMinusHalf = 5.524680040776729583740234375;
constexpr double kLanczosNum[13] = {
    23531376880.410759688572007674451636754734846804940,
    42919803642.649098768957899047001988850926355848959,
    35711959237.355668049440185451547166705960488635843,
    17921034426.037209699919755754458931112671403265390,
    6039542586.3520280050642916443072979210699388420708,
    1439720407.3117216736632230727949123939715485786772,
    248874557.86205415651146038641322942321632125127801,
    31426415.585400194380614231628318205362874684987640,
    2876370.6289353724412254090516208496135991145378768,
    186056.26539522349504029498971604569928220784236328,
    8071.6720023658162106380029022722506138218516325024,
    210.82427775157934587250973392071336271166969580291,
    2.5066282746310002701649081771338373386264310793408};
constexpr double kLanczosDen[13] = {0.0,       39916800.0, 120543840.0, 150917976.0, 105258076.0,
                                    45995730.0, 13339535.0, 2637558.0,   357423.0,    32670.0,
                                    1925.0,    66.0,       1.0};
constexpr double kGammaIntegral[23] = {1.0,
                                       1.0,
                                       2.0,
                                       6.0,
                                       24.0,
                                       120.0,
                                       720.0,
                                       5040.0,
                                       40320.0,
                                       362880.0,
                                       3628800.0,
                                       39916800.0,
                                       479001600.0,
                                       6227020800.0,
                                       87178291200.0,
                                       1307674368000.0,
                                       20922789888000.0,
                                       355687428096000.0,
                                       6402373705728000.0,
                                       121645100408832000.0,
                                       2432902008176640000.0,
                                       51090942171709440000.0,
                                       1124000727777607680000.0};
constexpr double kLogPi = 1.144729885849400174143427351353058711647;

double lanczos_sum(double x) {
  double num = 0.0, den = 0.0;
  // For large x, evaluate as a rational function of 1/x to avoid overflow.
  if (x < 5.0) {
    for (int i = 13; --i >= 0;) {
      num = num * x + kLanczosNum[i];
      den = den * x + kLanczosDen[i];
    }
  } else {
    for (int i = 0; i < 13; i++) {
      num = num / x + kLanczosNum[i];
      den = den / x + kLanczosDen[i];
    }
  }
  return num / den;
}

} // namespace

double m_tgamma(double x) {
  if (!std::isfinite(x)) {
    if (std::isnan(x) || x > 0.0) return x;
    errno = EDOM;
    return NAN;
  }
  if (x == 0.0) {
    errno = EDOM;
    return std::copysign(HUGE_VAL, x);
  }
  if (x == std::floor(x)) {
    if (x < 0.0) {
      errno = EDOM;
      return NAN;
    }
    if (x <= 23) return kGammaIntegral[static_cast<int>(x) - 1];
  }
  double absx = std::fabs(x);
  if (absx < 1e-20) {
    double r = 1.0 / x;
    if (std::isinf(r)) errno = ERANGE;
    return r;
  }
  if (absx > 200.0) {
    if (x < 0.0) return 0.0 / m_sinpi(x);
    errno = ERANGE;
    return HUGE_VAL;
  }
  double y = absx + kLanczosGMinusHalf;
  // The rounding error of y, to correct pow/exp for it below.
  double z;
  if (absx > kLanczosGMinusHalf) {
    volatile double q = y - absx;
    z = q - kLanczosGMinusHalf;
  } else {
    volatile double q = y - kLanczosGMinusHalf;
    z = q - absx;
  }
  z = z * kLanczosG / y;
  double r;
  if (x < 0.0) {
    r = -kPi / m_sinpi(absx) / absx * std::exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= std::pow(y, absx - 0.5);
    } else {
      double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / std::exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= std::pow(y, absx - 0.5);
    } else {
      double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (std::isinf(r)) errno = ERANGE;
  return r;
}

double m_lgamma(double x) {
  if (!std::isfinite(x)) return std::isnan(x) ? x : HUGE_VAL;
  if (x == std::floor(x) && x <= 2.0) {
    if (x <= 0.0) {
      errno = EDOM;
      return HUGE_VAL;
    }
    return 0.0;
  }
  double absx = std::fabs(x);
  if (absx < 1e-20) return -std::log(absx);
  double r = std::log(lanczos_sum(absx)) - kLanczosG;
  r += (absx - 0.5) * (std::log(absx + kLanczosG - 0.5) - 1);
  if (x < 0.0) r = kLogPi - std::log(std::fabs(m_sinpi(absx))) - std::log(absx) - r;
  if (std::isinf(r)) errno = ERANGE;
  return r;
}

} // namespace refc::lang::math_detail
