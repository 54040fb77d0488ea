# Exercises a syntax error: positional argument follows keyword argument in a call.
def connect(host, port=80, timeout=5):
    return f"{host}:{port} ({timeout}s)"


print(connect("example.org"))
print(connect(host="example.org", 8080))
