x.match
x.case
x.type
