"""SSUP — Structurally Similar URLs and Pages (Manica, Galante, Dorneles, ICWE 2014).

Given one sample entity page, find every entity page of the same type on its site:

1. *Sample page path* (Algorithms 1 and 4). From the seed, climb the entity tree: the index page
   of a page sp is, among the pages sp links to that link back to sp, the one with the largest
   candidate index-page weight W_ci (Definition 14: the sum of strongsim between sp and the
   links that sit in the same link DOM path as the link to sp). Climbing stops after `height`
   steps, or early when the page found is already on the path.
2. *Catching same-level pages* (Algorithm 2). Level by level from the root, the links the
   level's index pages hold in the sample link DOM path are grouped by their strongsim with the
   next level's sample page (`group_links`); the best group is kept and teaches the threshold
   minsim_html (the least simhtml between the sample and that group's pages); each later group is
   kept while one of its pages reaches minsim_html, and the first group that does not ends the
   level.
3. *Pagination* (Algorithm 3). The links of a level's index pages are grouped by weaksim with the
   next level's sample and by link DOM path; a group whose first page is at least as similar
   (simhtml) to this level's sample as to the next level's is taken as pagination of this level.

Where this implementation chooses what the paper leaves open, or departs from it, the choice is
named in the code (``Choice:``) and its parameters are recorded in the run's params:

- Link DOM paths default to tags with attribute names (`tag_feature="attrs"`, Indesit's best
  general setting in SSUP's evaluation); with tags alone a site menu and a content list built
  from the same tags share one path.
- Climbing (Algorithm 1) does not download the links the current page holds in the path that
  leads down to the page below (its children); does not take a candidate whose list holds the
  page alone (W_ci = 1: it groups nothing, Definition 1); and does not take a *pagination peer*
  (a page linked to and from the current page through one path, sharing its URL pattern —
  page 2 of a list is no index page of page 1; the page of the seed's own folder,
  ``/index.html`` above ``/pattern.html``, is none unless the seed's URL continues it). When
  the current page has a peer with a shorter
  URL, it is page n of a list, and the climb goes on from that first page (Definition 5).
  Above the seed, the current page's own URL with query parameters added (its list paged,
  sorted or filtered: ``?p=2``, ``?o=1``, ``?weather=rain``) is not downloaded as a candidate,
  nor is an export of its data (``/export/csv``).

- `sample_size`: minsim_html is learned from a sample of the best group, its pages loaded
  already first (a climb's probes measure it at no cost), the rest evenly spread (the
  paper downloads the whole group; an entity level is exactly what SSUP must not download, and
  an index level's pages are loaded by yield, see below). When a later group falls below it
  and the sample's pages were not all equally like the sample page, the sample grows over the
  rest of the best group, round by round while a round lowers it, before the group is pruned
  (`threshold.Threshold.widen`). A best group of one page shows no such spread: the sample
  grows over its template mates (the links of its URL template kept without an HTML test, of
  its kind by property 8), as it would over the group. Short of that, a later group within that
  spread of minsim_html, or larger than the best group, is judged by a spread sample of its
  pages as the best group was; kept so, it brings minsim_html down to the least simhtml of its
  pages measured.
- `probe`: Algorithm 2 keeps a later group when the *max* simhtml over it reaches minsim_html;
  the paper's worked example (Figure 5) computes only the first page of each group. We try up to
  `probe` pages, in URL order, and stop at the first that passes. A group's pages whose URL
  names a folder of other pages of the level (``/pkg/archive/`` beside ``/pkg/archive/tar/``)
  are tried after its others (`levels._leaves_first`): a tree of variable depth lists its
  inner nodes among its leaves, and an inner node's page is a list of the pages below it, no
  page of the group's kind.
- Algorithm 4 line 19 (``if i < h - 2``) runs pagination for levels 0 … h-2 counting from the
  leaves' parents; the paper's text says "entity pages do not have pagination", i.e. every index
  level is paginated. We paginate every index level, the root included.
- Pagination is repeated on the pages it finds until no new page appears (a first page usually
  links only to its neighbours), and it leaves out the links of the next level's sample link DOM
  path (Algorithm 2 judges those) and pages already placed in the tree.
- A level page's links that go on inside the folder one of its entries names
  (``/std/option/enum.Option.html`` beside the entry ``/std/option/index.html``: the entry's
  contents), or inside another folder below the site root than the level page's
  (``/book/ch01.html`` from ``/std/index.html``), are no pagination candidates, left out
  without a download (`elsewhere`).
- Pagination candidates are first filtered by URL, in SSUP's spirit (no download for what the
  URL rules out): a pagination page of ``/sports`` or ``/season/gp3/2022`` shares a path or
  query term with it (``sports``, ``season``/``gp3``/``2022``); a site menu (``/about``) or a
  sibling index of another type (``/host-cities``) does not. Without this filter the HTML test
  of Algorithm 3 (is the page closer to this level's sample than to the next's?) admits any
  page built on the index template, and with it that page's lists.
- At index levels (not the leaves), links whose URLs share nothing with the sample page's but
  the number of tokens are dropped before the HTML test (see `SameLevel._same_pattern`).
- An index page is reported for its level only when it links to a page kept at the next level;
  pagination candidates that turn out to be noise are pruned there (the paper prunes them the
  same way, implicitly, by finding nothing under them).
- ``height="auto"`` (beyond the paper): see `verdicts.climbs`.
- The site root (beyond the paper): a climb stops at the site's root page, whatever the
  height (``/`` or its index document ``/index.html``: a folder's index document reads as the
  folder, `probes.ancestry`, and is no tool of the page above it, `yields.is_tool`); what lists
  the root is reached through its menus, and the level above counts as climbed.
- Probe order (beyond the paper, ``probe_order="ranked"``, the default): Algorithm 1 downloads
  every page sp links to; we download them most promising first and leave out those linked
  only from site navigation, settled by a confirmed index page (all of them once its URL reads
  as an ancestor of sp's, or names the folder sp is a file of, the site root too:
  `probes.own_folder`), or listed with a page of the level below, probing all of them only
  when that confirms no index page (`probes`). From a seed named by its path alone, the
  folders its path names above it come first, menu entries or not, and the best candidate
  among them ends the probe, confirmed or not (`Probes.folders_first`: a seed named by a query
  is an application's record, whose path's folders are its other pages, a repository's
  summary); a page sp's head names above it (``<link rel="up">``, ``rel="start"``), its URL
  reading as above sp's, is probed before any namesake (`probes.declared_first`: a manual's
  contents, no sibling probed first to tell its menu from its contents), and so is the page of
  sp's own folder below the site root (``/lib/index.htm`` above ``/lib/Net.Session.html``,
  `Probes.next`: it lists the namesake too); from the seed, once
  a candidate is found, a family of pages three of which were
  probed, none linking back, is left out (`Probes.broken`). A candidate is confirmed when at least half of
  its list matches the URL template sp's URL stands for (`verdicts.confirms`): a dashboard's table
  mixing a few of sp's siblings with other kinds (a repository summary's branches, tags and last
  commits) is a candidate, not a confirmed index page, and the log listing them all is probed.
  That full probe goes on one page at a time until a candidate confirms an index page. Above
  the seed, a page whose other out-links are all site navigation is the root below it, without
  a download. A page's own tools (links naming it in their query: ``?title=Main_Page&
  action=history``, `yields.is_tool`) are no candidates, and no pagination candidates either;
  nor are a list's links labelled as an ordering of it ("Sort by line coverage", an arrow
  icon's title: `querycentric.views.names_an_order`), its entries again in another order.
  ``probe_order="paper"`` keeps the full probe.
  The full probe (`fullprobe`) ends once `FULL_PROBE_HELD` pages in a row left its best
  candidate the best (a menu's entries, each linking back through the menu if at all); from the
  seed, the ranked and the full probe end at a candidate whose W_ci is `fullprobe.DOMINANT`
  times every other probed page's, two of them at least, its list mostly of the seed's URL
  template (`fullprobe.dominant`: its index page lists the seed among many times more pages
  like it than its neighbours and texts do; a list mixing them with other kinds ends nothing);
  from the seed with no candidate found, the ranked and the full probe leave out the pages of
  the seed's own URL template once three were probed (its "SEE ALSO" pages, which may link back
  to it from their text: `fullprobe.related`), and the pages its URL's path names above it
  follow, after the section an ancestor loaded already lists whose own value the seed's URL
  carries (`contents.listed_above`).
  While its best candidate is a page of a value (a tag's, see "Pages of a value"), a page
  listing two or more pages of the seed's kind that the seed links to nowhere, the seed not
  among them (a month's posts: `fullprobe.lists_kind`), holds nothing, and its family is not
  left out: a family of lists that share the kind out holds the seed on one of its pages.
  When the seed's index page is listed by nothing but the site navigation and two or more of
  its pagination peers list pages of the seed's kind too (`fullprobe.kind_shared`), that
  navigation is the level above it (`sidebar.navigation_index`): a blog's months, listed in
  the sidebar of every page.
- Downloads on demand in Algorithm 2 (with ``probe_order="ranked"``): the links of later groups
  that the sample links to only through site navigation are menu entries, dropped without a
  download (`levels._menu_entries`), unless that navigation lists most of the sample's own
  group too (a documentation's menu of every module, an API reference's sidebar of every
  declaration: the level's own list); at the leaves, minsim_html is measured only as far as
  a later group's probe needs it (`threshold.Threshold.reached`): the sample's pages loaded
  already first, then the others one by one, until one is no more like the sample than the
  probe (minsim_html can only fall lower: the probe passes whatever the rest would show).
  With no later group, or every later group's page identical in structure to the sample, the
  best group is kept without downloading any of its pages; a probe that fails has the whole
  sample measured. Only the sample's pages are measured, so every verdict is the full
  sample's, as long as one of its pages loads. ``probe_order="paper"`` samples the best group
  as before.
- Site navigation (beyond the paper, for real applications): a candidate index page whose list
  to the current page is one the current page holds too (a header or footer menu) is none; a
  climb that finds only such pages above the root stops there (`verdicts.navigation_list`) and counts
  the level the paper's climb would have taken there (and pruned) as climbed. Pagination
  ignores the links the next level's sample holds in the same path (the same menu).
- The site navigation as the level (beyond the paper, for documentation sites): when the seed's
  first climb finds no index page and the pages it loaded link to the seed only through the
  site navigation the seed carries too, among pages like it (simhtml ≥ 0.5 for at least half
  of the pages it lists that were loaded, or of the pages carrying it when none of those was:
  an API reference's home and source listings carry its sidebar of classes), that navigation is the seed's list: its index page is the shortest page of
  it (the home page; a folder's index document read as the folder, ``/index.html`` as the site
  root, shorter than ``/os.html``: `candidates.folder_length`), which must read as an ancestor of the seed by its URL unless the
  navigation is whole (it holds at least 90% of the pages of the seed's URL template that the
  three or more pages carrying it loaded link to: a book's sidebar of every chapter, not a
  blog's recent posts), and the site root when it carries the navigation too (one download:
  a part's page above the seed is one of the list's pages); nothing above it is climbed,
  the candidates left are not downloaded, and
  the level is the whole list without a download (`sidebar.navigation_index`,
  `levels.SameLevel.navigation_level`). Once a page the seed links shows that navigation as
  its list, the folders its URL's path names above it and the site root it links are probed
  next, before its neighbours and the menu's entries (`probes.above_seed`), unless a
  candidate linked from its content is left (a post's month, category or author). When that shortest page lists the seed in a list of
  its own beside the navigation (an overview's tables of the rules its sidebar lists among the
  guide's pages), the navigation settles nothing: Algorithm 1 judges that page. Lists are compared as nested lists
  (`algorithms.features.dom.list_tree`: a navigation tree's depths and a page's marked body
  are one list). Hash routes are read as paths (`probes.routed`), and a view of the seed (its
  own sections, ``#/page?id=part``) is no candidate of Algorithm 1.
- The URL's ancestors (beyond the paper, which needs an entity page linking to its index
  page): when the seed, or an index page the climb took as a page of a value (no other
  was found), links to no page that lists it among pages like it, the
  pages its URL's path names above it (``/a/b/c`` → ``/a/b/`` → ``/a/``, and the site root
  from the seed; above the seed only the folders holding the seed too; at most 4, one
  download each) are candidates, confirmed by Algorithm 1's test
  (`climb._url_ancestor`, `probes.url_ancestors`): a package index's project page links
  only its files, a wiki's page no folder listing it. A hash-routed seed's ancestors are its
  route's (``/#/penguin/17/`` → ``/#/penguin/`` → ``/``): a single-page admin's row page
  links only the home route.
- A list paged by script (beyond the paper, whose pages all have URLs): an ancestor candidate
  listing links of the seed's URL template behind a pager that changes the list in place (a
  Next button, an arrow ``<a href="#">``; its pages are states of one URL) is paged through
  with the pager explore uses (`algorithms.scriptpager`), until a page adds no link of the
  group; its pages' links join its own before Algorithm 1 weighs it (`inplace.paged_in_place`).
- A wider list (beyond the paper): a page above the current index page that lists the page
  below among more pages like it (W_ci) and holds at least 0.8 of the current index page's
  list of it takes that level's place (a module index above a package's submodules;
  `climb.wider`); the level it replaced is the walk's fallback when the wider one
  finds no entity.
- An entry of the index page's list is no page above it (beyond the paper,
  `climb._listed_beside`): the climb stops at an index page that links to the candidate found
  above it from within the list through which it lists the page below (a documentation
  index's term ``dl/dt/a`` beside its documents ``dl/dd/ul/li/a``: release notes citing it);
  such entries are no candidates of it either, and are not downloaded
  (`candidates.listed_beside`), but a page that may be the first page of a list it continues;
  nor are the pages an entry's item links beside it, its item the entry's highest ancestor
  holding no other entry (a forum's row of ``div`` blocks: a topic, the member who opened it,
  the member who wrote last: `candidates.row_mates`).
- An index page's pager is no page above it (beyond the paper, `candidates.pager_bar`): above
  the seed, the links of a bar most of which read as a pager's (numbers, arrows, "more",
  "next"), one by its words at least, are its own list at other pages and sizes (a log's
  "less", "more", "(0)", "-60" under another path than its own), not downloaded by the climb;
  a bar of numbers alone (a blog's years) may lead above it and is judged.
- The top depth of a table of contents (beyond the paper, `grouping._depth_above`): a list
  nested in the items of another (``li/ul/li/a``) whose entries are most of the depth above's
  pages (each page's sections, ``quickstart/#routing``) has that depth's other entries (a
  section's own page, whose entry holds its child pages; a page with no sections) joined to
  the group most of those pages fell in, kept with it and never probed (`LinkGroup.joined`).
- Sub-pages of a page tree (beyond the paper, `grouping._depth_below`): the depth below the
  sample's in a nested list (``li/ul/li/a``), most of whose entries lie in the folder the URL
  of the entry they hang from names (``/Help/Export.html`` over ``/Help/Export/HTML.html``),
  joins the group of that entry, kept with it and never probed (a wiki's sub-pages).
- Hubs of the site navigation (beyond the paper, `hubs.hub_list`): a climb that stopped below
  the site navigation at a page linking to the page below from no list or table (a source
  file's code naming the structures it declares) whose URL reads as no ancestor of it tries
  the navigation's top entries (the site root left out; at most `HUB_PROBES`, menu order) as
  that level's wider list (`climb.wider`), judged on the narrow list's pages named as the
  hub's entries are (``struct*.html``): a documentation's "Data Structures".
- The site menu as the level above (beyond the paper, `menus.menu_level`): a climb that stopped
  below the site navigation at a confirmed index page (a CMS's section listing its documents,
  the home page's own list empty) whose menu lists it, shorter than the height, probes the
  menu's entries whose URL varies the part of the index page's URL that the seed's carries
  (``/topics/`` beside ``/intro/`` for ``/intro/contributing/``; `urlshape.moved`), at most
  `MENU_PROBES`, in menu order, where the seed's URL names it straight below the index page's
  (`menus.named_below`: an admin's record route, ``/admin/car/details/1`` beside
  ``/admin/car/list``, is one every model shares, and its menu lists other models). One that
  lists, through the index page's own list, links of the seed's URL template as it names them
  (``/topics/*``) that the index page does not, under the same labels (`menus.other_kind`:
  another model's list names other columns, and ends the probe), makes
  the menu the level above, hung from the site root carrying it (loaded if need be); its
  pages are judged by their own yield, none a view of another, until `MENU_DRY` downloads in
  a row add none (`menus.menu_pages`). How a menu's links look does not tell sections from
  tools; what their pages yield does.
- The root of the seed's trail (beyond the paper, `trails.trail_root`): the link the seed
  shows just before its first link to a page the climb found above it, in that trail's
  container, which every page of the path links to ("Index » YARD » CLI » Command", "Home »
  gnutls28 » 3.7.9-2"), is loaded once the climb ends (not when the seed's level is the site
  navigation and the seed links to the pages above through it: the entry before them there is
  another entry of the menu, `trails._navigation_above`; nor when a page loaded above the
  path's top by its URL shows that container's links whole: a trail shortens above its pages,
  a bar of the site's sections does not, `trails._menu_above`). When it lists the seed among more pages
  like it than the seed's index page (`climb.wider`) and every page of the path above the seed
  in that list, the tree is of the seed's own pages (namespaces that are objects too): the
  path is the root, then the seed, and the level its whole list, as a navigation's level is
  taken (no page downloaded). When it lists the path's top among pages like it (Algorithm 1's
  test) through the link DOM path through which the top lists the page below (a tree lists
  each page's children alike), and the height allows, it is the level above: the climb leaves
  it out as site navigation, or never reaches it. A level under several index pages whose
  entries sit under their index page's URL (``/krb5/1_17-4/`` under ``/krb5/``) takes each
  index page's entries of the sample's template without an HTML test, when the sample names
  no fields (`levels._Sample.under_own_index`).
- Trees of variable depth (beyond the paper). A climb its height stopped at a folder's page
  below the site's root (``/mate/`` above ``/mate/nature/``, or its index document
  ``/mate/index.html``, whose siblings are the other folders' index documents:
  `verdicts.lists_folders`) takes the page of the folder above it (one download) as the level
  above when it lists the top in the very list through which the top lists the page below
  (`trails.folder_root`: a gallery's albums of albums). An index
  page of a level above the leaves' parents that links to no page of the level below its own
  but to pages through the leaves' sample link DOM path is a branch that ends sooner (an album
  of images beside albums of albums): a page of the leaves' parents too (`tree._Walk._ended`).
  When the seed's index page and the page above it have the seed's own URL template, the one
  listing the other in the kind of list it lists the seed in (`nested.tree_template`: a
  topic-oriented help whose guides list topics beside sub-guides, every page ``/<name>.html``),
  every page of that template the tree's lists link to outside the seed's own lists and the
  site navigation is loaded once and judged, from the path's index pages and the root of the
  seed's trail: a list (built more like the path's lists than like the seed, named by a
  page's trail, or listing pages of the template through a list built as the path's, however
  deep its wrappers nest: `nested.list_shape`) is followed in turn, another page is an entity
  (`nested.one_template_tree`); the pages the walk caught are not loaded again.
- A pagination peer's list mates (beyond the paper): the pages the seed links to only beside
  a peer (its "next") are left out as the list's other pages, but probed last when no index
  page is confirmed (`probes.Probes.unconfirmed`): a message's bar holds its date index beside
  its next message. A peer whose URL numbers more tokens than the page's (``mail2.html``
  beside ``maillist.html``) is a later page of its list, no first page to climb from
  (`candidates.first_page`); a link off the entries' path reading as a pager's ("Next Page") is
  no entry, though a flat site's template takes in every page (`pagination`).
- Striped rows (beyond the paper): a table's rows marked by their place (``tr[@id]`` beside
  ``tr[@id][@class]``) are one list in Algorithm 2's grouping (`features.dom.item_rows`), and
  in Algorithm 3's count of the entity links a page of the list shows (`pagination`).
- robots.txt is honoured: the pages a climbed page links to that it disallows are noted in
  the trace (a list of the page may be among them, `candidates.refused`), counted in the
  params (``robots_disallowed``) and named in the reason of a run that found no index page.
- Term weights on a page holding a single link DOM path weigh terms by TF alone (IDF would be
  0 for all of them, `features.url.term_weights`).
- Lists of one page size (beyond the paper): W_ci counts the list a page shows, so two
  candidates whose lists each fill a page of one size tie (within 1%), however many pages each
  goes on over (a tracker's tickets of one reporter beside all its open tickets); the tie goes
  to the one whose pager offers more pages (`yields.pages_offered`: its largest page number, a
  "next" link at least a second page), then to the smaller URL (`climb.Parent.outranks`).
- A page's entry in a tree of pages (beyond the paper): a candidate that links to sp at
  several depths of one nested list (a table of contents: sp's entry, then sp's own headings
  below it) lists it where it is listed among its siblings, the shallowest depth
  (`weights.entry_paths`); the deeper ones hold the headings of sp and its siblings.
- Index levels by yield (beyond the paper, which downloads an index level whole): the level's
  sample's own list is paged first, then the level's other pages are loaded in families (what
  each varies of the sample, `yields.family_of`); a family whose first page shows no link
  shaped as the next level's sample (`urlshape.shape_of`: first path segment, length, query
  names) that the pages before it did not is a view of the same entities (a repository's log
  from each of its tags): its other pages are not downloaded (`tree._Walk._index_level`).
  Within a family, the values sharing a leading word (``Category:Urgency_low``,
  ``Category:Urgency_high`` beside ``Category:Dpkg``: an attribute's values, another
  partition of the same entities; `yields.value_words`) are loaded after the others, and a
  group whose first page shows no such new link is not loaded further (`tree._Walk._by_yield`).
  minsim_html is learned from a sample of the best group at every level. In pagination, the
  entries counted are the links of that shape, and a candidate with the next level's sample's
  template (an entry, its parent) is no page of the list.
- A list's marked entry: when the current page sits alone in its link DOM path because the list
  marks it with an ``id`` ("you are here"), W_ci is computed over the path its siblings share
  (`weights.marked_item_paths`). A list page that features one entry apart from the list (the
  newest post in an ``<aside id="featured">``) holds the page alone in a path of its own while
  it lists its siblings in another: W_ci is also computed over each path of the candidate that
  lists at least three other pages, at least half of them of the template sp's URL stands
  for (`weights._sibling_paths`); a page linking to sp alone and listing nothing like it stays
  a group of one. On a site whose every page is named alike (``/Name.html``, a manual of one
  folder), every path holds that template and IDF leaves no term sp shares with its list
  mates a weight: on the page of a folder above sp (its index document), a list holding at
  least three other pages, half of them of sp's template, whose W_ci is 1 is weighed by TF
  alone, by its size (`weights._weight`).
- Pagination chosen by yield (beyond the paper, `yields`): the candidates are grouped in
  families (what a link varies of the page linking it: ``?p=*``, ``?o=*``, ``?_next=*``), and
  the pages loaded are those of the family whose pages add the most entity links of the seed's
  group (links in the next level's sample link DOM path, a "back to the list" state they carry
  left out) per download: a pager that adds mostly new links is followed to its end first; a
  family of page sizes (``?pageSize=10|25|50|100`` on a page of 10) is tried at its largest,
  whose own pager comes next; a page size a level page names in a link, a form field or a
  select option's address (a size menu a script follows) of its own list (``_size``, ``per_page``, ``page_size``, ``limit``, ``rows``; its export's
  ``/vega/airports.csv?_size=max`` too) larger than it shows, when it links a further page, is
  a family of its own tried first (`sizes`: never a parameter the site does not show), and a
  size whose page links no further page shows the list whole (its views are not loaded);
  above the entities, another level page's list (a browser's other table) whose entries have
  not the entity sample's URL template is judged by its first entry before it is paged: a
  record of another kind (its page, or the fields it names, unlike the sample's) leaves the
  list unpaged and out of the level (`pagination._other_kind`: a list whose entries are
  mostly of other templates, each record linking one of the sample's kind, a subdivision its
  country, is judged so too; the template is widened over the other level pages' entries,
  never by the list judged);
  a page that adds nothing (or cannot be used) stops its family
  when none of its pages added any (a view: it reorders or subsets what others gave, or lists
  nothing; another page's history), but a pager that did add and pages of other lists that did
  go on; once a family has paged the list of a level page to its end, every page adding
  mostly new links, the families left that only add query parameters to that page (sorts,
  filters, facets, smaller page sizes) are its views and are not loaded; a family whose first
  page only reordered or subset its level page's list (no pager) makes the links that change
  another level page the same way (the same query parameters set, or the same file beside it:
  `yields.relation`) views of that page, not loaded (`pagination._seen_view`); once a level's last
  `DRY_RUN` (3) pages added no entity link, the families left are not loaded (they are tried
  most promising first: what is left is more views, menus and tools), and on a level of one
  page whose list was shown to its end (paged to its last page, or whole at a page size) at
  once (only a family already paging goes on); a page size showing fewer entries than it asks for (a log's
  "more" link doubling past its end) shows the whole list, no larger size is loaded; the
  entries of the pages of a level above that list the leaves' parents' entries too (a
  summary's pager over the same log: `tree._listing`) count as shown when those parents'
  lists are paged, whose pages adding none of their own are views; a page of the leaves'
  parents listing only entries shown before (a log from an older tag) is a view, its list not
  paged (`pagination._view_pages`). Exports (``.csv``,
  ``/export/json``) and files (``/vega.db``, ``.tar.gz``: `urlshape.is_file`) are no pages,
  nor candidates of Algorithm 1 either, from the seed up. A candidate sharing no link DOM path with the level's
  sample is no page of it (the HTML test of a family's first page). Pagination goes on only
  from pages that show entries of the list, and not from a view's. Each decision is in the
  trace. A chain of "next" links is one family however each link is spelled: a link reading
  as a pager's on a page of such a family that, read from the family's level page, varies only
  what the family varies is its next page (Loggerhead's "Older »"
  ``/changes/342?start_revid=382`` on ``/changes/362?start_revid=382``: a cursor that keeps
  its query and changes the path); its way back ("« Newer") is not loaded from there.
- Field names tell kinds apart (beyond the paper): at the entity level, a later group whose
  page passes simhtml but shares less than half of the sample's field labels (header cells,
  terms, labels, the bold key cells of a two-column key/value table, and the keys of a record
  shown as JSON in a ``pre``, a browsable API's: `features.dom.label_schema`) is records of another kind (another table's rows, built alike:
  an admin's zone and country detail pages) and is pruned (`kinds._unlike_fields`), but only
  where the pages of the sample's kind agree on their labels (a manual page's option terms
  are its own text: no two agree, and nothing is told by them). Where
  the sample and a few pages of its kind show JSON records naming one set of keys at their
  outermost level (`features.dom.record_fields`: a serializer writes every field), a later
  group's record naming another set is of another kind, though it shares half of them
  (`kinds.other_record`).
- Lists of values (beyond the paper): where the sample sits outside the folder of the index
  pages listing it (a tag's page ``/tags/netdata.html`` listing ``/library/json.html``), a
  group below minsim_html is still kept when index pages of the level, kept as like the
  sample's list page, list it and nothing found like the sample (`levels._listed_alone`): a
  tag's or category's page lists entries of one kind, however unlike their markup.
- A list's state carried by its entries' links (beyond the paper): a link's query parameter
  whose value is the page's own query (Django's ``?_changelist_filters=p%3D2`` on page 2) or
  its address, a return address (Flask-Admin's ``&url=/admin/flight/%3Fpage%3D2``,
  `yields.returns_to`), names no other page: every step sees the links without it
  (`yields.stateless`, applied to every page the run loads), so that a list whose row links
  return to it lists the seed. A page-size family whose linking page leaves its own size to
  a default the links spell out (``?page_size=20``: the page itself) counts that size among
  those offered.
- A list's state handed on to its entries (beyond the paper): a page of the level page's list
  shown in another state (``&fulltexts=1``: its long values whole) whose entry links carry
  that state at the page's own value name the entries the level page names in its own state:
  each such value is read as the level page's before the page's new entries are counted
  (`yields.state_back`), so that the state's pages add none and stop as a view.
- The level page again (beyond the paper): a pager's link to its first page (numbered 0 or 1:
  ``?page=1`` on ``/blog/``) that shows the very entries of the level page it varies is that
  page, no view of it: its family goes on (`pagination.Pagination._again`). Another page
  showing them (a date drill-down's first year) stops its family as a view. Such a link that
  reads "1" and that the pager marks apart from its other numbers (``<li class="page-item
  active"><a href="?page=1">1</a>``: the page being read) is not loaded (`marked.marks_itself`).
- The level above (beyond the paper): a page a family loads whose entries (the next level's
  sample link DOM path) name a page of this level is a list of the level's lists, not a page of
  one: a manual's part contents listing its chapters, the chapter being read among them, that
  the chapter's head names its previous page (`pagination._lists_level`). Its other entries,
  the next chapters, are no entities.
- A list's state in its path (beyond the paper): a path of two segments or more that each
  name a parameter and its value (``/questions/scope:all/sort:votes-desc/page:2/``) holds them
  as parameters (`yields._split`): from ``/questions/``, whose links spell out the defaults,
  the pager varies ``page:`` alone, each sort order ``sort:`` alone, one family each; read as
  a path, every link varied everything after ``/questions/``, one family of all.
- A level's share of the budget (beyond the paper, ``level_share``, default `LEVEL_SHARE` = 1/3):
  with a budget, a level's pagination may spend at most that share of the pages left when it
  starts until one of the pages it found shows entity links of the seed's group (new links in
  the next level's sample link DOM path sharing a path or query term with the next level's
  sample); then it may go on, the pages left out of the batch included. A level that reaches
  its share first stops, the trace says so ("level k stopped after N pages without entity
  links: its share of the budget") and the run is incomplete with that reason: a calendar,
  date archive or chain of views in the list's URL space cannot download a whole group before
  the next level is caught. Without a budget nothing changes (no default cap: the run is bounded
  by the tree and the guards above, and a cap would be a budget under another name).
- A confirmed level is never lost (beyond the paper): when the walk down from a root the climb
  found above the seed's index page finds no entity but the seed, it is made again from the
  next page down the sample page path (`tree._Walk.walk`; the pages loaded are not loaded
  again), and a climb that moved sideways to the first page of a list stays at the index page
  it confirmed when nothing lists that first page.
- Partial results (beyond the paper): a run stopped (budget, time limit, signal) before its
  entity level was caught reports the seed and the best strongsim group of the links in the
  seed's sample link DOM path on the pages it loaded, incomplete (`tree._Walk.partial`).
- Template mates: at every level, the links of later groups that match the URL template of the
  sample and the best group (`algorithms.features.urlshape`) are kept without an HTML test
  (`SameLevel._template_mates`): strongsim splits one template by sub-token counts. A path
  segment the template fixes to a number (the best group's year, by chance) stands for any
  number (`levels._numbers_vary`); a template that fixes nothing is used when some of its
  segments are numbers in every URL it was learned from (``/2023/04/16/<slug>/``), those
  segments standing for any number. At an index level they follow the best group's links:
  the level's pages load by yield in that order (`tree._Walk._by_yield`), a family whose
  first page adds no link down loading no further, and a mate first (a code browser's old
  tag, named on a commit row) adds links the best group's first would not: every mate loaded.
- Pages of a value (beyond the paper): a candidate index page whose entries link back to it
  with the text sp links to it with (a tag's page, each post showing the tag) lists the pages
  of one value, a subset of a list that other pages hold whole; Algorithm 1 takes it only when
  no other candidate is found, whatever its W_ci (`verdicts.value_page`). The links back
  counted stand beside the entries (a link DOM path holding two of them at least): a blog's
  list of every post linked from its header menu, breadcrumb and footer, once each, with the
  text its posts link to it with, is no page of a value.
- A list beside the site navigation (beyond the paper): a candidate linking to sp through a
  menu both carry (a blog's sidebar of the recent posts, months, tags and authors, where W_ci
  is largest) and through a list of its own (the blog's posts) is judged by its own list
  (`Climb.judge`): the sidebar is a sample of the posts, the list that pages them all their
  level. A list of its own that groups nothing (a "next post" link) leaves it judged by the
  navigation. A list holding sp and the candidate's own entry alone (a menu of Home and Blog
  on the home page, `weights.candidate_weight`) groups nothing like sp either: W_ci = 1.
- A pager built like the entries (beyond the paper): pagination also judges the links of the
  next level's sample link DOM path that continue this level's sample by URL (``/`` →
  ``/page/2/`` or ``/page2/``, or a numbered file: ``/`` → ``/index2.html``,
  `urlshape.continues`) without the next level's shape, and lets them past the shared-term
  filter (`pagination._continues_level`): a home page's pager whose items are ``<li>`` like
  its posts. The next level's shape rules a link out only when that level's sample sits below
  this level's by its path: an archive's ``/author/ann/page/2/`` has as many segments as the
  post ``/2023/06/09/a-post/`` it lists, whose template varies every segment, and is its page.
- The site's main list (beyond the paper): from the seed, the site root is probed though the
  seed links it only through site navigation (its title), after the candidates linked from
  content, unless a confirmed index page whose URL reads as an ancestor settles it; it is
  judged by a list of its own beside the sidebar every page carries (`weights.candidate_weight`).
  When it is confirmed as an index page of the seed and its pager offers more pages, it is the
  site's main list (a blog's home page), which a category's, tag's or author's archive
  subsets: it outranks them whatever their W_ci, and settles the candidates left
  (`verdicts.main_list`). A root linking the seed through navigation only sets no sign of a
  navigation list.
- Sections of a tree of pages (beyond the paper, `sections`): at the leaves, an entry of the
  level that is a folder's index document (``/usage/index.html``) may list more pages of the
  level in the same kind of list as the index page (`sections.outline`: nested lists and
  nested ``<section>`` elements folded): a documentation site's section page and its table of
  contents. They are loaded one at a time, and the pages they list join the level, their own
  sections in turn, until three in a row add none. When the level's sample is itself such a
  section (an API reference's module page listing its items), a section's pages are its
  children, of the level below it: no section is loaded. A section need not be a folder
  (`sections.judged`): a later group of Algorithm 2 whose probe fails, one of whose loaded
  pages lists, in the index page's kind of list, pages the index pages do not list of the URL
  templates of pages they do list so (a namespace's members: the level's own kinds), holds
  sections: the group's pages of that page's URL template are set aside unprobed (in later
  groups too) and loaded as sections, their lists joining the level, and the group's other
  pages are probed again. A view of an index page (its URL with a query added: a timeline
  filtered by author) is no section, and a folder of a code browser lists files and folders,
  pages of no kind the index page lists. Once the level holds sections it is a tree of
  variable depth, whose leaves differ in markup by kind (a function's page no more like a
  class's than a namespace's is): a later group whose probe fails, shows no section and holds
  pages of a URL template the sections list is a group of its leaves, kept, not the end of
  the level.
- A hand-written index (beyond the paper, `sections.outline_entries`): at the leaves, an index
  page that is a series of at least three sections alike but for their id, each listing pages
  named like the seed (its host, query keys and extension) in lists of any form (bullets,
  definition terms, bullets inside definitions: `querycentric.outline.section_lists`, the
  reading explore makes of the same page), lists the level in all of them: the seed's link DOM
  path reaches one form of list only. Nothing is loaded, and the links of Algorithm 2's later
  groups that such an index lists are kept before the groups are judged
  (`levels._section_mates`): no download measures what the index keeps anyway.
- Folders beside the index folder (beyond the paper, `algorithms.besidefolders`): at the leaves, when
  the one index page is the listing of the folder the seed is a file of (``/library/``) and
  nothing above it was found (a wiki whose index of folders robots.txt disallows), the folders
  beside it that the loaded pages link to (``/reference/datamodel`` names ``/reference/``),
  most linked first, are loaded: one whose page lists its own files through the index page's
  list, the most linked of them as like the seed (simhtml) as the seed's folder mates the run
  loaded, is an index page of the level, its files entities, and that page's links name
  further folders.
- DUST: after the walk, the query parameters that leave a page's content unchanged are learned
  from the pages the run loaded (`algorithms.features.dust`, no download) and the entities and
  index pages are reported without them (params: ``dust_params``).

The package, one module per step:

- `tree.py`: the entry point `ssup` and Algorithm 4's walk down the levels.
- `climb.py`: Algorithm 1 and the climb of Algorithm 4 (the sample page path); `weights.py`:
  Algorithm 1's candidate weight W_ci; `probes.py`: the order of Algorithm 1's downloads.
- `levels.py`: Algorithm 2 (catching same-level pages); `grouping.py`: its link groups;
  `sections.py`: the section pages of a tree of pages at the leaves; `nested.py`: a tree of
  one template followed to every depth.
- `pagination.py`: Algorithm 3, by yield; `yields.py`: its families of candidates and their
  yield (pure bookkeeping); `elsewhere.py`: the links a level page holds outside its list;
  `marked.py`: the page a pager marks as the one shown.
- `visual.py`: visual SSUP's grouping (`ssup(..., visual=True)`), index pages rendered only
  where their DOM paths leave the grouping ambiguous (`ambiguity`).
- `explanation.py`: a Discovery's trace as a tree (`explain_discovery`).
"""

from siteseer.algorithms.ssup.climb import Height
from siteseer.algorithms.ssup.explanation import explain_discovery
from siteseer.algorithms.ssup.grouping import LinkGroup, LinkGrouper, group_links
from siteseer.algorithms.ssup.pagination import LEVEL_SHARE
from siteseer.algorithms.ssup.probes import PROBE_ORDERS, ProbeOrder
from siteseer.algorithms.ssup.tree import SSUPParams, ssup
from siteseer.algorithms.ssup.visual import RoleMate, ambiguity, role_mates, visual_group_links

__all__ = [
    "LEVEL_SHARE",
    "PROBE_ORDERS",
    "Height",
    "LinkGroup",
    "LinkGrouper",
    "ProbeOrder",
    "RoleMate",
    "SSUPParams",
    "ambiguity",
    "explain_discovery",
    "group_links",
    "role_mates",
    "ssup",
    "visual_group_links",
]
