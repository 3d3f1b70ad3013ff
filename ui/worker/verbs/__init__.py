"""The page protocol's verbs, grouped by what they are about; ``ui.worker.host.Host`` holds the
table and the parts they share and dispatches each verb to its function here by a table
(``Host.verbs``).  Each function takes the host first and the verb's decoded arguments after,
and returns a reply (a dict of ``ui.worker.protocol.REPLY_KEYS``)."""
