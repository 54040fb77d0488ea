// The `time` module: the clocks programs use to measure themselves (time,
// perf_counter, monotonic, process_time and their _ns forms, on the same
// POSIX clocks CPython reads), sleep, and strftime over the local time for
// log timestamps.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/tuple_object.h"

#include <cerrno>
#include <cmath>
#include <ctime>
#include <string>

namespace refc::lang {

namespace {

// Each clock function takes no arguments and reads one POSIX clock, as float
// seconds or as integer nanoseconds (the _ns forms).
Value clock_seconds(const Args& a, const char* fname, clockid_t id) {
  no_args(a, fname);
  timespec ts;
  clock_gettime(id, &ts);
  return Value::floating(static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9);
}
Value clock_nanoseconds(const Args& a, const char* fname, clockid_t id) {
  no_args(a, fname);
  timespec ts;
  clock_gettime(id, &ts);
  return Value::integer(static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec);
}

Value time_time(Args a) { return clock_seconds(a, "time.time", CLOCK_REALTIME); }
Value time_time_ns(Args a) { return clock_nanoseconds(a, "time.time_ns", CLOCK_REALTIME); }
Value time_perf_counter(Args a) { return clock_seconds(a, "time.perf_counter", CLOCK_MONOTONIC); }
Value time_perf_counter_ns(Args a) {
  return clock_nanoseconds(a, "time.perf_counter_ns", CLOCK_MONOTONIC);
}
Value time_monotonic(Args a) { return clock_seconds(a, "time.monotonic", CLOCK_MONOTONIC); }
Value time_monotonic_ns(Args a) {
  return clock_nanoseconds(a, "time.monotonic_ns", CLOCK_MONOTONIC);
}
Value time_process_time(Args a) {
  return clock_seconds(a, "time.process_time", CLOCK_PROCESS_CPUTIME_ID);
}
Value time_process_time_ns(Args a) {
  return clock_nanoseconds(a, "time.process_time_ns", CLOCK_PROCESS_CPUTIME_ID);
}

Value time_sleep(Args a) {
  const Value& v = one_arg(a, "time.sleep");
  double secs;
  if (v.is_float()) {
    secs = v.as_float();
    if (std::isnan(secs)) raise(exc::ValueError, "Invalid value NaN (not a number)");
  } else {
    secs = static_cast<double>(index_value(v));
  }
  if (secs < 0) raise(exc::ValueError, "sleep length must be non-negative");
  if (secs > 9.2e9) raise(exc::OverflowError, "timestamp too large to convert to C _PyTime_t");
  timespec req;
  req.tv_sec = static_cast<time_t>(secs);
  req.tv_nsec = static_cast<long>((secs - static_cast<double>(req.tv_sec)) * 1e9);
  while (nanosleep(&req, &req) == -1 && errno == EINTR) {
  }
  return Value::none();
}

// A struct_time-like 9-tuple (year, month, day, hour, minute, second,
// weekday with Monday 0, day of year, dst flag) back into a struct tm.
std::tm tm_from_tuple(const Value& t) {
  if (!isinstance(t, types::tuple) || t.as<Tuple>()->size() != 9)
    raise(exc::TypeError, "Tuple or struct_time argument required");
  const std::vector<Value>& f = t.as<Tuple>()->items;
  std::tm tm{};
  tm.tm_year = static_cast<int>(index_value(f[0]) - 1900);
  tm.tm_mon = static_cast<int>(index_value(f[1]) - 1);
  tm.tm_mday = static_cast<int>(index_value(f[2]));
  tm.tm_hour = static_cast<int>(index_value(f[3]));
  tm.tm_min = static_cast<int>(index_value(f[4]));
  tm.tm_sec = static_cast<int>(index_value(f[5]));
  tm.tm_wday = static_cast<int>((index_value(f[6]) + 1) % 7);
  tm.tm_yday = static_cast<int>(index_value(f[7]) - 1);
  tm.tm_isdst = static_cast<int>(index_value(f[8]));
  return tm;
}

Value tuple_from_tm(const std::tm& tm) {
  return Value(make_tuple({Value::integer(tm.tm_year + 1900), Value::integer(tm.tm_mon + 1),
                           Value::integer(tm.tm_mday), Value::integer(tm.tm_hour),
                           Value::integer(tm.tm_min), Value::integer(tm.tm_sec),
                           Value::integer((tm.tm_wday + 6) % 7), Value::integer(tm.tm_yday + 1),
                           Value::integer(tm.tm_isdst)}));
}

std::time_t seconds_arg(const Args& a, const char* fname) {
  check_positional(a, fname, std::string("time.") + fname, 0, 1);
  if (a.npos == 0 || a[0].is_none()) return std::time(nullptr);
  double t = std::floor(to_double(a[0]));
  if (std::isnan(t)) raise(exc::ValueError, "Invalid value NaN (not a number)");
  if (!(t >= -9.2e18 && t <= 9.2e18))
    raise(exc::OverflowError, "timestamp out of range for platform time_t");
  return static_cast<std::time_t>(t);
}

// localtime()/gmtime() as plain 9-tuples (refc has no struct_time type).
Value time_localtime(Args a) {
  std::time_t t = seconds_arg(a, "localtime");
  std::tm tm{};
  localtime_r(&t, &tm);
  return tuple_from_tm(tm);
}

Value time_gmtime(Args a) {
  std::time_t t = seconds_arg(a, "gmtime");
  std::tm tm{};
  gmtime_r(&t, &tm);
  return tuple_from_tm(tm);
}

Value time_strftime(Args a) {
  check_positional(a, "strftime", "time.strftime", 1, 2);
  if (!isinstance(a[0], types::str))
    raise(exc::TypeError, "strftime() argument 1 must be str, not " + type_name(a[0]));
  std::tm tm{};
  if (a.npos == 2) {
    tm = tm_from_tuple(a[1]);
  } else {
    std::time_t now = std::time(nullptr);
    localtime_r(&now, &tm);
  }
  const std::string& fmt = a[0].as<Str>()->data;
  if (fmt.empty()) return str_value("");
  // strftime gives no way to tell "too small" from "empty result": grow and retry.
  for (size_t cap = 256; cap <= (1u << 20); cap *= 4) {
    std::string out(cap, '\0');
    size_t n = std::strftime(out.data(), cap, fmt.c_str(), &tm);
    if (n > 0) {
      out.resize(n);
      return str_value(std::move(out));
    }
  }
  return str_value("");
}

} // namespace

Ref<Module> create_time_module() {
  ModuleBuilder m("time");
  m.function("time", time_time)
      .function("time_ns", time_time_ns)
      .function("perf_counter", time_perf_counter)
      .function("perf_counter_ns", time_perf_counter_ns)
      .function("monotonic", time_monotonic)
      .function("monotonic_ns", time_monotonic_ns)
      .function("process_time", time_process_time)
      .function("process_time_ns", time_process_time_ns)
      .function("sleep", time_sleep)
      .function("localtime", time_localtime)
      .function("gmtime", time_gmtime)
      .function("strftime", time_strftime);
  return m.finish();
}

} // namespace refc::lang
