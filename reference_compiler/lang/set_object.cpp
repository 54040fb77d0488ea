// SetObject (set and frozenset): a port of CPython 3.11's setobject.c table —
// LINEAR_PROBES = 9, PERTURB_SHIFT = 5, dummy entries for deleted keys reused
// by the last dummy seen on an insert's probe path, growth when fill*5 >=
// mask*3 to used*4 (used*2 above 50000), the merge/update/intersection/
// difference algorithms with their fast paths — so iteration order, and with
// it printed output, matches CPython's whenever the hashes do. Also the set
// and frozenset types' methods.
#include "reference_compiler/lang/set_object.h"

#include "reference_compiler/lang/abstract.h"
#include "reference_compiler/lang/builtin_types.h"
#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/native_function.h"
#include "reference_compiler/lang/repr_guard.h"
#include "reference_compiler/lang/singletons.h"
#include "reference_compiler/lang/type_initializers.h"

#include <utility>

namespace refc::lang {

namespace {
constexpr size_t kMinSize = 8;
constexpr size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
constexpr size_t kNone = static_cast<size_t>(-1);
} // namespace

Object* SetObject::dummy_key() {
  static Object* dummy = [] {
    auto* d = new Object(types::object);
    d->make_immortal();
    return d;
  }();
  return dummy;
}

SetObject::SetObject(TypeObject* type) : Object(type), table_(kMinSize, Entry{0, Value()}) {}

Ref<SetObject> make_set() { return make<SetObject>(types::set); }
Ref<SetObject> make_frozenset() { return make<SetObject>(types::frozenset); }

// The table algorithms, with access to SetObject's private state.
struct SetAccess {
  using Entry = SetObject::Entry;

  static bool is_dummy(const Value& k) {
    return k.is_obj() && k.as_obj() == SetObject::dummy_key();
  }
  static bool is_active(const Entry& e) { return !e.key.is_null() && !is_dummy(e.key); }
  static size_t mask(const SetObject* so) { return so->table_.size() - 1; }

  // Equality of a stored key with `key` (same hash already checked); sets
  // `restart` when user code changed the table under the probe.
  static bool entry_matches(SetObject* so, size_t j, const Value& key, bool& restart) {
    const Value& start = so->table_[j].key;
    if (start.is(key)) return true;
    if (is_str(start) && is_str(key)) return str_equal(start.as<Str>(), key.as<Str>());
    if (start.is_int() && key.is_int()) return false;
    Value start_key = start; // owned across the call
    const Entry* data = so->table_.data();
    size_t size = so->table_.size();
    bool eq = equals(start_key, key);
    if (so->table_.data() != data || so->table_.size() != size ||
        !so->table_[j].key.is(start_key)) {
      restart = true;
      return false;
    }
    return eq;
  }

  // set_lookkey: the index of the entry holding `key`, or of the empty slot
  // that ends its probe sequence.
  static size_t lookkey(SetObject* so, const Value& key, int64_t hash) {
  restart:
    size_t m = mask(so);
    size_t perturb = static_cast<size_t>(hash);
    size_t i = static_cast<size_t>(hash) & m;
    for (;;) {
      size_t probes = (i + kLinearProbes <= m) ? kLinearProbes : 0;
      size_t j = i;
      for (;;) {
        const Entry& e = so->table_[j];
        if (e.hash == 0 && e.key.is_null()) return j;
        if (e.hash == hash) {
          bool again = false;
          if (entry_matches(so, j, key, again)) return j;
          if (again) goto restart;
          m = mask(so);
        }
        if (probes-- == 0) break;
        ++j;
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & m;
    }
  }

  static void insert_clean(std::vector<Entry>& table, const Value& key, int64_t hash) {
    size_t m = table.size() - 1;
    size_t perturb = static_cast<size_t>(hash);
    size_t i = static_cast<size_t>(hash) & m;
    for (;;) {
      if (table[i].key.is_null()) {
        table[i] = Entry{hash, key};
        return;
      }
      if (i + kLinearProbes <= m) {
        for (size_t j = 1; j <= kLinearProbes; ++j) {
          if (table[i + j].key.is_null()) {
            table[i + j] = Entry{hash, key};
            return;
          }
        }
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & m;
    }
  }

  static void table_resize(SetObject* so, int64_t minused) {
    size_t newsize = kMinSize;
    while (newsize <= static_cast<size_t>(minused)) newsize <<= 1;
    if (newsize > (size_t{1} << 40)) raise(exc::MemoryError, "");
    if (newsize == kMinSize && so->table_.size() == kMinSize && so->fill_ == so->used_) return;
    std::vector<Entry> old(newsize, Entry{0, Value()});
    old.swap(so->table_);
    bool had_dummies = so->fill_ != so->used_;
    so->fill_ = so->used_;
    for (Entry& e : old) {
      if (e.key.is_null() || (had_dummies && is_dummy(e.key))) continue;
      insert_clean(so->table_, e.key, e.hash);
    }
  }

  // set_add_entry: true when the key was added.
  static bool add_entry(SetObject* so, const Value& key, int64_t hash) {
    Value held = key; // keeps the key alive across user __eq__ calls
  restart:
    size_t m = mask(so);
    size_t i = static_cast<size_t>(hash) & m;
    size_t freeslot = kNone;
    size_t perturb = static_cast<size_t>(hash);
    size_t slot;
    for (;;) {
      size_t probes = (i + kLinearProbes <= m) ? kLinearProbes : 0;
      size_t j = i;
      for (;;) {
        const Entry& e = so->table_[j];
        if (e.hash == 0 && e.key.is_null()) {
          slot = j;
          goto found_unused_or_dummy;
        }
        if (e.hash == hash) {
          bool again = false;
          if (entry_matches(so, j, held, again)) return false;
          if (again) goto restart;
          m = mask(so);
        } else if (e.hash == -1) {
          freeslot = j;
        }
        if (probes-- == 0) break;
        ++j;
      }
      perturb >>= kPerturbShift;
      i = (i * 5 + 1 + perturb) & m;
    }
  found_unused_or_dummy:
    if (freeslot != kNone) {
      ++so->used_;
      so->table_[freeslot] = Entry{hash, std::move(held)};
      return true;
    }
    ++so->fill_;
    ++so->used_;
    so->table_[slot] = Entry{hash, std::move(held)};
    if (static_cast<size_t>(so->fill_) * 5 < m * 3) return true;
    table_resize(so, so->used_ > 50000 ? so->used_ * 2 : so->used_ * 4);
    return true;
  }

  static bool contains_entry(SetObject* so, const Value& key, int64_t hash) {
    return !so->table_[lookkey(so, key, hash)].key.is_null();
  }

  // set_discard_entry: true when the key was present.
  static bool discard_entry(SetObject* so, const Value& key, int64_t hash) {
    size_t j = lookkey(so, key, hash);
    Entry& e = so->table_[j];
    if (e.key.is_null()) return false;
    Value old = std::move(e.key);
    e.key = Value::borrow(SetObject::dummy_key());
    e.hash = -1;
    --so->used_;
    return true;
  }

  static void clear(SetObject* so) {
    std::vector<Entry> old(kMinSize, Entry{0, Value()});
    old.swap(so->table_);
    so->fill_ = 0;
    so->used_ = 0;
    so->hash_ = -1;
    // `old` releases the keys after the set is consistent.
  }

  static void merge(SetObject* so, SetObject* other) {
    if (other == so || other->used_ == 0) return;
    Ref<SetObject> keep = Ref<SetObject>::borrow(other);
    if ((so->fill_ + other->used_) * 5 >= static_cast<int64_t>(mask(so)) * 3)
      table_resize(so, (so->used_ + other->used_) * 2);
    if (so->fill_ == 0 && mask(so) == mask(other) && other->fill_ == other->used_) {
      for (size_t i = 0; i < other->table_.size(); ++i)
        if (!other->table_[i].key.is_null()) so->table_[i] = other->table_[i];
      so->fill_ = other->fill_;
      so->used_ = other->used_;
      return;
    }
    if (so->fill_ == 0) {
      so->fill_ = other->used_;
      so->used_ = other->used_;
      for (const Entry& e : other->table_)
        if (is_active(e)) insert_clean(so->table_, e.key, e.hash);
      return;
    }
    for (size_t i = 0; i < other->table_.size(); ++i) {
      const Entry& e = other->table_[i];
      if (!is_active(e)) continue;
      Value key = e.key;
      int64_t hash = e.hash;
      add_entry(so, key, hash);
    }
  }

  static void update_internal(SetObject* so, const Value& other) {
    if (is_anyset(other)) {
      merge(so, other.as<SetObject>());
      return;
    }
    if (other.is_obj() && other.as_obj()->type == types::dict) {
      Ref<Dict> d = Ref<Dict>::borrow(other.as<Dict>());
      int64_t dictsize = d->size();
      if ((so->fill_ + dictsize) * 5 >= static_cast<int64_t>(mask(so)) * 3)
        table_resize(so, (so->used_ + dictsize) * 2);
      for (size_t i = 0; i < d->entries().size(); ++i) {
        const Dict::Entry& e = d->entries()[i];
        if (e.key.is_null()) continue;
        Value key = e.key;
        int64_t hash = e.hash;
        add_entry(so, key, hash);
      }
      return;
    }
    Value it = get_iter(other);
    for (Value key = next_item(it); !key.is_null(); key = next_item(it))
      add_entry(so, key, hash_key(key));
  }

  static bool is_anyset(const Value& v) {
    if (!v.is_obj()) return false;
    Layout l = v.as_obj()->type->layout;
    return l == Layout::Set || l == Layout::FrozenSet;
  }

  // make_new_set_basetype: an empty set or frozenset like `so`.
  static Ref<SetObject> new_like(const SetObject* so) {
    return make<SetObject>(so->type->layout == Layout::FrozenSet ? types::frozenset : types::set);
  }

  static Ref<SetObject> copy(SetObject* so) {
    Ref<SetObject> result = new_like(so);
    merge(result.get(), so);
    return result;
  }

  static Ref<SetObject> intersection(SetObject* so, const Value& other) {
    if (other.is_obj() && other.as_obj() == so) return copy(so);
    Ref<SetObject> result = new_like(so);
    Ref<SetObject> keep_so = Ref<SetObject>::borrow(so);
    if (is_anyset(other)) {
      Ref<SetObject> a = keep_so, b = Ref<SetObject>::borrow(other.as<SetObject>());
      if (b->used_ > a->used_) std::swap(a, b);
      // Iterate the smaller set b, probing the larger a.
      for (size_t i = 0; i < b->table_.size(); ++i) {
        const Entry& e = b->table_[i];
        if (!is_active(e)) continue;
        Value key = e.key;
        int64_t hash = e.hash;
        if (contains_entry(a.get(), key, hash)) add_entry(result.get(), key, hash);
      }
      return result;
    }
    Value it = get_iter(other);
    for (Value key = next_item(it); !key.is_null(); key = next_item(it)) {
      int64_t hash = hash_key(key);
      if (contains_entry(so, key, hash)) {
        add_entry(result.get(), key, hash);
        if (result->used_ >= so->used_) break;
      }
    }
    return result;
  }

  static void difference_update(SetObject* so, const Value& other_value) {
    if (other_value.is_obj() && other_value.as_obj() == so) {
      clear(so);
      return;
    }
    if (is_anyset(other_value)) {
      Ref<SetObject> other = Ref<SetObject>::borrow(other_value.as<SetObject>());
      if ((other->used_ >> 3) > so->used_) other = intersection(so, other_value);
      for (size_t i = 0; i < other->table_.size(); ++i) {
        const Entry& e = other->table_[i];
        if (!is_active(e)) continue;
        Value key = e.key;
        int64_t hash = e.hash;
        discard_entry(so, key, hash);
      }
    } else {
      Value it = get_iter(other_value);
      for (Value key = next_item(it); !key.is_null(); key = next_item(it))
        discard_entry(so, key, hash_key(key));
    }
    if (static_cast<size_t>(so->fill_ - so->used_) <= mask(so) / 4) return;
    table_resize(so, so->used_ > 50000 ? so->used_ * 2 : so->used_ * 4);
  }

  static Ref<SetObject> copy_and_difference(SetObject* so, const Value& other) {
    Ref<SetObject> result = copy(so);
    difference_update(result.get(), other);
    return result;
  }

  static Ref<SetObject> difference(SetObject* so, const Value& other) {
    int64_t other_size;
    bool other_is_dict = other.is_obj() && other.as_obj()->type == types::dict;
    if (is_anyset(other))
      other_size = other.as<SetObject>()->used_;
    else if (other_is_dict)
      other_size = other.as<Dict>()->size();
    else
      return copy_and_difference(so, other);
    if ((so->used_ >> 2) > other_size) return copy_and_difference(so, other);
    Ref<SetObject> result = new_like(so);
    Ref<SetObject> keep = Ref<SetObject>::borrow(so);
    Value keep_other = other;
    for (size_t i = 0; i < so->table_.size(); ++i) {
      const Entry& e = so->table_[i];
      if (!is_active(e)) continue;
      Value key = e.key;
      int64_t hash = e.hash;
      bool present = other_is_dict ? !other.as<Dict>()->get_with_hash(key, hash).is_null()
                                   : contains_entry(other.as<SetObject>(), key, hash);
      if (!present) add_entry(result.get(), key, hash);
    }
    return result;
  }

  static void symmetric_difference_update(SetObject* so, const Value& other) {
    if (other.is_obj() && other.as_obj() == so) {
      clear(so);
      return;
    }
    if (other.is_obj() && other.as_obj()->type == types::dict) {
      Ref<Dict> d = Ref<Dict>::borrow(other.as<Dict>());
      for (size_t i = 0; i < d->entries().size(); ++i) {
        const Dict::Entry& e = d->entries()[i];
        if (e.key.is_null()) continue;
        Value key = e.key;
        int64_t hash = e.hash;
        if (!discard_entry(so, key, hash)) add_entry(so, key, hash);
      }
      return;
    }
    Ref<SetObject> otherset;
    if (is_anyset(other)) {
      otherset = Ref<SetObject>::borrow(other.as<SetObject>());
    } else {
      otherset = new_like(so);
      update_internal(otherset.get(), other);
    }
    for (size_t i = 0; i < otherset->table_.size(); ++i) {
      const Entry& e = otherset->table_[i];
      if (!is_active(e)) continue;
      Value key = e.key;
      int64_t hash = e.hash;
      if (!discard_entry(so, key, hash)) add_entry(so, key, hash);
    }
  }

  static Ref<SetObject> symmetric_difference(SetObject* so, const Value& other) {
    Ref<SetObject> otherset = new_like(so);
    update_internal(otherset.get(), other);
    symmetric_difference_update(otherset.get(), Value(Ref<SetObject>::borrow(so)));
    return otherset;
  }

  static bool issubset(SetObject* so, const Value& other) {
    if (!is_anyset(other)) {
      Ref<SetObject> tmp = intersection(so, other);
      return tmp->used_ == so->used_;
    }
    SetObject* o = other.as<SetObject>();
    if (so->used_ > o->used_) return false;
    Ref<SetObject> keep = Ref<SetObject>::borrow(so);
    for (size_t i = 0; i < so->table_.size(); ++i) {
      const Entry& e = so->table_[i];
      if (!is_active(e)) continue;
      Value key = e.key;
      int64_t hash = e.hash;
      if (!contains_entry(o, key, hash)) return false;
    }
    return true;
  }

  static bool issuperset(SetObject* so, const Value& other) {
    if (is_anyset(other)) return issubset(other.as<SetObject>(), Value(Ref<SetObject>::borrow(so)));
    Value it = get_iter(other);
    for (Value key = next_item(it); !key.is_null(); key = next_item(it))
      if (!contains_entry(so, key, hash_key(key))) return false;
    return true;
  }

  static bool isdisjoint(SetObject* so, const Value& other) {
    if (other.is_obj() && other.as_obj() == so) return so->used_ == 0;
    if (is_anyset(other)) {
      Ref<SetObject> a = Ref<SetObject>::borrow(so), b = Ref<SetObject>::borrow(other.as<SetObject>());
      if (b->used_ > a->used_) std::swap(a, b);
      for (size_t i = 0; i < b->table_.size(); ++i) {
        const Entry& e = b->table_[i];
        if (!is_active(e)) continue;
        Value key = e.key;
        int64_t hash = e.hash;
        if (contains_entry(a.get(), key, hash)) return false;
      }
      return true;
    }
    Value it = get_iter(other);
    for (Value key = next_item(it); !key.is_null(); key = next_item(it))
      if (contains_entry(so, key, hash_key(key))) return false;
    return true;
  }

  static Value pop(SetObject* so) {
    if (so->used_ == 0) raise(exc::KeyError, "pop from an empty set");
    size_t m = mask(so);
    size_t i = static_cast<size_t>(so->finger_) & m;
    while (!is_active(so->table_[i])) {
      ++i;
      if (i > m) i = 0;
    }
    Entry& e = so->table_[i];
    Value key = std::move(e.key);
    e.key = Value::borrow(SetObject::dummy_key());
    e.hash = -1;
    --so->used_;
    so->finger_ = static_cast<int64_t>(i + 1);
    return key;
  }

  // set_swap_bodies (the finger stays with its set, as in CPython).
  static void swap_bodies(SetObject* a, SetObject* b) {
    std::swap(a->fill_, b->fill_);
    std::swap(a->used_, b->used_);
    a->table_.swap(b->table_);
    if (a->type->layout == Layout::FrozenSet && b->type->layout == Layout::FrozenSet) {
      std::swap(a->hash_, b->hash_);
    } else {
      a->hash_ = -1;
      b->hash_ = -1;
    }
  }

  static int64_t cached_hash(const SetObject* so) { return so->hash_; }

  static int64_t hash(const SetObject* so) {
    if (so->hash_ != -1) return so->hash_;
    auto shuffle = [](uint64_t h) { return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL; };
    uint64_t h = 0;
    for (const Entry& e : so->table_) h ^= shuffle(static_cast<uint64_t>(e.hash));
    uint64_t m = so->table_.size() - 1;
    if ((m + 1 - static_cast<uint64_t>(so->fill_)) & 1) h ^= shuffle(0);
    if ((so->fill_ - so->used_) & 1) h ^= shuffle(static_cast<uint64_t>(-1));
    h ^= (static_cast<uint64_t>(so->used_) + 1) * 1927868237ULL;
    h ^= (h >> 11) ^ (h >> 25);
    h = h * 69069U + 907133923ULL;
    if (h == static_cast<uint64_t>(-1)) h = 590923713ULL;
    so->hash_ = static_cast<int64_t>(h);
    return so->hash_;
  }
};

// ---- public table operations ---------------------------------------------------

bool SetObject::contains(const Value& key) const {
  auto* self = const_cast<SetObject*>(this);
  return SetAccess::contains_entry(self, key, hash_key(key));
}

bool SetObject::add(const Value& key) { return SetAccess::add_entry(this, key, hash_key(key)); }

bool SetObject::discard(const Value& key) {
  return SetAccess::discard_entry(this, key, hash_key(key));
}

void SetObject::clear() { SetAccess::clear(this); }

Ref<SetObject> make_set_from(const Value& iterable, bool frozen) {
  if (frozen && iterable.is_obj() && iterable.as_obj()->type == types::frozenset)
    return Ref<SetObject>::borrow(iterable.as<SetObject>());
  Ref<SetObject> s = frozen ? make_frozenset() : make_set();
  SetAccess::update_internal(s.get(), iterable);
  return s;
}

void set_update(SetObject* s, const Value& iterable) { SetAccess::update_internal(s, iterable); }

void set_difference_update(SetObject* s, const Value& iterable) {
  SetAccess::difference_update(s, iterable);
}

void set_symmetric_difference_update(SetObject* s, const Value& iterable) {
  SetAccess::symmetric_difference_update(s, iterable);
}

Ref<SetObject> set_intersection(SetObject* s, const Value& iterable) {
  return SetAccess::intersection(s, iterable);
}

int64_t frozenset_hash(const SetObject* s) { return SetAccess::hash(s); }

// ---- the set and frozenset types ------------------------------------------------

namespace {

using SA = SetAccess;

// The set type a method was registered on, through a template parameter.
template <bool Frozen> const TypeObject* set_type() {
  return Frozen ? types::frozenset : types::set;
}
template <bool Frozen> const char* set_name() { return Frozen ? "frozenset" : "set"; }

template <bool Frozen> SetObject* self_of(const Args& a, std::string_view method) {
  return receiver<SetObject>(a, set_type<Frozen>(), method);
}

// `key in s`, retrying an unhashable set key as a frozenset (as CPython does).
template <class F> auto with_set_key_retry(const Value& key, F&& f) {
  try {
    return f(key);
  } catch (const PyError& e) {
    if (!(key.is_obj() && key.as_obj()->type == types::set) || !isinstance(e.exc, exc::TypeError))
      throw;
  }
  Value frozen(make_set_from(key, true));
  return f(frozen);
}

template <bool Frozen> Value set_new(Args a) {
  const char* name = set_name<Frozen>();
  if (a.nkw() != 0) raise(exc::TypeError, std::string(name) + "() takes no keyword arguments");
  if (a.npos > 2)
    raise(exc::TypeError, std::string(name) + " expected at most 1 argument, got " +
                              std::to_string(a.npos - 1));
  if (a.npos < 2) return Value(Frozen ? make_frozenset() : make_set());
  return Value(make_set_from(a[1], Frozen));
}

template <bool Frozen> Value set_repr(Args a) {
  SetObject* s = self_of<Frozen>(a, "__repr__");
  const std::string& tname = s->type->name;
  ReprGuard guard(s);
  if (guard.recursive()) return str_value(tname + "(...)");
  if (s->size() == 0) return str_value(tname + "()");
  std::vector<Value> keys;
  keys.reserve(static_cast<size_t>(s->size()));
  s->for_each([&](const Value& k) { keys.push_back(k); });
  std::string out = s->type == types::set ? "{" : tname + "({";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i) out += ", ";
    append_repr(out, keys[i]);
  }
  out += s->type == types::set ? "}" : "})";
  return str_value(std::move(out));
}

template <bool Frozen> Value set_len(Args a) {
  SetObject* s = self_of<Frozen>(a, "__len__");
  check_method_no_args(a, std::string(set_name<Frozen>()) + ".__len__");
  return Value::integer(s->size());
}

template <bool Frozen> Value set_contains(Args a) {
  SetObject* s = self_of<Frozen>(a, "__contains__");
  check_method_one_arg(a, std::string(set_name<Frozen>()) + ".__contains__");
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  bool r = with_set_key_retry(a[1], [&](const Value& k) {
    return SA::contains_entry(s, k, hash_key(k));
  });
  return Value::boolean(r);
}

template <bool Frozen> Value set_iter(Args a) {
  SetObject* s = self_of<Frozen>(a, "__iter__");
  return make_set_iterator(Ref<SetObject>::borrow(s));
}

template <bool Frozen> Value set_hash_method(Args a) {
  return Value::integer(SA::hash(self_of<Frozen>(a, "__hash__")));
}

template <bool Frozen> std::string qual(std::string_view method) {
  return std::string(set_name<Frozen>()) + "." + std::string(method);
}

// ---- comparisons

template <bool Frozen, CompareOp Op> Value set_compare(Args a) {
  SetObject* v = self_of<Frozen>(a, compare_method_name(Op));
  check_method_one_arg(a, qual<Frozen>(compare_method_name(Op)));
  const Value& w = a[1];
  if (!SA::is_anyset(w)) return not_implemented();
  Ref<SetObject> keep = Ref<SetObject>::borrow(v);
  Value keep_w = w;
  SetObject* o = w.as<SetObject>();
  switch (Op) {
  case CompareOp::Eq:
  case CompareOp::Ne: {
    bool eq;
    int64_t hv = SA::cached_hash(v), hw = SA::cached_hash(o);
    if (v->size() != o->size())
      eq = false;
    else if (hv != -1 && hw != -1 && hv != hw)
      eq = false;
    else
      eq = SA::issubset(v, w);
    return Value::boolean(Op == CompareOp::Eq ? eq : !eq);
  }
  case CompareOp::Le: return Value::boolean(SA::issubset(v, w));
  case CompareOp::Ge: return Value::boolean(SA::issuperset(v, w));
  case CompareOp::Lt: return Value::boolean(v->size() < o->size() && SA::issubset(v, w));
  case CompareOp::Gt: return Value::boolean(v->size() > o->size() && SA::issuperset(v, w));
  }
  return not_implemented();
}

// ---- operators (both operands must be sets, else NotImplemented)

template <bool Frozen> Value set_or(Args a) {
  SetObject* s = self_of<Frozen>(a, "__or__");
  check_method_one_arg(a, qual<Frozen>("__or__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  Ref<SetObject> result = SA::copy(s);
  if (a[1].as_obj() != s) SA::update_internal(result.get(), a[1]);
  return Value(std::move(result));
}

template <bool Frozen> Value set_and(Args a) {
  SetObject* s = self_of<Frozen>(a, "__and__");
  check_method_one_arg(a, qual<Frozen>("__and__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  return Value(SA::intersection(s, a[1]));
}

template <bool Frozen> Value set_sub(Args a) {
  SetObject* s = self_of<Frozen>(a, "__sub__");
  check_method_one_arg(a, qual<Frozen>("__sub__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  return Value(SA::difference(s, a[1]));
}

template <bool Frozen> Value set_xor(Args a) {
  SetObject* s = self_of<Frozen>(a, "__xor__");
  check_method_one_arg(a, qual<Frozen>("__xor__"));
  if (!SA::is_anyset(a[1])) return not_implemented();
  return Value(SA::symmetric_difference(s, a[1]));
}

Value set_ior(Args a) {
  SetObject* s = self_of<false>(a, "__ior__");
  check_method_one_arg(a, "set.__ior__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  SA::update_internal(s, a[1]);
  return a[0];
}

Value set_iand(Args a) {
  SetObject* s = self_of<false>(a, "__iand__");
  check_method_one_arg(a, "set.__iand__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  Ref<SetObject> tmp = SA::intersection(s, a[1]);
  SA::swap_bodies(s, tmp.get());
  return a[0];
}

Value set_isub(Args a) {
  SetObject* s = self_of<false>(a, "__isub__");
  check_method_one_arg(a, "set.__isub__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  SA::difference_update(s, a[1]);
  return a[0];
}

Value set_ixor(Args a) {
  SetObject* s = self_of<false>(a, "__ixor__");
  check_method_one_arg(a, "set.__ixor__");
  if (!SA::is_anyset(a[1])) return not_implemented();
  SA::symmetric_difference_update(s, a[1]);
  return a[0];
}

// ---- methods

template <bool Frozen> void no_keywords(const Args& a, std::string_view method) {
  if (a.nkw() != 0) raise(exc::TypeError, qual<Frozen>(method) + "() takes no keyword arguments");
}

template <bool Frozen> Value set_copy(Args a) {
  SetObject* s = self_of<Frozen>(a, "copy");
  check_method_no_args(a, qual<Frozen>("copy"));
  if (s->type == types::frozenset) return a[0];
  return Value(SA::copy(s));
}

template <bool Frozen> Value set_union(Args a) {
  SetObject* s = self_of<Frozen>(a, "union");
  no_keywords<Frozen>(a, "union");
  Ref<SetObject> result = SA::copy(s);
  for (size_t i = 1; i < a.npos; ++i) {
    if (a[i].is_obj() && a[i].as_obj() == s) continue;
    SA::update_internal(result.get(), a[i]);
  }
  return Value(std::move(result));
}

Ref<SetObject> intersection_multi(SetObject* s, const Args& a) {
  if (a.npos == 1) return SA::copy(s);
  Ref<SetObject> result = Ref<SetObject>::borrow(s);
  for (size_t i = 1; i < a.npos; ++i) result = SA::intersection(result.get(), a[i]);
  return result;
}

template <bool Frozen> Value set_intersection_method(Args a) {
  SetObject* s = self_of<Frozen>(a, "intersection");
  no_keywords<Frozen>(a, "intersection");
  return Value(intersection_multi(s, a));
}

template <bool Frozen> Value set_difference_method(Args a) {
  SetObject* s = self_of<Frozen>(a, "difference");
  no_keywords<Frozen>(a, "difference");
  if (a.npos == 1) return Value(SA::copy(s));
  Ref<SetObject> result = SA::difference(s, a[1]);
  for (size_t i = 2; i < a.npos; ++i) SA::difference_update(result.get(), a[i]);
  return Value(std::move(result));
}

template <bool Frozen> Value set_symmetric_difference_method(Args a) {
  SetObject* s = self_of<Frozen>(a, "symmetric_difference");
  check_method_one_arg(a, qual<Frozen>("symmetric_difference"));
  return Value(SA::symmetric_difference(s, a[1]));
}

template <bool Frozen> Value set_issubset(Args a) {
  SetObject* s = self_of<Frozen>(a, "issubset");
  check_method_one_arg(a, qual<Frozen>("issubset"));
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  return Value::boolean(SA::issubset(s, a[1]));
}

template <bool Frozen> Value set_issuperset(Args a) {
  SetObject* s = self_of<Frozen>(a, "issuperset");
  check_method_one_arg(a, qual<Frozen>("issuperset"));
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  return Value::boolean(SA::issuperset(s, a[1]));
}

template <bool Frozen> Value set_isdisjoint(Args a) {
  SetObject* s = self_of<Frozen>(a, "isdisjoint");
  check_method_one_arg(a, qual<Frozen>("isdisjoint"));
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  return Value::boolean(SA::isdisjoint(s, a[1]));
}

Value set_add(Args a) {
  SetObject* s = self_of<false>(a, "add");
  check_method_one_arg(a, "set.add");
  SA::add_entry(s, a[1], hash_key(a[1]));
  return Value::none();
}

Value set_remove(Args a) {
  SetObject* s = self_of<false>(a, "remove");
  check_method_one_arg(a, "set.remove");
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  bool found = with_set_key_retry(
      a[1], [&](const Value& k) { return SA::discard_entry(s, k, hash_key(k)); });
  if (!found) raise_key_error(a[1]);
  return Value::none();
}

Value set_discard(Args a) {
  SetObject* s = self_of<false>(a, "discard");
  check_method_one_arg(a, "set.discard");
  Ref<SetObject> keep = Ref<SetObject>::borrow(s);
  with_set_key_retry(a[1], [&](const Value& k) { return SA::discard_entry(s, k, hash_key(k)); });
  return Value::none();
}

Value set_pop(Args a) {
  SetObject* s = self_of<false>(a, "pop");
  check_method_no_args(a, "set.pop");
  return SA::pop(s);
}

Value set_clear(Args a) {
  SetObject* s = self_of<false>(a, "clear");
  check_method_no_args(a, "set.clear");
  SA::clear(s);
  return Value::none();
}

Value set_update_method(Args a) {
  SetObject* s = self_of<false>(a, "update");
  no_keywords<false>(a, "update");
  for (size_t i = 1; i < a.npos; ++i) SA::update_internal(s, a[i]);
  return Value::none();
}

Value set_intersection_update(Args a) {
  SetObject* s = self_of<false>(a, "intersection_update");
  no_keywords<false>(a, "intersection_update");
  Ref<SetObject> tmp = intersection_multi(s, a);
  if (tmp.get() != s) SA::swap_bodies(s, tmp.get());
  return Value::none();
}

Value set_difference_update_method(Args a) {
  SetObject* s = self_of<false>(a, "difference_update");
  no_keywords<false>(a, "difference_update");
  for (size_t i = 1; i < a.npos; ++i) SA::difference_update(s, a[i]);
  return Value::none();
}

Value set_symmetric_difference_update_method(Args a) {
  SetObject* s = self_of<false>(a, "symmetric_difference_update");
  check_method_one_arg(a, "set.symmetric_difference_update");
  SA::symmetric_difference_update(s, a[1]);
  return Value::none();
}

template <bool Frozen> void add_common_methods(TypeObject* t) {
  add_new(t, set_new<Frozen>);
  add_method(t, "__repr__", set_repr<Frozen>);
  add_method(t, "__len__", set_len<Frozen>);
  add_method(t, "__contains__", set_contains<Frozen>);
  add_method(t, "__iter__", set_iter<Frozen>);
  add_method(t, "__eq__", set_compare<Frozen, CompareOp::Eq>);
  add_method(t, "__ne__", set_compare<Frozen, CompareOp::Ne>);
  add_method(t, "__lt__", set_compare<Frozen, CompareOp::Lt>);
  add_method(t, "__le__", set_compare<Frozen, CompareOp::Le>);
  add_method(t, "__gt__", set_compare<Frozen, CompareOp::Gt>);
  add_method(t, "__ge__", set_compare<Frozen, CompareOp::Ge>);
  add_method(t, "__or__", set_or<Frozen>);
  add_method(t, "__and__", set_and<Frozen>);
  add_method(t, "__sub__", set_sub<Frozen>);
  add_method(t, "__xor__", set_xor<Frozen>);
  add_method(t, "copy", set_copy<Frozen>);
  add_method(t, "union", set_union<Frozen>);
  add_method(t, "intersection", set_intersection_method<Frozen>);
  add_method(t, "difference", set_difference_method<Frozen>);
  add_method(t, "symmetric_difference", set_symmetric_difference_method<Frozen>);
  add_method(t, "issubset", set_issubset<Frozen>);
  add_method(t, "issuperset", set_issuperset<Frozen>);
  add_method(t, "isdisjoint", set_isdisjoint<Frozen>);
}

} // namespace

void init_set_types() {
  TypeObject* set = types::set;
  add_common_methods<false>(set);
  add_method(set, "__ior__", set_ior);
  add_method(set, "__iand__", set_iand);
  add_method(set, "__isub__", set_isub);
  add_method(set, "__ixor__", set_ixor);
  add_method(set, "add", set_add);
  add_method(set, "remove", set_remove);
  add_method(set, "discard", set_discard);
  add_method(set, "pop", set_pop);
  add_method(set, "clear", set_clear);
  add_method(set, "update", set_update_method);
  add_method(set, "intersection_update", set_intersection_update);
  add_method(set, "difference_update", set_difference_update_method);
  add_method(set, "symmetric_difference_update", set_symmetric_difference_update_method);
  set->set_attr(names::__hash__, Value::none());

  TypeObject* frozen = types::frozenset;
  add_common_methods<true>(frozen);
  add_method(frozen, "__hash__", set_hash_method<true>);
}

} // namespace refc::lang
