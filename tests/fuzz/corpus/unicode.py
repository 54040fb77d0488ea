# -*- coding: utf-8 -*-
naïve = 'café ☕ 𝄞'
print(naïve, len(naïve), '\N{GREEK SMALL LETTER ALPHA}')
