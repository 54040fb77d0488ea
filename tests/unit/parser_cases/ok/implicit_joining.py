x = (1 +
     2)
y = [
    1,
    2,
]
z = {
    "a": 1,

    # comment
    "b": 2,
}
f(a,
  b)
