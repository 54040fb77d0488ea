# Exercises comments in odd places, varied indentation widths, pass, and nested blocks.
# A module-level comment.

def classify(n):  # trailing comment on a def
        # this block is indented with eight spaces
        if n < 0:
                return "negative"
        elif n == 0:
            # a deeper comment with a different inner width
            return "zero"
        else:
          return "positive"


class Empty:
    pass


class Documented:
    """A docstring is just an expression statement."""

    # comment between members

    def method(self):
        pass  # nothing to do


def loop_demo():
    for i in range(3):
        if i == 1:
            pass
        else:
            print("i =", i)   # print inside nested block
    # comment at the end of a function body
    return "done"


print(classify(-5), classify(0), classify(9))
print(type(Empty()).__name__, Documented.__doc__)
print(Documented().method())
print(loop_demo())
x = 1
if x:
 print("one-space indent works")
while x < 4:
	x += 1  # a tab-indented line
print(x)
# final comment without newline after it