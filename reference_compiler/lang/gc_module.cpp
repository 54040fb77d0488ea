// The gc module: the program's controls of the cycle collector
// (cycle_collector.h) with CPython 3.11's names, signatures and errors:
// enable, disable, isenabled, collect, get_count, get_threshold, set_threshold,
// get_debug, set_debug, get_stats, garbage and the DEBUG_* flags.
//
// Of the debug flags only DEBUG_SAVEALL changes behaviour (unreachable objects
// go to gc.garbage instead of being freed); the others print nothing. The
// counts collect() and get_count() return are refc's: it tracks fewer kinds of
// objects than CPython does, so the numbers differ, and whether they are zero
// does not.
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/cycle_collector.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/list_object.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

namespace refc::lang {

namespace {

constexpr int64_t kDebugStats = 1, kDebugCollectable = 2, kDebugUncollectable = 4, kDebugSaveAll = 32;
constexpr int64_t kDebugLeak = kDebugCollectable | kDebugUncollectable | kDebugSaveAll;
int64_t g_debug_flags = 0;

cycle_collector::Settings& settings() { return cycle_collector::settings(); }

Value gc_enable(Args a) {
  no_args(a, "gc.enable");
  settings().enabled = true;
  return Value::none();
}

Value gc_disable(Args a) {
  no_args(a, "gc.disable");
  settings().enabled = false;
  return Value::none();
}

Value gc_isenabled(Args a) {
  no_args(a, "gc.isenabled");
  return Value::boolean(settings().enabled);
}

Value gc_collect(Args a) {
  Value generation;
  bind_clinic_args(a, "collect", {"generation"}, 0, &generation);
  int64_t gen = cycle_collector::kGenerations - 1;
  if (!generation.is_null()) {
    gen = index_value(generation);
    if (gen < 0 || gen >= cycle_collector::kGenerations) raise(exc::ValueError, "invalid generation");
  }
  return Value::integer(cycle_collector::collect(static_cast<int>(gen)));
}

Value gc_get_count(Args a) {
  no_args(a, "gc.get_count");
  const cycle_collector::Stats& s = cycle_collector::stats();
  return Value(make_tuple({Value::integer(s.count[0]), Value::integer(s.count[1]), Value::integer(s.count[2])}));
}

Value gc_get_threshold(Args a) {
  no_args(a, "gc.get_threshold");
  const cycle_collector::Settings& s = settings();
  return Value(make_tuple({Value::integer(s.threshold), Value::integer(s.threshold1),
                           Value::integer(s.threshold2)}));
}

Value gc_set_threshold(Args a) {
  check_no_keywords(a, "set_threshold");
  if (a.npos < 1) raise(exc::TypeError, "set_threshold() takes at least 1 argument (0 given)");
  if (a.npos > 3)
    raise(exc::TypeError, "set_threshold() takes at most 3 arguments (" + std::to_string(a.npos) + " given)");
  cycle_collector::Settings& s = settings();
  s.threshold = index_value(a[0]);
  if (a.npos > 1) s.threshold1 = index_value(a[1]);
  if (a.npos > 2) s.threshold2 = index_value(a[2]);
  return Value::none();
}

Value gc_get_debug(Args a) {
  no_args(a, "gc.get_debug");
  return Value::integer(g_debug_flags);
}

Value gc_set_debug(Args a) {
  Value flags;
  bind_clinic_args(a, "set_debug", {"flags"}, 1, &flags);
  g_debug_flags = index_value(flags);
  settings().save_all = (g_debug_flags & kDebugSaveAll) != 0;
  return Value::none();
}

Value gc_get_stats(Args a) {
  no_args(a, "gc.get_stats");
  const cycle_collector::Stats& s = cycle_collector::stats();
  Ref<List> stats = make_list();
  for (int gen = 0; gen < cycle_collector::kGenerations; ++gen) {
    Ref<Dict> d = make_dict();
    d->set(str_value("collections"), Value::integer(s.collections[gen]));
    d->set(str_value("collected"), Value::integer(s.collected[gen]));
    d->set(str_value("uncollectable"), Value::integer(0));
    stats->items.push_back(Value(std::move(d)));
  }
  return Value(std::move(stats));
}

} // namespace

Ref<Module> create_gc_module() {
  Value garbage(make_list());
  cycle_collector::set_saved_list(garbage);
  ModuleBuilder m("gc");
  m.function("enable", gc_enable)
      .function("disable", gc_disable)
      .function("isenabled", gc_isenabled)
      .function("collect", gc_collect)
      .function("get_count", gc_get_count)
      .function("get_threshold", gc_get_threshold)
      .function("set_threshold", gc_set_threshold)
      .function("get_debug", gc_get_debug)
      .function("set_debug", gc_set_debug)
      .function("get_stats", gc_get_stats)
      .value("garbage", garbage)
      .value("DEBUG_STATS", Value::integer(kDebugStats))
      .value("DEBUG_COLLECTABLE", Value::integer(kDebugCollectable))
      .value("DEBUG_UNCOLLECTABLE", Value::integer(kDebugUncollectable))
      .value("DEBUG_SAVEALL", Value::integer(kDebugSaveAll))
      .value("DEBUG_LEAK", Value::integer(kDebugLeak));
  return m.finish();
}

} // namespace refc::lang
