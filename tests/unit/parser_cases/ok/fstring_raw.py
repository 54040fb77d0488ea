a = rf"\d{x}"
b = fr'{x}\n'
c = Rf"{x}"
d = fR"\t"
