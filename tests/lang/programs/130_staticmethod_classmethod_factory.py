# Exercises @staticmethod and @classmethod: alternative constructors, class-level counters, subclass-aware factories.
class Date:
    instances = 0

    def __init__(self, year, month, day):
        if not Date.is_valid(year, month, day):
            raise ValueError(f"invalid date {year}-{month}-{day}")
        self.year, self.month, self.day = year, month, day
        type(self).instances += 1

    @staticmethod
    def is_leap(year):
        return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)

    @staticmethod
    def days_in_month(year, month):
        if month == 2:
            return 29 if Date.is_leap(year) else 28
        return 30 if month in (4, 6, 9, 11) else 31

    @staticmethod
    def is_valid(year, month, day):
        return 1 <= month <= 12 and 1 <= day <= Date.days_in_month(year, month)

    @classmethod
    def from_string(cls, text):
        y, m, d = (int(p) for p in text.split("-"))
        return cls(y, m, d)

    @classmethod
    def count(cls):
        return f"{cls.__name__}: {cls.instances}"

    def __repr__(self):
        return f"{type(self).__name__}({self.year:04d}-{self.month:02d}-{self.day:02d})"


class BusinessDate(Date):
    instances = 0


print(Date.is_leap(2000), Date.is_leap(1900), Date.is_leap(2024), Date.days_in_month(2023, 2))
d1 = Date.from_string("2024-02-29")
d2 = BusinessDate.from_string("2023-12-01")
d3 = Date(1999, 12, 31)
print(d1, d2, d3, type(d2).__name__)
print(Date.count(), BusinessDate.count(), d1.count(), d1.is_leap(2001))
try:
    Date.from_string("2023-02-29")
except ValueError as exc:
    print("ValueError:", exc)
print(Date.count())
print([m for m in range(1, 13) if Date.days_in_month(2024, m) == 31])
print(BusinessDate.is_valid(2023, 4, 31), BusinessDate.from_string("2000-01-01").is_leap(2000))
