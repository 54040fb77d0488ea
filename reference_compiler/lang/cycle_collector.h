// The cycle collector: frees groups of objects that only reference each other,
// which reference counting alone never frees (a closure that calls itself, an
// fx GraphModule and its Graph, an argparse parser and its actions).
//
// Objects that can take part in a cycle derive from TrackedObject: every live one
// sits on one list, and each reports the references it owns through traverse().
// A collection is CPython's algorithm: an object whose count exceeds the
// references other tracked objects hold to it is referenced from outside (a
// frame, the C++ stack, an untracked object); everything reachable from those is
// alive, the rest is garbage and is freed by dropping its references
// (clear_references). A type that does not report a reference only keeps more
// alive, so tracking can grow type by type without risk; reporting a reference
// the object does not own would free live objects, so traverse() must report
// exactly the references the object counts.
//
// Three generations, as CPython's: new objects are young, survivors of a
// collection move one generation up, and a collection of a generation also
// collects the younger ones, so most collections look only at young objects
// (references from older ones count as outside references). The schedule is
// CPython's (thresholds 700, 10, 10); the program's end collects everything
// once more. `gc` (gc_module.cpp) is the program's view of it.
#pragma once

#include "reference_compiler/lang/object.h"
#include "reference_compiler/lang/value.h"

#include <cstdint>
#include <vector>

namespace refc::lang {

struct TrackedObject;

// Called for each reference a tracked object owns; only references to tracked
// objects reach visit().
class ReferenceVisitor {
public:
  virtual void visit(TrackedObject* o) = 0;
  void operator()(const Value& v) {
    if (v.is_obj()) operator()(v.as_obj());
  }
  template <class T> void operator()(const Ref<T>& r) {
    if (r) operator()(static_cast<Object*>(r.get()));
  }
  void operator()(Object* o);

protected:
  ~ReferenceVisitor() = default;
};

struct TrackedObject : Object {
  // The Object::flags bit that marks a TrackedObject (kept out of the concrete
  // types' own flag bits).
  static constexpr uint32_t kTracked = 1u << 31;

  explicit TrackedObject(TypeObject* type);
  ~TrackedObject() override;

  // Visits every reference this object owns, each as many times as it is counted.
  virtual void traverse(ReferenceVisitor& visit) = 0;
  // Drops the references traverse() reports (the object is garbage; it is freed
  // when the last of them is gone).
  virtual void clear_references() = 0;

  TrackedObject* gc_prev = nullptr;
  TrackedObject* gc_next = nullptr;
  int32_t gc_gen = 0;  // the generation whose list holds it
  int32_t gc_refs = 0; // scratch of a collection
};

inline bool is_tracked(const Object* o) { return (o->flags & TrackedObject::kTracked) != 0; }
inline void ReferenceVisitor::operator()(Object* o) {
  if (is_tracked(o)) visit(static_cast<TrackedObject*>(o));
}

namespace cycle_collector {

inline constexpr int kGenerations = 3;

// Collects generation `gen` and the younger ones; returns how many objects
// were found unreachable (with DEBUG_SAVEALL they are appended to the saved
// list instead of being freed).
int64_t collect(int gen = kGenerations - 1);

struct Settings {
  bool enabled = true;
  int64_t threshold = 700, threshold1 = 10, threshold2 = 10; // gc.set_threshold's
  bool save_all = false;                                      // gc.DEBUG_SAVEALL
};
Settings& settings();

struct Stats {
  // count[0]: tracked objects allocated less freed since generation 0 was last
  // collected; count[i]: collections of generation i-1 since generation i's.
  int64_t count[kGenerations] = {};
  int64_t collections[kGenerations] = {};
  int64_t collected[kGenerations] = {};
};
const Stats& stats();
// Tracked objects alive now (in all generations).
int64_t tracked_count();

// Where DEBUG_SAVEALL puts unreachable objects (gc.garbage).
void set_saved_list(Value list);

} // namespace cycle_collector

} // namespace refc::lang
