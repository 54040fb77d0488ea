# Exercises a library system: classes, dict-of-sets membership, due dates as ints, fines and sorted reports.
class Book:
    def __init__(self, isbn, title, author, copies=1):
        self.isbn, self.title, self.author = isbn, title, author
        self.copies = copies
        self.borrowers = {}

    @property
    def available(self):
        return self.copies - len(self.borrowers)

    def __repr__(self):
        return f"<{self.title!r} by {self.author}, {self.available}/{self.copies} available>"


class Library:
    LOAN_DAYS = 14
    FINE_PER_DAY = 0.25

    def __init__(self):
        self.books = {}
        self.members = {}

    def add_book(self, book):
        self.books[book.isbn] = book

    def join(self, name):
        self.members.setdefault(name, set())

    def checkout(self, name, isbn, today):
        book = self.books[isbn]
        if name not in self.members:
            return f"{name} is not a member"
        if name in book.borrowers:
            return f"{name} already has {book.title!r}"
        if book.available == 0:
            return f"no copies of {book.title!r} left"
        book.borrowers[name] = today + self.LOAN_DAYS
        self.members[name].add(isbn)
        return f"{name} borrowed {book.title!r}, due day {today + self.LOAN_DAYS}"

    def checkin(self, name, isbn, today):
        book = self.books[isbn]
        due = book.borrowers.pop(name)
        self.members[name].discard(isbn)
        late = max(0, today - due)
        return f"{name} returned {book.title!r}" + (f", fine ${late * self.FINE_PER_DAY:.2f}" if late else "")


lib = Library()
lib.add_book(Book("111", "Dune", "Herbert", 2))
lib.add_book(Book("222", "Emma", "Austen"))
lib.add_book(Book("333", "Ulysses", "Joyce"))
for m in ["ann", "ben", "cat"]:
    lib.join(m)
events = [
    ("out", "ann", "111", 1), ("out", "ben", "111", 2), ("out", "cat", "111", 3),
    ("out", "ann", "111", 3), ("out", "dan", "222", 4), ("out", "cat", "222", 5),
    ("in", "ann", "111", 10), ("in", "cat", "222", 30), ("out", "cat", "111", 31),
]
for kind, name, isbn, day in events:
    fn = lib.checkout if kind == "out" else lib.checkin
    print(f"day {day:>2}: {fn(name, isbn, day)}")
for isbn, book in sorted(lib.books.items(), key=lambda kv: kv[1].title):
    print(isbn, book, sorted(book.borrowers.items()))
print({m: sorted(isbns) for m, isbns in lib.members.items()})
