# Exercises money math with integer cents: compound interest by month, round-half-even via round(), amortization table.
def monthly_interest(balance_cents, annual_rate):
    return round(balance_cents * annual_rate / 12)


def savings(deposit_cents, monthly_add, annual_rate, months):
    balance = deposit_cents
    history = []
    for m in range(1, months + 1):
        interest = monthly_interest(balance, annual_rate)
        balance += interest + monthly_add
        history.append((m, interest, balance))
    return history


def amortize(principal_cents, annual_rate, months):
    r = annual_rate / 12
    payment = round(principal_cents * r / (1 - (1 + r) ** -months))
    rows, balance = [], principal_cents
    for m in range(1, months + 1):
        interest = round(balance * r)
        principal = payment - interest if m < months else balance
        balance -= principal
        rows.append((m, payment if m < months else principal + interest, interest, principal, balance))
    return payment, rows


def cents(n):
    sign = "-" if n < 0 else ""
    return f"{sign}${abs(n) // 100:,}.{abs(n) % 100:02d}"


for m, interest, balance in savings(100_000, 5_000, 0.045, 12)[::3]:
    print(f"month {m:>2}: interest {cents(interest):>8} balance {cents(balance):>11}")
payment, rows = amortize(1_000_000, 0.06, 6)
print("payment", cents(payment))
for m, pay, interest, principal, balance in rows:
    print(f"{m} {cents(pay):>10} {cents(interest):>8} {cents(principal):>10} {cents(balance):>11}")
print(sum(r[2] for r in rows), cents(sum(r[1] for r in rows)), cents(-1234567))
print([round(x) for x in (0.5, 1.5, 2.5, 2.4999, -0.5)], round(12.345 * 100), round(1005 / 10))
