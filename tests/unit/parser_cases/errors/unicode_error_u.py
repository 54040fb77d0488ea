x = 'ab\u12'
