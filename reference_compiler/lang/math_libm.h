// The math module's libm layer (math_libm.cpp): functions whose special
// values and errno follow mathmodule.c rather than the platform's libm.
#pragma once

#include <numbers>

namespace refc::lang::math_detail {

constexpr double kPi = std::numbers::pi;

double m_atan2(double y, double x);
// IEEE 754 remainder: x - n*y with n the nearest integer to x/y (ties even).
double m_remainder(double x, double y);
// Natural, base-2 and base-10 logarithms; zero and negative arguments set EDOM.
double m_log(double x);
double m_log2(double x);
double m_log10(double x);
// Gamma and log-gamma by the Lanczos approximation; ERANGE on overflow.
double m_tgamma(double x);
double m_lgamma(double x);

} // namespace refc::lang::math_detail
