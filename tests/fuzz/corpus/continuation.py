x = [
    1,  # comment
    2,
]
y = {
    'a': 1,
}
z = 1 + \
    2
