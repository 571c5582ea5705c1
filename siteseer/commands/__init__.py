"""The commands' library: one module per command family, each imported when its command runs.

Every command is one function taking a frozen options value (or the one path it needs) and
returning a typed result:

    render.render_page(RenderOptions)                  -> RenderOutcome        async
    explain.explain_page(ExplainOptions)               -> ExplainOutcome       async
    discover.discover(DiscoverOptions)                 -> DiscoverOutcome      async
    explore.explore_site(ExploreOptions)               -> ExploreOutcome       async
    templates.templates_urls(UrlTemplatesOptions)      -> UrlTemplatesOutcome  async
    templates.templates_cluster(ClusterOptions)        -> ClusterOutcome       async
    describe.describe_entities(DescribeOptions)        -> DescribeOutcome      async
    cache.cache_info(Path)                             -> CacheInfo
    cache.prune_cache(PruneOptions)                    -> (deleted, StoreStats)
    cache.clear_cache(Path)                            -> bytes freed
    cache.export_cache(ExportOptions)                  -> pages written (WARC)
    lab.serve(ServeOptions, on_ready)                  -> None                 async, until SIGINT
    lab.truth(TruthOptions)                            -> SiteTruth
    lab.bench(BenchOptions, progress)                  -> BenchOutcome         async
    demo.demo(DemoOptions, progress)                   -> DemoOutcome          async

Each validates its options (a `siteseer.errors.UserError` says what to change), runs the method
through a Session, writes the output files and returns what `cli.py` prints; `cli.py` runs the
coroutine (``asyncio.run``, Ctrl-C) and maps the errors to exit codes. The modules are not
imported here: each pulls in its methods (numpy, OpenCV, Playwright), and `siteseer --help`
should not wait for all of them.
"""
