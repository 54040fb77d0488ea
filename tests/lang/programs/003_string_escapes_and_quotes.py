# Exercises string literal quoting styles and escape sequences, printed both raw and via repr.
single = 'it\'s'
double = "say \"hi\""
mixed = "it's"
mixed2 = 'say "hi"'
tabbed = "a\tb\tc"
newline = "line1\nline2"
backslash = "C:\\temp\\new"
hex_escape = "\x41\x42\x43"
octal_escape = "\101\102\103"
unicode_escape = "caf\u00e9"
bell_like = "x\x07y"
empty1 = ''
empty2 = ""

for s in (single, double, mixed, mixed2, tabbed, newline, backslash,
          hex_escape, octal_escape, unicode_escape, bell_like, empty1, empty2):
    print(repr(s), len(s))

print(single)
print(double)
print(tabbed)
print(newline)
print(backslash)
print(hex_escape, octal_escape, unicode_escape)
print("both ' and \" quotes", repr("both ' and \" quotes"))
print("carriage\\r shown escaped:", repr("a\rb"))
print("line continues \
here")
print(repr("\0"), len("\0"), ord("\0"))
print(repr('\\'), repr("\\n"), len("\\n"))
print(ord("\n"), ord("\t"), ord("\\"), chr(65) == "\x41")
