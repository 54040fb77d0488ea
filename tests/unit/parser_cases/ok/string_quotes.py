a = 'single'
b = "double"
c = '''triple
single'''
d = """triple
double"""
e = ''
f = ""
