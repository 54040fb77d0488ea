# Exercises a syntax error: an unterminated single-quoted string literal on line 4.
greeting = "hello"
name = 'world'
message = greeting + ", " + name + "!
print(message)
