# Exercises a tiny {{var}} / {% for %} template engine with string scanning, recursion and dicts.
def lookup(context, path):
    value = context
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part, "")
        else:
            value = getattr(value, part, "")
    return value


def render(template, context):
    out = []
    i = 0
    while i < len(template):
        if template.startswith("{{", i):
            end = template.index("}}", i)
            expr = template[i + 2:end].strip()
            name, _, filt = expr.partition("|")
            value = str(lookup(context, name.strip()))
            if filt.strip() == "upper":
                value = value.upper()
            out.append(value)
            i = end + 2
        elif template.startswith("{% for ", i):
            head_end = template.index("%}", i)
            var, _, seq = template[i + 7:head_end].strip().partition(" in ")
            close = template.index("{% endfor %}", head_end)
            body = template[head_end + 2:close]
            for item in lookup(context, seq.strip()):
                out.append(render(body, dict(context, **{var.strip(): item})))
            i = close + len("{% endfor %}")
        else:
            out.append(template[i])
            i += 1
    return "".join(out)


class User:
    def __init__(self, name, role):
        self.name = name
        self.role = role


ctx = {
    "title": "team report",
    "team": {"name": "core", "size": 3},
    "members": [User("ann", "lead"), User("raj", "dev"), User("zoe", "qa")],
}
page = "== {{ title|upper }} ==\nTeam {{team.name}} ({{ team.size }} people)\n{% for m in members %}- {{ m.name }}: {{m.role|upper}}\n{% endfor %}missing=[{{ nothing }}]"
print(render(page, ctx))
print(render("{% for x in xs %}[{{x}}]{% endfor %}", {"xs": [1, 2, 3]}))
