x = 1
y = b"a" "b"
