try:
    x()
except:
    pass
