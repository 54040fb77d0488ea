f'{x'
f'{}'
f'{x!z}'
f'}'
