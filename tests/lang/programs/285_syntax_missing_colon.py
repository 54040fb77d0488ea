# Exercises a syntax error: an if statement missing its colon (SyntaxError: expected ':').
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0
        return "zero"
    return "positive"


print(classify(5))
