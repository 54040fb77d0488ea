a = f"{'inner'}"
b = f'{"inner"}'
c = f"{x['k']!r}"
d = f'''{f"{x}"}'''
