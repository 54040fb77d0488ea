x = 'abc\
def'
y = '''abc\
def'''
