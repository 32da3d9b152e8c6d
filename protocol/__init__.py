"""The published wire protocol: messages, codecs, view diffing and the generated JSON Schema.

May import ``games``; never ``server`` or ``clients``.
"""

#: The protocol's major version, sent in ``hello``; a server refuses another major with close code 4400.
PROTOCOL_MAJOR = 1
