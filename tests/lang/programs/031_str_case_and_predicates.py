# Exercises upper, lower, isdigit, isalpha and character classification in a password checker.
def check_password(pw):
    problems = []
    if len(pw) < 8:
        problems.append("too short")
    if not any(c.isdigit() for c in pw):
        problems.append("no digit")
    if not any(c.isalpha() for c in pw):
        problems.append("no letter")
    if pw.lower() == pw:
        problems.append("no uppercase")
    if pw.upper() == pw:
        problems.append("no lowercase")
    if pw.isalpha() or pw.isdigit():
        problems.append("single class")
    return problems or ["ok"]


for pw in ["abc", "password", "PASSWORD1", "Passw0rd", "12345678", "Mixed Case 99"]:
    print(f"{pw!r:16} {', '.join(check_password(pw))}")

print("Hello World".upper(), "Hello World".lower(), "123".isdigit(), "12.3".isdigit())
print("abc".isalpha(), "ab c".isalpha(), "".isalpha(), "".isdigit(), "x1".isalpha())
print("MiXeD".lower().upper(), "ALREADY".upper(), "42abc".upper())


def snake_to_camel(name):
    parts = name.split("_")
    return parts[0].lower() + "".join(p[:1].upper() + p[1:].lower() for p in parts[1:])


def camel_to_snake(name):
    out = []
    for ch in name:
        if ch.isalpha() and ch.upper() == ch and out:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


for n in ["user_id", "http_response_code", "x", "already_Camel"]:
    print(n, "->", snake_to_camel(n), "->", camel_to_snake(snake_to_camel(n)))
digits = "".join(c for c in "Phone: (555) 123-4567" if c.isdigit())
print(digits, len(digits), int(digits) % 1000)
