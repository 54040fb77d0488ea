# Exercises an uncaught user-defined exception subclass with a formatted message raised from a method.
class BankError(Exception):
    pass


class InsufficientFunds(BankError):
    pass


class Account:
    def __init__(self, owner, balance):
        self.owner = owner
        self.balance = balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"balance {self.balance} < {amount}")
        self.balance -= amount
        print(f"{self.owner} withdrew {amount}, balance {self.balance}")


acct = Account("ann", 150)
acct.withdraw(60)
acct.withdraw(40)
acct.withdraw(100)
