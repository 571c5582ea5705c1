"""The command line's declarations: one module per command family, each loaded by `cli.py` when
its command is asked for (click's lazily loading group), so that `siteseer --help` and
`siteseer render URL` load only what they use.

    base.py       the Command class (help in sections with an example; the app's options after
                  the command too), the run plumbing (`run`, exit codes, `fail`), the options
                  several commands share (`output_format`: --format from --out's extension)
    config.py     siteseer config
    discover.py   siteseer discover
    urls.py       siteseer urls
    explore.py    siteseer explore
    templates.py  siteseer templates urls|cluster
    pages.py      siteseer render, explain, describe
    batch.py      siteseer batch
    cache.py      siteseer cache info|prune|clear|export
    lab.py        siteseer lab list|install|serve|truth|bench, siteseer demo

Each command parses its options, calls one function of `siteseer.commands` (imported when the
command runs: the methods pull in numpy, OpenCV and Playwright) and prints what it returns.
"""
