"""The worker baseline's Pyodide worker: one exported function, answered at once."""


def hello():
    return "ready"


__export__ = ["hello"]
