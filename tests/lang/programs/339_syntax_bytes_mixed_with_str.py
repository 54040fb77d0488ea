# adjacent bytes and str literals do not concatenate: CPython's SyntaxError at the token after them
header = b"magic"
version = (b"v" "1")
print(header, version)
