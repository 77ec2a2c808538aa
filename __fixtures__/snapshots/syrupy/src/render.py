def render(name):
    return {"greeting": "hello " + name, "length": len(name)}
