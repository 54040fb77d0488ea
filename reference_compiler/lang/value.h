// Value: the interpreter's tagged immediate, 16 bytes. None, bools, ints and
// floats live inside the Value and need no allocation; everything else is an
// owned reference to an Object. Null is "no value" (an unbound local, an empty
// slot, "not found") and is never visible to programs.
#pragma once

#include "reference_compiler/lang/object.h"

#include <cstdint>
#include <cstring>

namespace refc::lang {

enum class Tag : uint8_t { Null, None, Bool, Int, Float, Obj };

class Value {
public:
  Value() noexcept : tag_(Tag::Null) { bits_.i = 0; }
  static Value none() { return Value(Tag::None, 0); }
  static Value boolean(bool b) { return Value(Tag::Bool, b ? 1 : 0); }
  static Value integer(int64_t i) { return Value(Tag::Int, i); }
  static Value floating(double d) {
    Value v(Tag::Float, 0);
    v.bits_.f = d;
    return v;
  }
  // Adds a reference to `o` (null gives Null).
  static Value borrow(Object* o) {
    if (!o) return Value();
    incref(o);
    return steal(o);
  }
  // Adopts a reference the caller owns (null gives Null).
  static Value steal(Object* o) {
    Value v;
    if (o) {
      v.tag_ = Tag::Obj;
      v.bits_.o = o;
    }
    return v;
  }
  template <class T> Value(const Ref<T>& r) : Value(borrow(r.get())) {}
  template <class T> Value(Ref<T>&& r) : Value(steal(r.release())) {}

  Value(const Value& o) noexcept : tag_(o.tag_), bits_(o.bits_) {
    if (tag_ == Tag::Obj) incref(bits_.o);
  }
  Value(Value&& o) noexcept : tag_(o.tag_), bits_(o.bits_) { o.tag_ = Tag::Null; }
  Value& operator=(const Value& o) noexcept {
    Value tmp(o);
    swap(tmp);
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    Value tmp(std::move(o));
    swap(tmp);
    return *this;
  }
  ~Value() {
    if (tag_ == Tag::Obj) decref(bits_.o);
  }
  void swap(Value& o) noexcept {
    std::swap(tag_, o.tag_);
    std::swap(bits_, o.bits_);
  }

  Tag tag() const { return tag_; }
  bool is_null() const { return tag_ == Tag::Null; }
  bool is_none() const { return tag_ == Tag::None; }
  bool is_bool() const { return tag_ == Tag::Bool; }
  bool is_int() const { return tag_ == Tag::Int; }
  // True for int and bool (bool is a subclass of int).
  bool is_intlike() const { return tag_ == Tag::Int || tag_ == Tag::Bool; }
  bool is_float() const { return tag_ == Tag::Float; }
  bool is_obj() const { return tag_ == Tag::Obj; }

  int64_t as_int() const { return bits_.i; } // valid for Int and Bool
  bool as_bool() const { return bits_.i != 0; }
  double as_float() const { return bits_.f; }
  Object* as_obj() const { return bits_.o; }
  // The object pointer cast to T; caller has checked the type.
  template <class T> T* as() const { return static_cast<T*>(bits_.o); }

  // The value's Python type (never null).
  TypeObject* type() const;

  // Python `is`: same immediate or same object.
  bool is(const Value& o) const {
    return tag_ == o.tag_ && std::memcmp(&bits_, &o.bits_, sizeof bits_) == 0;
  }

  // Gives up ownership of the object without decrementing (Obj only).
  Object* release_obj() {
    tag_ = Tag::Null;
    return bits_.o;
  }

private:
  Value(Tag t, int64_t i) : tag_(t) { bits_.i = i; }
  Tag tag_;
  union {
    int64_t i;
    double f;
    Object* o;
  } bits_;
};

} // namespace refc::lang
