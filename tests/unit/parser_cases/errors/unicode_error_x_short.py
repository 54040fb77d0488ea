x = 'ab\x4'
