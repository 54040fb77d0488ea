# Exercises str.join and string slicing (steps, negative indices, reversal) in text utilities.
word = "programming"
print(word[0], word[-1], word[3:7], word[:4], word[7:], word[-4:], word[:-4])
print(word[::2], word[1::2], word[::-1], word[-1:-5:-1], word[8:2:-2], word[100:], word[-100:3])
print(",".join(["a", "b", "c"]), "".join(reversed(word)), " | ".join(str(n) for n in range(5)))
print("-".join("abc"), ", ".join([]), "x".join(["only"]))


def is_palindrome(s):
    letters = "".join(c.lower() for c in s if c.isalpha())
    return letters == letters[::-1]


def rotate(s, k):
    if not s:
        return s
    k %= len(s)
    return s[k:] + s[:k]


def chunks(s, n):
    return [s[i:i + n] for i in range(0, len(s), n)]


for phrase in ["A man, a plan, a canal: Panama", "Hello", "Was it a car or a cat I saw"]:
    print(is_palindrome(phrase), phrase)
print([rotate("abcdef", k) for k in (0, 1, -1, 8)])
print(chunks("abcdefghij", 3), chunks("", 2))
card = "4111111111111111"
print(" ".join(chunks(card, 4)), "*" * 12 + card[-4:])
initials = "".join(part[0].upper() + "." for part in "grace brewster murray hopper".split())
print(initials)
