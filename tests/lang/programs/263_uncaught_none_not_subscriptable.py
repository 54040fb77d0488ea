# Exercises an uncaught TypeError: 'NoneType' object is not subscriptable from using a function that returns None.
def find_user(users, name):
    for user in users:
        if user["name"] == name:
            return user


users = [{"name": "ann", "roles": ["admin"]}, {"name": "bo", "roles": []}]
print(find_user(users, "ann")["roles"])
print(find_user(users, "cy")["roles"])
