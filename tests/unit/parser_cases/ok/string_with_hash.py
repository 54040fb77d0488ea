x = "# not a comment"
y = f"#{z}"
