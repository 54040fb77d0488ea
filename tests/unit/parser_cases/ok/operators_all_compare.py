x = a < b > c == d >= e <= f != g in h not in i is j is not k
