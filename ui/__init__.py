"""The TWEAK! page's Python side.

* ``ui.session`` — the controller: seats, the game record and state, who acts now, hot-seat
  pass screens, stepping computer seats, autosave text.  Pure Python, no browser imports.
* ``ui.render`` — pure functions from what the session shows (a ``Screen``) to HTML strings.
* ``ui.start`` — the start screen's pieces and the address hooks: all the page needs before
  it says it is ready (the table's modules load afterwards).
* ``ui.cards`` — the HTML of single cards (number cards, backs, the target, [T!] cards);
  ``ui.markup`` — escaping and attributes.
* ``ui.rules_page`` — the in-app "How to play" page.
* ``ui.main`` — the only module that imports ``pyscript``/``js``: wires the page to the above.
"""
