# Exercises an uncaught IndexError from list.pop() on an empty stack in an RPN evaluator.
def rpn(expression):
    stack = []
    for token in expression.split():
        if token in "+-*":
            b = stack.pop()
            a = stack.pop()
            stack.append(a + b if token == "+" else a - b if token == "-" else a * b)
        else:
            stack.append(int(token))
    return stack.pop()


print(rpn("2 3 + 4 *"))
print(rpn("5 1 2 + 4 * + 3 -"))
print(rpn("1 +"))
