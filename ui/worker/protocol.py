"""The page protocol: every name the two threads share, defined once.

The main thread (ui/main_thread/page.py) calls the worker's ``VERBS`` with text arguments and
gets back a reply: a JSON object whose keys are ``REPLY_KEYS``.  A clicked ``data-action`` is
a move in notation (sent with ``act``); a clicked ``data-ui`` is a command: the main thread
carries out ``PAGE_COMMANDS`` itself (it may then call a verb) and sends every other command,
``WORKER_COMMANDS``, to the worker's ``command``.  ``STORAGE`` names the ``localStorage`` keys
(the worker says what to store, the page stores); ``PACES`` the pace of computer moves;
``NAME_LENGTH`` and its kin the lengths both threads cut or check.
MicroPython cannot import this module: page.py keeps copies of the names it uses, and
tests/ui/test_protocol.py checks them against this module.  docs/architecture.md tells the
flow of one move through these names.
"""

from __future__ import annotations

__all__ = ["VERSION", "VERBS", "REPLY_KEYS", "PAGE_COMMANDS", "WORKER_COMMANDS", "STORAGE",
           "PEER_VERSION", "MAX_TO_HOST", "MAX_TO_GUEST", "PEER_MESSAGES", "TO_HOST", "TO_GUEST",
           "REFUSALS", "NAME_LENGTH", "TABLE_ID_LENGTH", "SECRET_LENGTH",
           "TABLE_KEY", "SEAT_KEY",
           "SAVE_KEY", "PREVIOUS_KEY", "BROKEN_KEY", "LAST_KEY", "LAST_BROKEN_KEY", "DAILY_KEY",
           "DAILY_BROKEN_KEY",
           "STATS_KEY", "STATS_BROKEN_KEY", "SAVE_KEYS", "STORED_KEYS", "PACES", "DEFAULT_PACE",
           "command_name"]

VERSION = 1

# The worker's verbs and their arguments, in order: each a text (JSON where it says so), and
# an argument left out is None.
VERBS = {
    "hello": ("query", "fragment", "saves", "pace", "playing", "languages"),
    "language": ("lang", "saves", "showing"),
    "start": ("saves",),
    "deal": ("fields", "saves"),
    "resume": ("key", "saves"),
    "open_link": ("fragment", "saves"),
    "daily": ("day", "saves"),
    "rematch": ("saves",),
    "review_last": ("saves",),
    "act": ("action", "stats"),
    "command": ("text",),
    "bot_move": ("stats",),
    "screen": (),
    "rules": (),
    "link": (),
    "statistics": ("stats", "step"),
    "export_stats": ("stats",),
    "import_stats": ("text", "stats"),
    "peer": ("source", "event", "text", "stats"),  # from another device (PEER_MESSAGES)
    "memory": (),  # the worker's memory figures, for tests/bench/soak_page.py
}
# What the arguments are (the worker decodes them; any other is plain text).
ARGUMENTS = {
    "saves": "JSON {storage key: text or null} of the keys in STORED_KEYS",
    "fields": "JSON {field: value} of the start form (ui.worker.seats.parse_setup)",
    "languages": 'JSON {"stored": the language the player picked or null, "browser": [...]}',
    "playing": 'the storage key of the game this tab showed before a reload, or "no"',
    "pace": "the pace last chosen (a key of PACES)",
    "stats": "the stored statistics text (STATS_KEY), counted into when a game ends",
    "source": 'where a peer event comes from: a seat number ("1") on the host, "host" on a '
              'guest',
    "event": '"open" (the channel is up: on a guest, text is JSON {"name", "secret", '
             '"table", "seat"} of ui/main_thread/join.js), "message" or "closed"',
}

# What a reply may hold; the main thread does what each key says and nothing else.
REPLY_KEYS = {
    "screen": 'what to show: "start", "table", "pass", "scores", "over", "review", "rules", '
              '"stats"',
    "html": "the screen's markup, for #game (or the rules and statistics overlay)",
    "saves": "the start screen's saved games: a Resume button per readable save, then the "
             "Review last game button",
    "notice": "the start screen's notice, shown once: why a link, an address hook or a stored "
              "text could not be used, and what was set aside",
    "daily": "the start screen's Daily deal section: today's deal, its progress or result, "
             "the streak",
    "levels": 'the options of a seat\'s select, by what it says now ("human" or "bot")',
    "lang": "the language the worker speaks now: <html lang> and the static words follow",
    "sound": "the Sound button and its panel (hello only)",
    "bot": "a computer moves next: the page waits its pace, then calls bot_move",
    "store": "{storage key: text or null} to write into localStorage (null removes the key)",
    "pace": "the pace of computer moves in force (a key of PACES)",
    "slot": "the storage key the game on screen is kept under (SAVE_KEY, DAILY_KEY or "
            "LAST_KEY): a reload of the tab resumes it (tweak.playing)",
    "flash": "the last move's celebration", "flash_big": "it is the big TWEAK! burst",
    "sounds": "names of the sounds the move and the turn deserve (ui.worker.cues.SOUNDS)",
    "speech": '{"text", "lang", "kind": "sum" or "prompt"}: words to say aloud',
    "announce": "sentences for the live region: the moves since the last reply, the prompt",
    "focus": "a selector of the control a person is likely to use next",
    "turn": "a person's turn has just begun (the page moves focus)",
    "motion": "how the move's cards travel (ui.worker.screens.motion.motion_of)",
    "fragment": "the game's link fragment (link)",
    "download": '{"name", "text"}: a file to save (export_stats)',
    "error": "a sentence for the player: the call could not be answered",
    "send": "{source: [texts]}: messages for other devices (PEER_MESSAGES), sent at once",
    "peers": 'the host\'s invitations: JSON {"table", "host", "seats": [{"seat", "name", '
             '"here"}]} for tweakPeers.host (ui/main_thread/peers.js; "here": the game has '
             'given that seat to the device on its channel); {"seats": []} ends them',
    "joined": "a guest's game has come from the host: the join screen gives way to it",
    "part": "{source: sentence}: channels to close once what was sent on them has left: on "
            "the host, a device turned away from a seat (its invitation is made anew); on a "
            "guest, the host's, the sentence saying on the join screen why",
}

# Commands the main thread carries out (it may then call a verb): name -> what it does.
PAGE_COMMANDS = {
    "deal": "deal a game from the start form", "resume": "resume:KEY, a saved game",
    "review-last": "the last finished game's review", "daily": "daily or daily:DAY",
    "share-daily": "share a daily result", "rules": "the How to play page",
    "close-rules": "close it", "take-over": "play here the game another tab plays",
    "quit": "to the start screen", "new-game": "to the start screen",
    "rematch": "the same seats, a new deal", "copy-link": "copy the game's link",
    "stats": "the statistics", "stats-reset": "ask to reset them",
    "stats-reset-confirm": "reset them", "stats-export": "save them as a file",
    "sound-menu": "open the Sound panel", "sound-mute": "mute or unmute",
    "dismiss": "close a notice (the worker's, at the table)",
}
# Commands the worker's ``command`` verb takes (``name`` or ``name:argument``).
WORKER_COMMANDS = {
    "hand": "hand:CARD, select a hand card", "table": "table:CARD, select a table card",
    "clear": "clear the selection", "flow": "flow:thief or flow:joker, open a chooser",
    "reveal": "show the hand after a pass screen", "next-round": "after a score sheet",
    "pace": "pace:NAME, the pace of computer moves", "dismiss": "close the notice",
    "hint": "the coach's hint", "sums": "show every capture's sum",
    "hints": "hints on or off (between people)", "take-back": "undo the last move",
    "review": "review, review:close, review:CMD (ui.worker.review.Review.go)",
    "start-game": "the lobby's Start: play with the seats as they are",
    "seat-computer": "seat-computer:N, a computer takes seat N for good (in the lobby)",
    "stand-in": "stand-in:N, a computer plays seat N while its person is away, or stops",
    "away": "fold or unfold the host's banner of the seats away",
}

# localStorage keys.
SAVE_KEY = "tweak.save"  # the game in progress (its record), after every move; emptied at its end
PREVIOUS_KEY = "tweak.save.previous"  # the game a link or a new deal replaced
BROKEN_KEY = "tweak.save.broken"  # a save that could not be read (nothing is deleted)
LAST_KEY = "tweak.last"  # the record of the last game played to its end
LAST_BROKEN_KEY = "tweak.last.broken"  # a last game that could not be read
DAILY_KEY = "tweak.daily"  # this device's daily deal: the game, then only its result
DAILY_BROKEN_KEY = "tweak.daily.broken"  # a daily-deal status that could not be read
STATS_KEY = "tweak.stats"  # statistics (ui.worker.stats)
STATS_BROKEN_KEY = "tweak.stats.broken"  # statistics that could not be read
TABLE_KEY = "tweak.table"  # the host's table: its id and each remote seat's secret
SEAT_KEY = "tweak.seat"  # a guest's seat at another device's table
STORAGE = {
    SAVE_KEY: "worker", TABLE_KEY: "worker", PREVIOUS_KEY: "worker", BROKEN_KEY: "worker", LAST_KEY: "worker",
    LAST_BROKEN_KEY: "worker", DAILY_KEY: "worker", DAILY_BROKEN_KEY: "worker", STATS_KEY: "worker",
    STATS_BROKEN_KEY: "worker",
    # The page's own: the pace chosen, the language picked (ui/main_thread/lang.js), the tab
    # that plays the saved game, and the sound and speech settings (ui/main_thread/sound.js).
    "tweak.pace": "page", "tweak.lang": "page", "tweak.owner": "page",
    "tweak.sound": "page", "tweak.speech": "page", "tweak.speech.turn": "page",
    # ui/main_thread/link.js's and join.js's: the STUN server named for play across networks (none by
    # default), the name a guest typed, and the seat a guest holds ({"table", "seat",
    # "secret"}: the secret lets that device, and only it, take the seat back).
    "tweak.stun": "page", "tweak.name": "page", SEAT_KEY: "worker",
    # sessionStorage: the key of the game this tab shows (a reload resumes it).
    "tweak.playing": "tab",
}
SAVE_KEYS = (SAVE_KEY, PREVIOUS_KEY)
# What a ``saves`` argument may hold: the saves, the daily deal, the statistics (the start
# screen shows the streak) and the last finished game.
STORED_KEYS = SAVE_KEYS + (DAILY_KEY, STATS_KEY, LAST_KEY, TABLE_KEY)

# Seconds from a computer's turn to its move on screen, thinking included; tweak.bots budgets
# its thinking by the same names.
PACES = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
DEFAULT_PACE = "normal"

# Lengths in characters (code points: Python's len, JavaScript's [...text].length) that both
# threads cut or check.  ui/main_thread/signal.js keeps the main thread's copy (LIMITS, and
# cleanName: whitespace collapsed as " ".join(text.split()) does, then cut);
# tests/ui/test_limits.py checks the two agree.
NAME_LENGTH = 16  # a player's name (a seat's, a guest's, the host's in an invitation)
TABLE_ID_LENGTH = 16  # a table's id, in invite and reply links and a guest's "open" event
SECRET_LENGTH = 64  # the secret a host gives the device that takes a seat (to take it back)

# Messages between devices, one text each on a data channel: a JSON object
# {"v": PEER_VERSION, "t": type, field: value...} (ui.worker.peer_messages reads and writes them).
# Both ends treat what arrives as untrusted: at most MAX_TO_HOST characters from a guest (its
# messages are short) and MAX_TO_GUEST from the host (a view with a long game's score sheets),
# exactly these fields, each of its kind, or it is dropped.
PEER_VERSION = 1
MAX_TO_HOST = 1024
MAX_TO_GUEST = 65536
PEER_MESSAGES = {
    # A guest's device to the host's.
    "hello": {"name": "text", "secret": "text"},  # take the seat (back): a name, its secret
    "act": {"action": "text", "step": "number"},  # a move in notation, seen at that step
    "rematch": {},  # the guest would play again
    # The host's device to a guest's.
    "welcome": {"seat": "number", "secret": "text", "host": "text"},  # the seat is yours
    "table": {"names": "texts", "kinds": "texts", "presence": "texts"},  # who sits where
    "view": {"view": "view", "step": "number", "actor": "seat"},  # the seat's tweak.wire view
    "record": {"record": "record"},  # the finished game's record (tweak.record.to_dict), for
    # its review: the game is over, so nothing in it is hidden any more
    "refused": {"why": "text"},  # the last message changed nothing: why (REFUSALS)
    "bye": {"why": "text"},  # the host ended the table: "ended", "taken" (another device)
}
TO_HOST = ("hello", "act", "rematch")
TO_GUEST = ("welcome", "table", "view", "record", "refused", "bye")
# Why a guest's message changed nothing, as the host's ``refused`` says it (the guest's device
# words each in its own language: ui.worker.mirror.REFUSED).
REFUSALS = ("turn", "stale", "taken", "over")


def command_name(text: str) -> str:
    """``"resume:tweak.save"`` -> ``"resume"``: the name of a ``data-ui`` command."""
    return text.partition(":")[0]
