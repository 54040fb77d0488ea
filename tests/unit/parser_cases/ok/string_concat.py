a = 'x' 'y'
b = ('multi'
     'line'
     "concat")
c = 'a' r'\b' "c"
