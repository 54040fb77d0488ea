a = '\n\t\\\'\"\r\a\b\f\v'
b = '\x41\x7f\x00'
c = '\u00e9\u4e2d\U0001F600'
d = '\101\7\77\0'
e = 'line\
continued'
f = '\d\q'
g = '\ud800'
