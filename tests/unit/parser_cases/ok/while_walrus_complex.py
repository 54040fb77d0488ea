while (chunk := f.read(1024)) and len(chunk) > 0:
    process(chunk)
