# Exercises chr/ord arithmetic, modulo wrap-around and string building in Caesar and Vigenere ciphers.
def shift_char(ch, k):
    if "a" <= ch <= "z":
        return chr((ord(ch) - ord("a") + k) % 26 + ord("a"))
    if "A" <= ch <= "Z":
        return chr((ord(ch) - ord("A") + k) % 26 + ord("A"))
    return ch


def caesar(text, k):
    return "".join(shift_char(c, k) for c in text)


def vigenere(text, key, decrypt=False):
    out = []
    i = 0
    for c in text:
        if c.isalpha():
            k = ord(key[i % len(key)].lower()) - ord("a")
            out.append(shift_char(c, -k if decrypt else k))
            i += 1
        else:
            out.append(c)
    return "".join(out)


msg = "Attack at Dawn! Meet at the Zoo, 10pm."
for k in (1, 3, 13, 25, -1, 52):
    enc = caesar(msg, k)
    print(f"{k:>3} {enc} {caesar(enc, -k) == msg}")
secret = vigenere(msg, "Lemon")
print(secret)
print(vigenere(secret, "Lemon", decrypt=True))


def crack(ciphertext):
    best = None
    for k in range(26):
        candidate = caesar(ciphertext, -k)
        score = sum(candidate.lower().count(c) for c in "etaoin")
        if best is None or score > best[0]:
            best = (score, k, candidate)
    return best


print(crack(caesar("the theory of everything is neat", 7)))
print([ord(c) for c in "AZaz09"], "".join(chr(i) for i in range(97, 123, 5)))
