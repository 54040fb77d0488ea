a = r'\n\t'
b = R"\d+"
c = r'''raw
triple\n'''
d = r'\''
