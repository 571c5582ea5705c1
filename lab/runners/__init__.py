"""One module per method family, each registering its runners with lab.registry."""
