// Object: the header every heap value of the interpreter starts with, and Ref<T>,
// the owning smart pointer to one. Reference counting is intrusive; objects whose
// count is "immortal" (types, interned strings, singletons) never die, so the hot
// paths can touch them without bookkeeping worries.
#pragma once

#include <cstdint>
#include <utility>

namespace refc::lang {

struct Dict;
struct TypeObject;

struct Object {
  static constexpr uint32_t kImmortal = 1u << 30;

  explicit Object(TypeObject* type) : type(type) {}
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  virtual ~Object() = default;

  uint32_t refcnt = 1;
  uint32_t flags = 0; // free for the concrete type's use (e.g. Str: interned), but
                      // bit 31: the cycle collector's TrackedObject::kTracked
  TypeObject* type; // types are never freed, so this is not counted

  void make_immortal() { refcnt = kImmortal; }

  // The attribute dict of a native object that lets programs set attributes
  // on it (a tensor's `t.name = ...`); null when it has none. With `create`,
  // an object that supports one makes it on first use.
  virtual Dict* attribute_dict(bool create) {
    (void)create;
    return nullptr;
  }
};

// Frees an object whose count dropped to zero. Nested releases are queued rather
// than recursed into, so dropping a million-deep linked list cannot overflow the
// C++ stack.
void destroy_object(Object* o);
// True while destroy_object frees objects: some may wait in its queue with a
// count of zero, so the cycle collector must not run.
bool destruction_in_progress();

inline void incref(Object* o) { ++o->refcnt; }
inline void decref(Object* o) {
  if (--o->refcnt == 0) destroy_object(o);
}

// An owning pointer to an Object subclass. Ref<T>() is null.
template <class T> class Ref {
public:
  Ref() = default;
  Ref(std::nullptr_t) {}
  // Adopts one reference the caller already owns (e.g. a fresh `new T`).
  static Ref steal(T* p) {
    Ref r;
    r.p_ = p;
    return r;
  }
  // Adds a reference.
  static Ref borrow(T* p) {
    if (p) incref(p);
    return steal(p);
  }
  Ref(const Ref& o) : p_(o.p_) {
    if (p_) incref(p_);
  }
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  template <class U> Ref(const Ref<U>& o) : p_(o.get()) {
    if (p_) incref(p_);
  }
  template <class U> Ref(Ref<U>&& o) noexcept : p_(o.release()) {}
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  ~Ref() {
    if (p_) decref(p_);
  }

  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  // Gives up ownership without decrementing.
  T* release() { return std::exchange(p_, nullptr); }

private:
  T* p_ = nullptr;
};

// Allocates a T (constructor arguments forwarded) and returns the owning Ref.
template <class T, class... A> Ref<T> make(A&&... args) {
  return Ref<T>::steal(new T(std::forward<A>(args)...));
}

} // namespace refc::lang
