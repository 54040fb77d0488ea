// The cycle collector's generations of tracked objects and its collection (see
// cycle_collector.h for the algorithm and its contract).
#include "reference_compiler/lang/cycle_collector.h"

#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/list_object.h"

#include <vector>

namespace refc::lang {

namespace {

using cycle_collector::kGenerations;

// One doubly linked list of tracked objects per generation. The interpreter
// runs Python on one thread at a time, so plain globals do.
struct Generation {
  TrackedObject* head = nullptr;
  int64_t size = 0;
};
Generation g_gens[kGenerations];
cycle_collector::Settings g_settings;
cycle_collector::Stats g_stats;
int64_t g_long_lived_total = 0;   // in the oldest generation after its last collection
int64_t g_long_lived_pending = 0; // promoted into it since then
bool g_collecting = false;
Value* g_saved = nullptr;

constexpr int32_t kReachable = -1;

void link(TrackedObject* o, int gen) {
  Generation& g = g_gens[gen];
  o->gc_gen = gen;
  o->gc_prev = nullptr;
  o->gc_next = g.head;
  if (g.head) g.head->gc_prev = o;
  g.head = o;
  ++g.size;
}

void unlink(TrackedObject* o) {
  Generation& g = g_gens[o->gc_gen];
  if (o->gc_prev) o->gc_prev->gc_next = o->gc_next;
  else g.head = o->gc_next;
  if (o->gc_next) o->gc_next->gc_prev = o->gc_prev;
  --g.size;
}

// Moves every object of generation `from` to the front of generation `to`.
void splice(int from, int to) {
  while (TrackedObject* o = g_gens[from].head) {
    unlink(o);
    link(o, to);
  }
}

// Step 1: counts the references the collected objects hold to each other
// (references from older generations count as outside references).
struct SubtractInternal final : ReferenceVisitor {
  int gen;
  explicit SubtractInternal(int gen) : gen(gen) {}
  void visit(TrackedObject* o) override {
    if (o->gc_gen == gen) --o->gc_refs;
  }
};

// Step 2: marks what a referenced-from-outside object reaches.
struct MarkReachable final : ReferenceVisitor {
  int gen;
  std::vector<TrackedObject*> work;
  explicit MarkReachable(int gen) : gen(gen) {}
  void visit(TrackedObject* o) override {
    if (o->gc_gen != gen || o->gc_refs == kReachable) return;
    o->gc_refs = kReachable;
    work.push_back(o);
  }
};

// CPython's schedule: a generation is collected when its count passes its
// threshold; the oldest only when that also adds a quarter of its size, which
// keeps the work linear in the number of allocations.
void maybe_collect() {
  // The count comes first: it is all that most allocations check.
  if (g_stats.count[0] <= g_settings.threshold) return;
  if (g_settings.threshold <= 0 || !g_settings.enabled || g_collecting || destruction_in_progress())
    return; // gc.set_threshold(0) turns collection off, as gc.disable() does
  const int64_t thresholds[kGenerations] = {g_settings.threshold, g_settings.threshold1,
                                            g_settings.threshold2};
  for (int gen = kGenerations - 1; gen >= 0; --gen) {
    if (g_stats.count[gen] <= thresholds[gen]) continue;
    if (gen == kGenerations - 1 && g_long_lived_pending < g_long_lived_total / 4) continue;
    cycle_collector::collect(gen);
    return;
  }
}

} // namespace

TrackedObject::TrackedObject(TypeObject* type) : Object(type) {
  // Before this object joins a generation: a collection now never sees it half built.
  maybe_collect();
  flags |= kTracked;
  link(this, 0);
  ++g_stats.count[0];
}

TrackedObject::~TrackedObject() {
  unlink(this);
  if (gc_gen == 0 && g_stats.count[0] > 0) --g_stats.count[0];
}

namespace cycle_collector {

Settings& settings() { return g_settings; }
const Stats& stats() { return g_stats; }
int64_t tracked_count() { return g_gens[0].size + g_gens[1].size + g_gens[2].size; }

void set_saved_list(Value list) {
  if (!g_saved) g_saved = new Value(); // never freed: read until the process ends
  *g_saved = std::move(list);
}

int64_t collect(int gen) {
  if (g_collecting || destruction_in_progress()) return 0;
  g_collecting = true;
  for (int younger = 0; younger < gen; ++younger) splice(younger, gen);
  Generation& g = g_gens[gen];

  for (TrackedObject* o = g.head; o; o = o->gc_next) o->gc_refs = static_cast<int32_t>(o->refcnt);
  SubtractInternal subtract(gen);
  for (TrackedObject* o = g.head; o; o = o->gc_next) o->traverse(subtract);
  MarkReachable mark(gen);
  for (TrackedObject* o = g.head; o; o = o->gc_next)
    if (o->gc_refs > 0) {
      o->gc_refs = kReachable;
      mark.work.push_back(o);
    }
  while (!mark.work.empty()) {
    TrackedObject* o = mark.work.back();
    mark.work.pop_back();
    o->traverse(mark);
  }

  // Every object still unmarked is referenced only by other unmarked ones.
  std::vector<TrackedObject*> garbage;
  for (TrackedObject* o = g.head; o; o = o->gc_next)
    if (o->gc_refs != kReachable) garbage.push_back(o);
  // Each is held while the references are dropped, so none is freed while
  // another still points at it; the last decref frees them.
  for (TrackedObject* o : garbage) incref(o);
  auto* saved = g_settings.save_all && g_saved && g_saved->type() == types::list
                    ? static_cast<List*>(g_saved->as_obj())
                    : nullptr;
  if (saved)
    for (TrackedObject* o : garbage) saved->items.push_back(Value::borrow(o));
  else
    for (TrackedObject* o : garbage) o->clear_references();
  for (TrackedObject* o : garbage) decref(o);

  // The survivors grow older.
  if (gen + 1 < kGenerations) {
    if (gen + 1 == kGenerations - 1) g_long_lived_pending += g.size;
    splice(gen, gen + 1);
    ++g_stats.count[gen + 1];
  } else {
    g_long_lived_total = g.size;
    g_long_lived_pending = 0;
  }
  for (int younger = 0; younger <= gen; ++younger) g_stats.count[younger] = 0;
  const auto found = static_cast<int64_t>(garbage.size());
  ++g_stats.collections[gen];
  g_stats.collected[gen] += saved ? 0 : found;
  g_collecting = false;
  return found;
}

} // namespace cycle_collector

} // namespace refc::lang
