# Exercises a hand-written CSV parser with quoted fields, type inference and column aggregation.
DATA = '''name,dept,salary,start
"Smith, Jane",Engineering,120000,2019
Bob,Sales,65000,2021
"O""Neil",Engineering,98000.50,2020
Ana,Marketing,,2022
Li,Sales,71000,2018'''


def parse_line(line):
    fields, field, quoted, i = [], "", False, 0
    while i < len(line):
        c = line[i]
        if quoted:
            if c == '"' and i + 1 < len(line) and line[i + 1] == '"':
                field += '"'
                i += 1
            elif c == '"':
                quoted = False
            else:
                field += c
        elif c == '"':
            quoted = True
        elif c == ",":
            fields.append(field)
            field = ""
        else:
            field += c
        i += 1
    fields.append(field)
    return fields


def convert(value):
    if value == "":
        return None
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return value


lines = DATA.splitlines()
header = parse_line(lines[0])
rows = [dict(zip(header, map(convert, parse_line(l)))) for l in lines[1:]]
for r in rows:
    print(r)
by_dept = {}
for r in rows:
    if r["salary"] is not None:
        by_dept.setdefault(r["dept"], []).append(r["salary"])
for dept in sorted(by_dept):
    vals = by_dept[dept]
    print(f"{dept:<12} n={len(vals)} total={sum(vals):>10,.2f} avg={sum(vals) / len(vals):,.1f}")
print([r["name"] for r in sorted(rows, key=lambda r: r["start"])])
print(parse_line('a,"b,c",,"d""e"'), parse_line(""))
