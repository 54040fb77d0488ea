# Exercises a recursive descent parser/evaluator for arithmetic with precedence, unary minus, parentheses and errors.
class ParseError(Exception):
    pass


class Calculator:
    def __init__(self, text):
        self.tokens = self.tokenize(text)
        self.pos = 0

    @staticmethod
    def tokenize(text):
        tokens, i = [], 0
        while i < len(text):
            ch = text[i]
            if ch in " \t":
                i += 1
            elif ch.isdigit() or ch == ".":
                j = i
                while j < len(text) and (text[j].isdigit() or text[j] == "."):
                    j += 1
                num = text[i:j]
                tokens.append(float(num) if "." in num else int(num))
                i = j
            elif ch in "+-*/%()^":
                tokens.append(ch)
                i += 1
            else:
                raise ParseError(f"unexpected character {ch!r} at {i}")
        return tokens

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self):
        tok = self.peek()
        self.pos += 1
        return tok

    def parse(self):
        value = self.expr()
        if self.peek() is not None:
            raise ParseError(f"trailing token {self.peek()!r}")
        return value

    def expr(self):
        value = self.term()
        while self.peek() in ("+", "-"):
            value = value + self.term() if self.take() == "+" else value - self.term()
        return value

    def term(self):
        value = self.factor()
        while self.peek() in ("*", "/", "%"):
            op = self.take()
            rhs = self.factor()
            value = value * rhs if op == "*" else value / rhs if op == "/" else value % rhs
        return value

    def factor(self):
        base = self.unary()
        if self.peek() == "^":
            self.take()
            return base ** self.factor()
        return base

    def unary(self):
        if self.peek() == "-":
            self.take()
            return -self.unary()
        tok = self.take()
        if tok == "(":
            value = self.expr()
            if self.take() != ")":
                raise ParseError("expected ')'")
            return value
        if isinstance(tok, (int, float)):
            return tok
        raise ParseError(f"unexpected token {tok!r}")


for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4 - 1.5", "17 % 5 * -(3 - 5)",
            "((7))", "1 +", "2 * (3 + 4", "4 $ 4", "1 / 0", "3 4"]:
    try:
        print(f"{src:<20} = {Calculator(src).parse()!r}")
    except ParseError as exc:
        print(f"{src:<20} ! ParseError: {exc}")
    except ZeroDivisionError as exc:
        print(f"{src:<20} ! ZeroDivisionError: {exc}")
