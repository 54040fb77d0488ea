// SetObject (set and frozenset): a port of CPython 3.11's setobject.c table —
// LINEAR_PROBES = 9, PERTURB_SHIFT = 5, dummy entries for deleted keys reused
// by the last dummy seen on an insert's probe path, growth when fill*5 >=
// mask*3 to used*4 (used*2 above 50000), the merge/update/intersection/
// difference algorithms with their fast paths — so iteration order, and with
// it printed output, matches CPython's whenever the hashes do. The set and
// frozenset types' methods are in set_type.cpp.
#include "reference_compiler/lang/set_object.h"

#include "reference_compiler/lang/container_support.h"
#include "reference_compiler/lang/dict_object.h"
#include "reference_compiler/lang/errors.h"
#include "reference_compiler/lang/iterators.h"
#include "reference_compiler/lang/set_access.h"

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

SetObject::SetObject(TypeObject* type) : TrackedObject(type), table_(kMinSize, Entry{0, Value()}) {}

void SetObject::traverse(ReferenceVisitor& visit) {
  for (const Entry& e : table_) visit(e.key);
}
void SetObject::clear_references() {
  std::vector<Entry> dropped(kMinSize, Entry{0, Value()});
  dropped.swap(table_);
  used_ = fill_ = finger_ = 0;
  hash_ = -1;
}

Ref<SetObject> make_set() { return make<SetObject>(types::set); }
Ref<SetObject> make_frozenset() { return make<SetObject>(types::frozenset); }

bool SetAccess::entry_matches(SetObject* so, size_t j, const Value& key, bool& restart) {
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

size_t SetAccess::lookkey(SetObject* so, const Value& key, int64_t hash) {
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

void SetAccess::insert_clean(std::vector<Entry>& table, const Value& key, int64_t hash) {
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

void SetAccess::table_resize(SetObject* so, int64_t minused) {
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

bool SetAccess::add_entry(SetObject* so, const Value& key, int64_t hash) {
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

bool SetAccess::discard_entry(SetObject* so, const Value& key, int64_t hash) {
  size_t j = lookkey(so, key, hash);
  Entry& e = so->table_[j];
  if (e.key.is_null()) return false;
  Value old = std::move(e.key);
  e.key = Value::borrow(SetObject::dummy_key());
  e.hash = -1;
  --so->used_;
  return true;
}

void SetAccess::clear(SetObject* so) {
  std::vector<Entry> old(kMinSize, Entry{0, Value()});
  old.swap(so->table_);
  so->fill_ = 0;
  so->used_ = 0;
  so->hash_ = -1;
  // `old` releases the keys after the set is consistent.
}

void SetAccess::merge(SetObject* so, SetObject* other) {
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

void SetAccess::update_internal(SetObject* so, const Value& other) {
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

bool SetAccess::is_anyset(const Value& v) {
  if (!v.is_obj()) return false;
  Layout l = v.as_obj()->type->layout;
  return l == Layout::Set || l == Layout::FrozenSet;
}

Ref<SetObject> SetAccess::copy(SetObject* so) {
  Ref<SetObject> result = new_like(so);
  merge(result.get(), so);
  return result;
}

template <typename Visit> bool SetAccess::for_each_common(SetObject* x, SetObject* y, Visit visit) {
  // Both held: user __eq__ may drop the last other reference to either.
  Ref<SetObject> a = Ref<SetObject>::borrow(x), b = Ref<SetObject>::borrow(y);
  if (b->used_ > a->used_) std::swap(a, b);
  // Iterate the smaller set b, probing the larger a.
  for (size_t i = 0; i < b->table_.size(); ++i) {
    const Entry& e = b->table_[i];
    if (!is_active(e)) continue;
    Value key = e.key;
    int64_t hash = e.hash;
    if (contains_entry(a.get(), key, hash) && !visit(key, hash)) return false;
  }
  return true;
}

Ref<SetObject> SetAccess::intersection(SetObject* so, const Value& other) {
  if (other.is_obj() && other.as_obj() == so) return copy(so);
  Ref<SetObject> result = new_like(so);
  Ref<SetObject> keep_so = Ref<SetObject>::borrow(so);
  if (is_anyset(other)) {
    for_each_common(so, other.as<SetObject>(), [&](const Value& key, int64_t hash) {
      add_entry(result.get(), key, hash);
      return true;
    });
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

void SetAccess::difference_update(SetObject* so, const Value& other_value) {
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

Ref<SetObject> SetAccess::copy_and_difference(SetObject* so, const Value& other) {
  Ref<SetObject> result = copy(so);
  difference_update(result.get(), other);
  return result;
}

Ref<SetObject> SetAccess::difference(SetObject* so, const Value& other) {
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

void SetAccess::symmetric_difference_update(SetObject* so, const Value& other) {
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

Ref<SetObject> SetAccess::symmetric_difference(SetObject* so, const Value& other) {
  Ref<SetObject> otherset = new_like(so);
  update_internal(otherset.get(), other);
  symmetric_difference_update(otherset.get(), Value(Ref<SetObject>::borrow(so)));
  return otherset;
}

bool SetAccess::issubset(SetObject* so, const Value& other) {
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

bool SetAccess::issuperset(SetObject* so, const Value& other) {
  if (is_anyset(other)) return issubset(other.as<SetObject>(), Value(Ref<SetObject>::borrow(so)));
  Value it = get_iter(other);
  for (Value key = next_item(it); !key.is_null(); key = next_item(it))
    if (!contains_entry(so, key, hash_key(key))) return false;
  return true;
}

bool SetAccess::isdisjoint(SetObject* so, const Value& other) {
  if (other.is_obj() && other.as_obj() == so) return so->used_ == 0;
  if (is_anyset(other))
    return for_each_common(so, other.as<SetObject>(), [](const Value&, int64_t) { return false; });
  Value it = get_iter(other);
  for (Value key = next_item(it); !key.is_null(); key = next_item(it))
    if (contains_entry(so, key, hash_key(key))) return false;
  return true;
}

Value SetAccess::pop(SetObject* so) {
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

void SetAccess::swap_bodies(SetObject* a, SetObject* b) {
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

int64_t SetAccess::hash(const SetObject* so) {
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

} // namespace refc::lang
