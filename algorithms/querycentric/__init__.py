"""Query-centric exploration of exploratory sites (seed 004), extended to Ajax facets and forms.

`explore(session, start)` recovers the queries an exploratory site supports and the hidden
attributes of its entities::

    async with Session(SessionConfig(render="auto")) as session:
        result = await explore(session, "http://127.0.0.1:8000/shop")
    result.entities["…/product/1/…"]  # {"Colour": ("Black", "Red"), "Category": ("Footwear",), …}

The steps follow the paper's online approach (Section 4.3, Algorithms 1 and 2) with these
choices, each recorded in the trace:

1. Entity pages are recognised by URL (`EntityPattern`): learned from `entity_sample` when
   given, else guessed from the start page's largest repeated link group and checked on one
   sample. Entity identity comes from the list pages' entity links: entity pages are not
   downloaded beyond that one sample. A nested list (``ul > li > ul > li > a``: a documentation
   tree) is one list: its items at every level are entities, and the pattern is widened to their
   URLs (every depth they have) when the sample's alone does not match them (entities.py).
2. OnlineClustering (Algorithm 1): the pages of one query are found through its pager links,
   each kept only when its non-entity, non-pager links have Jaccard similarity > 1 − ε with the
   query's first page (pager links: page numbers, pager words with arrows or brackets, ``rel``
   next/prev, page, offset and cursor parameters; views.py). Restricting the recursion to pager
   links (instead of every list link) keeps drill-downs out of the cluster when a site's facet
   links do not depend on the current query; the Jaccard test is the paper's. Links are
   compared without their page parameters (a sort or page-size link that keeps the current page
   is the same link on every page), without the links inside the result items (a post's tag
   links change with the posts) and without a page's link to itself (the first page's "Home" is
   a pager link on page 2); page and page-size parameters are recognised by name alone
   (``page``, ``offset``, ``per_page``) or as a word of a name qualified by the list's own
   (``page_<List>``, ``psize_<List>``), and a pager labelled "2" for ``page=1`` numbers its
   pages from 0.
3. Minimal cost: since ``E_{a=v, b=w} = E_{a=v} ∩ E_{b=w}``, every facet value is applied alone
   to the widest query (the start page); a drill-down of a drill-down is explored only when it
   offers an attribute/value the parent did not (hierarchical facets such as a subcategory that
   appears once a category is chosen). Every other combination is reported as skipped
   ("conjunction"). The largest page size the site offers is chosen first.
   Sorts are views, never facets: links changing only a sort, column or grouping parameter, and
   the sort links in the result table's header cells. A count is never an attribute: a heading
   such as "3,500 rows" is passed over for the heading above it; "By origin" names "origin".
4. Equivalent queries (Section 4.3): a query with the same entities and the same drill-downs as
   one already explored is not explored below (looked up by hash, `QueryIndex`); the same
   condition set reached twice is not fetched at all (Algorithm 2, line 15). Sort-order variants
   of the start query are fetched once and must pass the equivalence test (same drill-downs
   with the same counts, entities within the start query's); the ordering parameters or controls
   that passed it are then skipped everywhere else without a fetch.
5. Ajax facets are Controls: clicking one gives a new state, replayable from its URL and action
   path; a load-more control is then used until the list stops growing, and an Ajax pager
   ("Next", "›", an arrow icon, the next page number) is clicked until it is disabled or the rows
   stop changing, each page a state and each click an action of the cost. Custom dropdowns (a
   button that opens a popup) are opened once and their options become facets. A value that lists
   exactly its parent's results is a view ("view"), not a drill-down. States are identified by
   structure fingerprint plus result entity set (`state_key`), looked up by hash.
   Result lists without entity links: the rows of the result table are the entities, each named
   ``<list page URL>#<key column>=<key cell>`` (rows.py; the key column is the one a sample such
   as ``…/#country=Chad`` names, else the first with distinct, non-numeric cells).
6. Forms: select options, radios and checkboxes are enumerated as attribute values, one field at
   a time; GET forms are submitted by loading the URL the browser would build, POST forms only
   with `allow_post` (in the browser); forms with a password field never. Keyword boxes take the
   `keywords` given, or, when a form has nothing to enumerate, words from anchor texts seen.
7. Safety: links and controls that look like cart, checkout, account, delete, login or logout are
   never followed or clicked (`unsafe_reason`), and only facet controls (under a facet heading),
   pagers and load-more are clicked.
8. Fields shown, beyond the hidden attributes: when the result list is a table with a header row,
   each row's cells are fields (header: cell) of the entity the row links to, read off the list
   pages already loaded. When the sample entity page is the record of its row (a two-column
   label/value table or a ``<dl>`` repeating at least half of the table's columns) and shows
   fields neither the table nor a facet gave — or, for a list that is no table, when a second
   entity page shows a record of the same labels with other values (label/value tables,
   ``<dl>``, "Label: value" lines; a template's fixed pairs are no record) — every entity page
   is loaded once, in one batch, to read those (`entity_pages`, on by default: one page load per
   entity, counted in the cost).
   Facet values keep priority, then the table's, then the entity pages' fields.

The rooms:

- explorer.py: `explore`, the entry: start page, entity pattern, then each kind of facets;
- kinds.py: `FacetKind`, the interface every kind of facets implements, and `FACET_KINDS`, their
  registration (a new kind is its module and one entry there);
- links.py, ajax.py, forms.py: one kind each (facet links; Ajax facet states, with lists.py
  growing and paging their result lists; forms and keyword boxes), working on an `Explorer`;
- core.py: `Explorer`, the shared core: loads (through `algorithms.run.Run`), list pages,
  entities, clustering (clustering.py), queries and their index, the `Exploration`; entities.py
  learns what the entities are, records.py reads the fields of entities beyond the facets;
- model.py: every decision that needs no I/O, as pure functions over Snapshots, with its seams
  queries.py (the queries' index, Ajax state keys, inferred attributes) and formfields.py (the
  form enumeration);
- rows.py: the same for result-table rows as entities, fields of list rows and entity records,
  Ajax pagers and custom dropdowns; listing.py a load-more list's own request; disclosures.py
  disclosure facets and tab views; safety.py the safety filter.
"""

from siteseer.algorithms.querycentric.explorer import explore

__all__ = ["explore"]
