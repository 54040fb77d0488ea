x = f"pre {{literal}} post {val} end"
