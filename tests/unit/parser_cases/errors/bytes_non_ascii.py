y = b"café"
