[a, b]: int
