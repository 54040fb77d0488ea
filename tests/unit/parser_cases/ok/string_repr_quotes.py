a = "it's"
b = 'say "hi"'
c = 'both \' and "'
d = '\\'
