x = 'ab\U0011FFFF'
