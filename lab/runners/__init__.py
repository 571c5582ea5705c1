"""One module per method family; each lists its runners in `METHODS`, which lab.registry collects."""
