# comment

x = 1  # trailing


    # indented comment
y = 2
# end
