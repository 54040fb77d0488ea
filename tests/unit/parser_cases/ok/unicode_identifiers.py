café = 1
π = 3.14
变量 = "x"
print(café, π, 变量)
