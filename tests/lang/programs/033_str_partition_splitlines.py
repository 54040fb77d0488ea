# Exercises str.partition and str.splitlines (keepends, mixed line endings) in a header parser.
RAW = "Host: example.com\r\nContent-Type: text/html; charset=utf-8\nX-Empty:\r\nBadHeader\n\nbody line 1\nbody line 2"
head, sep, body = RAW.partition("\n\n")
print(repr(sep), len(head), repr(body))
headers = {}
for line in head.splitlines():
    name, colon, value = line.partition(":")
    if not colon:
        print("skipping malformed:", repr(line))
        continue
    headers[name.strip().lower()] = value.strip()
print(headers)
ctype, _, params = headers["content-type"].partition(";")
print(ctype, params.strip().partition("="))
print("no-sep".partition(":"), "a:b:c".partition(":"), ":lead".partition(":"))
print("line1\nline2\r\nline3\rline4".splitlines())
print("a\nb\n".splitlines(), "a\nb\n".split("\n"), "".splitlines(), "\n".splitlines())
print("x\r\ny\n".splitlines(True), "one".splitlines(keepends=True))
for i, line in enumerate(body.splitlines(), 1):
    print(f"{i:>3}: {line}")
url = "https://user@host:8080/path?q=1"
scheme, _, rest = url.partition("://")
netloc, _, path = rest.partition("/")
userinfo, at, hostport = netloc.partition("@")
host, _, port = hostport.partition(":")
print(scheme, userinfo, host, int(port), "/" + path)
