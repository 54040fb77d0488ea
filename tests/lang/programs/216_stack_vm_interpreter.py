# Exercises a tiny stack-based virtual machine: instruction tuples, dispatch dict of lambdas, jumps, calls and tracing.
class VMError(Exception):
    pass


def run(program, trace=False, max_steps=10000):
    stack, frames, pc, steps, output = [], [], 0, 0, []
    binops = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
              "div": lambda a, b: a // b, "lt": lambda a, b: int(a < b), "eq": lambda a, b: int(a == b)}
    while pc < len(program):
        steps += 1
        if steps > max_steps:
            raise VMError("step limit exceeded")
        op, *args = program[pc]
        if trace:
            print(f"  {pc:>2} {op:<6} {args!s:<8} {stack}")
        pc += 1
        if op == "push":
            stack.append(args[0])
        elif op in binops:
            b, a = stack.pop(), stack.pop()
            stack.append(binops[op](a, b))
        elif op == "dup":
            stack.append(stack[-1])
        elif op == "over":
            stack.append(stack[-2])
        elif op == "swap":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif op == "jmp":
            pc = args[0]
        elif op == "jz":
            if stack.pop() == 0:
                pc = args[0]
        elif op == "call":
            frames.append(pc)
            pc = args[0]
        elif op == "ret":
            pc = frames.pop()
        elif op == "print":
            output.append(stack.pop())
        elif op == "halt":
            break
        else:
            raise VMError(f"unknown op {op!r} at {pc - 1}")
    return output, steps


sum_to_n = [("push", 0), ("push", 10),
            ("dup",), ("jz", 11),
            ("swap",), ("over",), ("add",), ("swap",),
            ("push", 1), ("sub",), ("jmp", 2),
            ("swap",), ("print",), ("halt",)]
countdown = [("push", 3), ("dup",), ("print",), ("push", 1), ("sub",), ("dup",), ("jz", 8), ("jmp", 1), ("halt",)]
print(run(countdown))
print(run(sum_to_n))
print(run([("push", 6), ("push", 7), ("mul",), ("push", 2), ("div",), ("print",)], trace=True))
square_sub = [("push", 9), ("call", 4), ("print",), ("halt",), ("dup",), ("mul",), ("ret",)]
print(run(square_sub))
for bad in ([("push", 1), ("frob",)], [("jmp", 0)]):
    try:
        run(bad, max_steps=50)
    except VMError as exc:
        print("VMError:", exc)
