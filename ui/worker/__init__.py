"""The game's side of the page, run in the Pyodide worker: pure Python, no browser modules, so
all of it is tested under CPython.  ``__main__.py`` is the worker's script (index.html's src);
every other module here goes into ``python.zip``.
"""
