// The `itertools` module, native as CPython's is: every iterator is an
// IteratorObject (iterators.h), so for-loops, list() and sum() step it
// without a method call per item. Algorithms, argument checking and messages
// follow CPython 3.11's itertoolsmodule.c (groupby's shared-state groups,
// islice's exact consumption of the underlying iterator, the lazy odometers of
// product / permutations / combinations), so programs see the same items in
// the same order and the same errors. The combinatoric iterators are
// itertools_combinatorics.cpp's.
#include "reference_compiler/lang/itertools_internal.h"
#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/module_builder.h"
#include "reference_compiler/lang/str_object.h"
#include "reference_compiler/lang/tuple_object.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace refc::lang {

namespace itertools_detail::t {
#define REFC_DEFINE(cxx, py) TypeObject* cxx = nullptr;
REFC_ITERTOOLS_TYPES(REFC_DEFINE)
#undef REFC_DEFINE
} // namespace itertools_detail::t

namespace {

using namespace itertools_detail;

// The receiver of a method of one of these types.
template <class T> T* self_of(const Args& a, TypeObject* type, std::string_view method) {
  return static_cast<T*>(check_receiver(a, type, method));
}

bool is_number(const Value& v) {
  if (v.is_intlike() || v.is_float()) return true;
  return !lookup_special(v, names::__index__).is_null() ||
         !lookup_special(v, names::__int__).is_null() ||
         !lookup_special(v, names::__float__).is_null();
}

// ---- count, cycle, repeat ------------------------------------------------------

struct Count : IteratorObject {
  Count(Value start, Value step) : IteratorObject(t::count, &next), value(start), step(step) {}
  Value value, step;
  // The step is added when the next item is requested, not eagerly, so the
  // item after the last one a program takes may exceed 64 bits harmlessly.
  bool advance = false;

  Value upcoming() const {
    if (!advance) return value;
    int64_t n;
    if (value.is_int() && step.is_int() && !__builtin_add_overflow(value.as_int(), step.as_int(), &n))
      return Value::integer(n);
    return binary_op(BinaryOp::Add, value, step);
  }
  static Value next(IteratorObject* self) {
    auto* c = static_cast<Count*>(self);
    c->value = c->upcoming();
    c->advance = true;
    return c->value;
  }
};

Value count_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "count", {"start", "step"}, 0, p);
  Value start = p[0].is_null() ? Value::integer(0) : p[0];
  Value step = p[1].is_null() ? Value::integer(1) : p[1];
  if (!is_number(start) || !is_number(step)) raise(exc::TypeError, "a number is required");
  return Value(make<Count>(start, step));
}

Value count_repr(Args a) {
  auto* c = self_of<Count>(a, t::count, "__repr__");
  std::string out = "count(" + std::string(repr(c->upcoming())->view());
  if (!(c->step.is_int() && c->step.as_int() == 1))
    out += ", " + std::string(repr(c->step)->view());
  return str_value(out + ")");
}

struct Cycle : IteratorObject {
  explicit Cycle(Value it) : IteratorObject(t::cycle, &next), it(std::move(it)) {}
  Value it; // Null once the first pass is over
  std::vector<Value> saved;
  size_t index = 0;
  static Value next(IteratorObject* self) {
    auto* c = static_cast<Cycle*>(self);
    if (!c->it.is_null()) {
      Value v = next_item(c->it);
      if (!v.is_null()) {
        c->saved.push_back(v);
        return v;
      }
      c->it = Value();
    }
    if (c->saved.empty()) return exhausted();
    if (c->index >= c->saved.size()) c->index = 0;
    return c->saved[c->index++];
  }
};

Value cycle_new(Args a) {
  check_no_keywords(a, "cycle");
  check_positional(a.drop_first(), "cycle", "cycle", 1, 1);
  return Value(make<Cycle>(get_iter(a[1])));
}

struct Repeat : IteratorObject {
  Repeat(Value object, int64_t times)
      : IteratorObject(t::repeat, &next), object(std::move(object)), times(times) {}
  Value object;
  int64_t times; // -1: forever
  static Value next(IteratorObject* self) {
    auto* r = static_cast<Repeat*>(self);
    if (r->times == 0) return exhausted();
    if (r->times > 0) --r->times;
    return r->object;
  }
};

Value repeat_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "repeat", {"object", "times"}, 1, p);
  int64_t times = -1;
  if (!p[1].is_null()) {
    times = index_value(p[1]);
    if (times < 0) times = 0;
  }
  return Value(make<Repeat>(p[0], times));
}

Value repeat_repr(Args a) {
  auto* r = self_of<Repeat>(a, t::repeat, "__repr__");
  std::string out = "repeat(" + std::string(repr(r->object)->view());
  if (r->times >= 0) out += ", " + std::to_string(r->times);
  return str_value(out + ")");
}

Value repeat_length_hint(Args a) {
  auto* r = self_of<Repeat>(a, t::repeat, "__length_hint__");
  if (r->times < 0) raise(exc::TypeError, "len() of unsized object");
  return Value::integer(r->times);
}

// ---- accumulate, chain, compress, dropwhile, takewhile, filterfalse, starmap ------

struct Accumulate : IteratorObject {
  Accumulate(Value it, Value func, Value initial)
      : IteratorObject(t::accumulate, &next), it(std::move(it)), func(std::move(func)),
        total(std::move(initial)) {}
  Value it, func, total; // total: Null until the first item
  static Value next(IteratorObject* self) {
    auto* s = static_cast<Accumulate*>(self);
    if (s->it.is_null()) return exhausted();
    if (s->pending_initial) {
      s->pending_initial = false;
      return s->total;
    }
    Value v = next_item(s->it);
    if (v.is_null()) {
      s->it = Value();
      return exhausted();
    }
    if (s->total.is_null()) {
      s->total = v;
    } else if (s->func.is_null() || s->func.is_none()) {
      const Value& x = s->total;
      int64_t n;
      if (x.is_int() && v.is_int() && !__builtin_add_overflow(x.as_int(), v.as_int(), &n))
        s->total = Value::integer(n);
      else
        s->total = binary_op(BinaryOp::Add, x, v);
    } else {
      s->total = call(s->func, {s->total, v});
    }
    return s->total;
  }
  bool pending_initial = false;
};

Value accumulate_new(Args a) {
  Value p[3];
  bind_clinic_args(a.drop_first(), "accumulate", {"iterable", "func", "initial"}, 1, p, 2);
  Value initial = p[2].is_null() || p[2].is_none() ? Value() : p[2];
  Ref<Accumulate> s = make<Accumulate>(get_iter(p[0]), p[1], initial);
  s->pending_initial = !initial.is_null();
  return Value(std::move(s));
}

struct Chain : IteratorObject {
  explicit Chain(Value source) : IteratorObject(t::chain, &next), source(std::move(source)) {}
  Value source; // iterator over the iterables; Null when done
  Value active; // the current iterable's iterator, or Null
  static Value next(IteratorObject* self) {
    auto* c = static_cast<Chain*>(self);
    while (!c->source.is_null()) {
      if (c->active.is_null()) {
        Value iterable = next_item(c->source);
        if (iterable.is_null()) {
          c->source = Value();
          break;
        }
        c->active = get_iter(iterable);
      }
      Value v = next_item(c->active);
      if (!v.is_null()) return v;
      c->active = Value();
    }
    return exhausted();
  }
};

Value chain_new(Args a) {
  check_no_keywords(a, "chain");
  std::vector<Value> iterables(a.values + 1, a.values + a.npos);
  return Value(make<Chain>(make_tuple_iterator(make_tuple(std::move(iterables)))));
}

Value chain_from_iterable(Args a) {
  check_positional(a.drop_first(), "from_iterable", "chain.from_iterable", 1, 1);
  return Value(make<Chain>(get_iter(a[1])));
}

struct Compress : IteratorObject {
  Compress(Value data, Value selectors)
      : IteratorObject(t::compress, &next), data(std::move(data)), selectors(std::move(selectors)) {}
  Value data, selectors;
  static Value next(IteratorObject* self) {
    auto* c = static_cast<Compress*>(self);
    if (c->data.is_null()) return exhausted();
    while (true) {
      Value d = next_item(c->data);
      if (d.is_null()) break;
      Value s = next_item(c->selectors);
      if (s.is_null()) break;
      if (truthy(s)) return d;
    }
    c->data = c->selectors = Value();
    return exhausted();
  }
};

Value compress_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "compress", {"data", "selectors"}, 2, p);
  return Value(make<Compress>(get_iter(p[0]), get_iter(p[1])));
}

// dropwhile, takewhile, filterfalse: a predicate over an iterator.
struct Predicated : IteratorObject {
  Predicated(TypeObject* type, NextFn fn, Value pred, Value it)
      : IteratorObject(type, fn), pred(std::move(pred)), it(std::move(it)) {}
  Value pred, it;
  bool flag = false; // dropwhile: done dropping; takewhile: stopped

  bool test(const Value& v) {
    if (pred.is_none()) return truthy(v);
    return truthy(call(pred, {v}));
  }
  static Value dropwhile_next(IteratorObject* self) {
    auto* p = static_cast<Predicated*>(self);
    while (true) {
      Value v = next_item(p->it);
      if (v.is_null()) return exhausted();
      if (p->flag) return v;
      if (!p->test(v)) {
        p->flag = true;
        return v;
      }
    }
  }
  static Value takewhile_next(IteratorObject* self) {
    auto* p = static_cast<Predicated*>(self);
    if (p->flag) return exhausted();
    Value v = next_item(p->it);
    if (v.is_null()) return exhausted();
    if (p->test(v)) return v;
    p->flag = true;
    return exhausted();
  }
  static Value filterfalse_next(IteratorObject* self) {
    auto* p = static_cast<Predicated*>(self);
    while (true) {
      Value v = next_item(p->it);
      if (v.is_null()) return exhausted();
      if (!p->test(v)) return v;
    }
  }
};

Value predicated_new(const Args& a, const char* name, TypeObject* type, IteratorObject::NextFn fn) {
  check_no_keywords(a, name);
  check_positional(a.drop_first(), name, name, 2, 2);
  return Value(make<Predicated>(type, fn, a[1], get_iter(a[2])));
}

Value dropwhile_new(Args a) {
  return predicated_new(a, "dropwhile", t::dropwhile, &Predicated::dropwhile_next);
}
Value takewhile_new(Args a) {
  return predicated_new(a, "takewhile", t::takewhile, &Predicated::takewhile_next);
}
Value filterfalse_new(Args a) {
  return predicated_new(a, "filterfalse", t::filterfalse, &Predicated::filterfalse_next);
}

struct Starmap : IteratorObject {
  Starmap(Value func, Value it) : IteratorObject(t::starmap, &next), func(std::move(func)), it(std::move(it)) {}
  Value func, it;
  static Value next(IteratorObject* self) {
    auto* s = static_cast<Starmap*>(self);
    Value args = next_item(s->it);
    if (args.is_null()) return exhausted();
    if (args.is_obj() && args.type() == types::tuple) {
      const std::vector<Value>& items = args.as<Tuple>()->items;
      return call(s->func, Args{items.data(), items.size(), nullptr});
    }
    std::vector<Value> items = collect_items(args);
    return call(s->func, Args{items.data(), items.size(), nullptr});
  }
};

Value starmap_new(Args a) {
  check_no_keywords(a, "starmap");
  check_positional(a.drop_first(), "starmap", "starmap", 2, 2);
  return Value(make<Starmap>(a[1], get_iter(a[2])));
}

// ---- groupby ---------------------------------------------------------------------

struct Grouper;

struct GroupBy : IteratorObject {
  GroupBy(Value it, Value keyfunc)
      : IteratorObject(t::groupby, &next), it(std::move(it)), keyfunc(std::move(keyfunc)) {}
  Value it, keyfunc;
  Value tgtkey, currkey, currvalue; // Null when unset
  Object* currgrouper = nullptr;    // the only group that may still yield (not owned)

  // Advances the shared iterator: false when it is exhausted.
  bool step() {
    Value v = next_item(it);
    if (v.is_null()) return false;
    Value k = keyfunc.is_null() || keyfunc.is_none() ? v : call(keyfunc, {v});
    currvalue = std::move(v);
    currkey = std::move(k);
    return true;
  }
  static Value next(IteratorObject* self);
};

struct Grouper : IteratorObject {
  Grouper(Ref<GroupBy> parent, Value tgtkey)
      : IteratorObject(t::grouper, &next), parent(std::move(parent)), tgtkey(std::move(tgtkey)) {}
  Ref<GroupBy> parent;
  Value tgtkey;
  static Value next(IteratorObject* self) {
    auto* g = static_cast<Grouper*>(self);
    GroupBy* gb = g->parent.get();
    if (gb->currgrouper != g) return exhausted(); // a later group was started
    if (gb->currvalue.is_null() && !gb->step()) return exhausted();
    if (!equals(g->tgtkey, gb->currkey)) return exhausted();
    Value r = std::move(gb->currvalue);
    gb->currvalue = Value();
    return r;
  }
};

Value GroupBy::next(IteratorObject* self) {
  auto* gb = static_cast<GroupBy*>(self);
  gb->currgrouper = nullptr;
  // Skip the rest of the current group.
  while (true) {
    if (!gb->currkey.is_null()) {
      if (gb->tgtkey.is_null()) break;
      if (!equals(gb->tgtkey, gb->currkey)) break;
    }
    if (!gb->step()) return exhausted();
  }
  gb->tgtkey = gb->currkey;
  Ref<Grouper> g = make<Grouper>(Ref<GroupBy>::borrow(gb), gb->currkey);
  gb->currgrouper = g.get();
  return Value(make_tuple({gb->currkey, Value(std::move(g))}));
}

Value groupby_new(Args a) {
  Value p[2];
  bind_clinic_args(a.drop_first(), "groupby", {"iterable", "key"}, 1, p);
  return Value(make<GroupBy>(get_iter(p[0]), p[1]));
}

// ---- islice, pairwise, zip_longest ---------------------------------------------------

struct ISlice : IteratorObject {
  ISlice(Value it, int64_t next, int64_t stop, int64_t step)
      : IteratorObject(t::islice, &step_fn), it(std::move(it)), next_index(next), stop(stop),
        step(step) {}
  Value it; // Null once exhausted
  int64_t next_index, stop, step; // stop -1: none
  int64_t cnt = 0;
  static Value step_fn(IteratorObject* self) {
    auto* s = static_cast<ISlice*>(self);
    if (s->it.is_null()) return exhausted();
    while (s->cnt < s->next_index) {
      Value skipped = next_item(s->it);
      if (skipped.is_null()) return s->finish();
      ++s->cnt;
    }
    if (s->stop != -1 && s->cnt >= s->stop) return s->finish();
    Value item = next_item(s->it);
    if (item.is_null()) return s->finish();
    ++s->cnt;
    int64_t old = s->next_index;
    if (__builtin_add_overflow(s->next_index, s->step, &s->next_index) || s->next_index < old ||
        (s->stop != -1 && s->next_index > s->stop))
      s->next_index = s->stop;
    return item;
  }
  Value finish() {
    it = Value();
    return exhausted();
  }
};

// An islice bound: None, or an int in [0, sys.maxsize]; else ValueError(message).
int64_t islice_bound(const Value& v, int64_t if_none, const char* message) {
  if (v.is_none()) return if_none;
  if (!v.is_intlike() && lookup_special(v, names::__index__).is_null())
    raise(exc::ValueError, message);
  int64_t n = index_value(v);
  if (n < 0) raise(exc::ValueError, message);
  return n;
}

Value islice_new(Args a) {
  check_no_keywords(a, "islice");
  Args rest = a.drop_first();
  check_positional(rest, "islice", "islice", 2, 4);
  const char* stop_msg =
      "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
  int64_t start = 0, stop, step = 1;
  if (rest.npos == 2) {
    stop = islice_bound(rest[1], -1, stop_msg);
  } else {
    start = islice_bound(rest[1], 0,
                         "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
    stop = islice_bound(rest[2], -1, stop_msg);
    if (rest.npos == 4 && !rest[3].is_none()) {
      const char* step_msg = "Step for islice() must be a positive integer or None.";
      if (!rest[3].is_intlike() && lookup_special(rest[3], names::__index__).is_null())
        raise(exc::ValueError, step_msg);
      step = index_value(rest[3]);
      if (step <= 0) raise(exc::ValueError, step_msg);
    }
  }
  return Value(make<ISlice>(get_iter(rest[0]), start, stop, step));
}

struct Pairwise : IteratorObject {
  explicit Pairwise(Value it) : IteratorObject(t::pairwise, &next), it(std::move(it)) {}
  Value it, old;
  static Value next(IteratorObject* self) {
    auto* p = static_cast<Pairwise*>(self);
    if (p->it.is_null()) return exhausted();
    if (p->old.is_null()) {
      p->old = next_item(p->it);
      if (p->old.is_null()) {
        p->it = Value();
        return exhausted();
      }
    }
    Value n = next_item(p->it);
    if (n.is_null()) {
      p->it = p->old = Value();
      return exhausted();
    }
    Value pair = Value(make_tuple({p->old, n}));
    p->old = std::move(n);
    return pair;
  }
};

Value pairwise_new(Args a) {
  check_no_keywords(a, "pairwise");
  check_positional(a.drop_first(), "pairwise", "pairwise", 1, 1);
  return Value(make<Pairwise>(get_iter(a[1])));
}

struct ZipLongest : IteratorObject {
  ZipLongest(std::vector<Value> its, Value fill)
      : IteratorObject(t::zip_longest, &next), iterators(std::move(its)), fillvalue(std::move(fill)),
        active(static_cast<int64_t>(iterators.size())) {}
  std::vector<Value> iterators; // Null entries are exhausted
  Value fillvalue;
  int64_t active;
  static Value next(IteratorObject* self) {
    auto* z = static_cast<ZipLongest*>(self);
    if (z->iterators.empty() || z->active == 0) return exhausted();
    std::vector<Value> values;
    values.reserve(z->iterators.size());
    for (Value& it : z->iterators) {
      if (it.is_null()) {
        values.push_back(z->fillvalue);
        continue;
      }
      Value v = next_item(it);
      if (v.is_null()) {
        it = Value();
        if (--z->active == 0) return exhausted();
        v = z->fillvalue;
      }
      values.push_back(std::move(v));
    }
    return Value(make_tuple(std::move(values)));
  }
};

Value zip_longest_new(Args a) {
  Value fill = Value::none();
  for (size_t k = 0; k < a.nkw(); ++k) {
    if (a.kwname(k)->view() != "fillvalue")
      raise(exc::TypeError, "zip_longest() got an unexpected keyword argument");
    fill = a.kwvalue(k);
  }
  std::vector<Value> its;
  for (size_t i = 1; i < a.npos; ++i) its.push_back(get_iter(a[i]));
  return Value(make<ZipLongest>(std::move(its), fill));
}

// ---- tee ---------------------------------------------------------------------------

// What the copies of one tee() share: the source and the items some copy has
// read but another has not yet.
struct TeeBuffer {
  Value it; // Null once exhausted
  std::deque<Value> items;
  int64_t base = 0; // the position of items.front()
  std::vector<const int64_t*> positions;

  void trim() {
    int64_t lowest = INT64_MAX;
    for (const int64_t* p : positions) lowest = std::min(lowest, *p);
    while (base < lowest && !items.empty()) {
      items.pop_front();
      ++base;
    }
  }
};

struct Tee : IteratorObject {
  explicit Tee(std::shared_ptr<TeeBuffer> buf) : IteratorObject(t::tee, &next), buffer(std::move(buf)) {
    buffer->positions.push_back(&position);
  }
  ~Tee() override {
    auto& ps = buffer->positions;
    for (size_t i = 0; i < ps.size(); ++i)
      if (ps[i] == &position) {
        ps.erase(ps.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
  }
  std::shared_ptr<TeeBuffer> buffer;
  int64_t position = 0;
  static Value next(IteratorObject* self) {
    auto* t = static_cast<Tee*>(self);
    TeeBuffer& b = *t->buffer;
    int64_t offset = t->position - b.base;
    if (offset >= static_cast<int64_t>(b.items.size())) {
      if (b.it.is_null()) return exhausted();
      Value v = next_item(b.it);
      if (v.is_null()) {
        b.it = Value();
        return exhausted();
      }
      b.items.push_back(std::move(v));
    }
    Value v = b.items[static_cast<size_t>(t->position - b.base)];
    ++t->position;
    b.trim();
    return v;
  }
};

Value tee_fn(Args a) {
  check_no_keywords(a, "tee");
  check_positional(a, "tee", "tee", 1, 2);
  int64_t n = a.npos == 2 ? index_value(a[1]) : 2;
  if (n < 0) raise(exc::ValueError, "n must be >= 0");
  auto buffer = std::make_shared<TeeBuffer>();
  buffer->it = get_iter(a[0]);
  std::vector<Value> out;
  for (int64_t i = 0; i < n; ++i) out.push_back(Value(make<Tee>(buffer)));
  return Value(make_tuple(std::move(out)));
}

// ---- type creation ----------------------------------------------------------------

Value iter_self(Args a) { return a[0]; }

Value iter_next_method(Args a) {
  check_no_args(a.drop_first(), "__next__");
  return static_cast<IteratorObject*>(a[0].as_obj())->next(); // Null: StopIteration
}

TypeObject* make_iterator_type(const char* name, NativeFn new_fn) {
  TypeObject* type = make_module_type(name, "itertools", Layout::Iterator);
  add_method(type, "__iter__", iter_self);
  add_method(type, "__next__", iter_next_method);
  if (new_fn) add_new(type, new_fn);
  return type;
}

void init_types() {
  t::count = make_iterator_type("count", count_new);
  add_method(t::count, "__repr__", count_repr);
  t::cycle = make_iterator_type("cycle", cycle_new);
  t::repeat = make_iterator_type("repeat", repeat_new);
  add_method(t::repeat, "__repr__", repeat_repr);
  add_method(t::repeat, "__length_hint__", repeat_length_hint);
  t::accumulate = make_iterator_type("accumulate", accumulate_new);
  t::chain = make_iterator_type("chain", chain_new);
  add_classmethod(t::chain, "from_iterable", chain_from_iterable);
  t::compress = make_iterator_type("compress", compress_new);
  t::dropwhile = make_iterator_type("dropwhile", dropwhile_new);
  t::takewhile = make_iterator_type("takewhile", takewhile_new);
  t::filterfalse = make_iterator_type("filterfalse", filterfalse_new);
  t::starmap = make_iterator_type("starmap", starmap_new);
  t::groupby = make_iterator_type("groupby", groupby_new);
  t::grouper = make_iterator_type("_grouper", nullptr);
  t::islice = make_iterator_type("islice", islice_new);
  t::pairwise = make_iterator_type("pairwise", pairwise_new);
  t::zip_longest = make_iterator_type("zip_longest", zip_longest_new);
  t::product = make_iterator_type("product", product_new);
  t::permutations = make_iterator_type("permutations", permutations_new);
  t::combinations = make_iterator_type("combinations", combinations_new);
  t::combinations_with_replacement =
      make_iterator_type("combinations_with_replacement", cwr_new);
  t::tee = make_iterator_type("_tee", nullptr);
}

} // namespace

Ref<Module> create_itertools_module() {
  if (!t::count) init_types();
  ModuleBuilder m("itertools");
#define REFC_EXPORT(cxx, py)                                                                   \
  if (py[0] != '_') m.value(py, Value::borrow(t::cxx));
  REFC_ITERTOOLS_TYPES(REFC_EXPORT)
#undef REFC_EXPORT
  m.function("tee", tee_fn);
  return m.finish();
}

} // namespace refc::lang
