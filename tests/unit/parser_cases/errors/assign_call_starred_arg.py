print(*a) = 1
