"""siteseer's library behind the command line.

`siteseer.commands` holds one module per command family (render, discover, explore, templates,
describe, explain, lab, demo): each takes a frozen options value, does the work through the
Session and the methods, and returns a typed result that `cli.py` prints. The pieces they share
are written once: `siteseer.errors` (the user errors the CLI turns into exit code 2),
`siteseer.sessions` (a Session from the command's options) and `siteseer.outputs` (writing
output files).
"""
