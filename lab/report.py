"""The bench's HTML report: one self-contained page (inline CSS, inline SVG plots, no scripts).

Sections: a summary per method; F1, downloads, state changes (page loads plus browser actions),
time and correct entities per second and per download per site and method; a scatter of F1
against downloaded pages and a bar chart of mean F1; for entity-tree sites the tree a method found
next to the truth's (index pages per level and entities, with missing and extra examples); the
images runs attached; the failures; every row.

Entity trees come from `MethodRun.result` when it is an `algorithms.result.Discovery`
(`index_pages` per level, `entities`), else from `MethodRun.found` alone. Images come from
``extra["image:<label>"]`` (see lab.bench); a path is read and inlined as a data URI, so the
report can be moved or mailed on its own.
"""

from __future__ import annotations

import base64
import html
import io
import mimetypes
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from siteseer.algorithms import Discovery
from siteseer.lab.results import (
    TIER_GAP,
    BenchRow,
    BenchRun,
    cold_cell,
    method_means,
    tier_comparison,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from siteseer.lab.cold import ColdScore
    from siteseer.lab.truth import SiteTruth

__all__ = ["render_report", "svg_plot", "write_report"]

EXAMPLES = 5  # missing/extra URLs shown per level
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "h", "<", ">")

CSS = """
:root { --fg: #1d2330; --muted: #5b6475; --line: #d9dde5; --head: #f2f4f8; --bad: #b3261e;
        --good: #1b7f3b; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg);
       margin: 0 auto; padding: 24px 32px 64px; max-width: 1200px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 22px 0 6px; }
p.note, .muted { color: var(--muted); }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; }
table { border-collapse: collapse; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 4px 9px; text-align: right; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
td.text, th.text { text-align: left; }
.error { color: var(--bad); }
td.missing { color: var(--muted); }
td.good { color: var(--good); }
tr.mean td { font-weight: 600; background: #fafbfd; }
code, .url { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
ul.urls { margin: 0; padding-left: 16px; text-align: left; }
figure.plot { margin: 8px 0 20px; }
figure.plot svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: 13px; }
.images { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
.images figure { margin: 0; border: 1px solid var(--line); padding: 8px; }
.images img { max-width: 100%; height: auto; display: block; }
.scroll { overflow-x: auto; }
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _num(value: float | int | None, digits: int = 3) -> str:
    if value is None:
        return "—"
    if isinstance(value, int):
        return str(value)
    return f"{value:.{digits}f}"


def _table(
    head: Sequence[str],
    rows: Iterable[Sequence[str]],
    *,
    text_cols: Collection[int] = (0,),
    cls: str = "",
) -> str:
    """An HTML table from already-escaped cell HTML; columns `text_cols` align left."""
    out = [f'<div class="scroll"><table class="{_e(cls)}"><thead><tr>']
    out += [
        f'<th class="{"text" if i in text_cols else ""}">{_e(h)}</th>' for i, h in enumerate(head)
    ]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>")
        out += [
            f'<td class="{"text" if i in text_cols else ""}">{c}</td>' for i, c in enumerate(row)
        ]
        out.append("</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


# -- plots -------------------------------------------------------------------------------------


def svg_plot(figure: Figure, name: str) -> str:
    """`figure` as an inline ``<svg>`` element (text kept as text, ids unique per `name`)."""
    import matplotlib as mpl

    buffer = io.StringIO()
    with mpl.rc_context({"svg.fonttype": "none", "svg.hashsalt": name}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    start = text.find("<svg")
    if start < 0:
        raise ValueError(f"matplotlib produced no <svg> element for plot {name!r}")
    svg = text[start:]
    return svg.replace("<svg ", f'<svg role="img" aria-label="{_e(name)}" ', 1)


def _scatter(rows: Sequence[BenchRow], method_order: Sequence[str]) -> str:
    import matplotlib as mpl
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, 4.6), layout="constrained")
    ax = figure.add_subplot()
    colours = mpl.colormaps["tab10"]
    xs_all = [max(r.cost.downloads, 1) for r in rows if r.error is None and r.f1 is not None]
    largest, smallest = max(xs_all, default=1), min(xs_all, default=1)
    log = largest / smallest > 20
    labelled: list[tuple[tuple[float, float], str]] = []
    for i, method in enumerate(method_order):
        points = [r for r in rows if r.method == method and r.error is None and r.f1 is not None]
        if not points:
            continue
        xs = [max(r.cost.downloads, 1) for r in points]
        ys = [r.f1 or 0.0 for r in points]
        ax.scatter(
            xs,
            ys,
            marker=MARKERS[i % len(MARKERS)],
            color=colours(i % 10),
            s=46,
            label=method,
            alpha=0.85,
            edgecolors="white",
            linewidths=0.6,
        )
        labelled += [((x, y), r.site) for x, y, r in zip(xs, ys, points, strict=True)]
    if log:
        ax.set_xscale("log")
    else:
        ax.set_xlim(0, largest * 1.15 + 1)
    ax.set_xlabel("downloaded pages" + (" (log scale)" if log else ""))
    ax.set_ylabel("F1")
    ax.set_ylim(-0.03, 1.05)
    ax.grid(True, alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="lower right", fontsize=8, frameon=True)
    _label_points(figure, ax, labelled)
    return svg_plot(figure, "scatter-f1-downloads")


LABEL_PT = 7  # the scatter's point labels, points
# Where a label may sit, as its lower-left corner's offset from its point (points), in order.
_LABEL_SPOTS = ((5, 4), (5, -11), (-5, 4), (-5, -11), (5, 13), (5, -20), (-5, 13), (-5, -20))


def place_labels(
    points: Sequence[tuple[float, float]], sizes: Sequence[tuple[float, float]]
) -> list[tuple[float, float] | None]:
    """Offsets (points) for labels of `sizes` (w, h) at `points` (display points) so that no
    two labels overlap and none covers another point; None for a label with no free spot.
    A spot with a negative x offset puts the label's right edge there."""
    placed: list[tuple[float, float, float, float]] = []
    out: list[tuple[float, float] | None] = []
    for (px, py), (w, h) in zip(points, sizes, strict=True):
        chosen = None
        for dx, dy in _LABEL_SPOTS:
            x0 = px + dx if dx >= 0 else px + dx - w
            box = (x0, py + dy, x0 + w, py + dy + h)
            clear = not any(
                box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in placed
            )
            if clear and not any(
                box[0] - 2 < qx < box[2] + 2 and box[1] - 2 < qy < box[3] + 2
                for qx, qy in points
                if (qx, qy) != (px, py)
            ):
                chosen = (x0 - px, float(dy))
                placed.append(box)
                break
        out.append(chosen)
    return out


def _label_points(
    figure: Figure, ax: Any, labelled: Sequence[tuple[tuple[float, float], str]]
) -> None:
    """Each point's label where it overlaps no other label or point; labels of points drawn
    at one spot are joined; a label with no free spot is left out (the table has every row)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure).draw()  # the constrained layout settles: display positions hold
    spots: dict[tuple[float, float], list[str]] = {}
    for xy, site in labelled:
        spots.setdefault(xy, []).append(site)
    to_points = 72 / figure.dpi
    where = [tuple(v * to_points for v in ax.transData.transform(xy)) for xy in spots]
    texts = [", ".join(dict.fromkeys(sites)) for sites in spots.values()]
    sizes = [(0.56 * LABEL_PT * len(t), LABEL_PT * 1.2) for t in texts]
    for (xy, text), offset in zip(
        zip(spots, texts, strict=True), place_labels(where, sizes), strict=True
    ):
        if offset is not None:
            ax.annotate(text, xy, textcoords="offset points", xytext=offset, fontsize=LABEL_PT)


def _mean_bars(means: Sequence[Mapping[str, Any]]) -> str:
    import matplotlib as mpl
    from matplotlib.figure import Figure

    scored = [m for m in means if m["f1"] is not None]
    figure = Figure(figsize=(7.5, 0.5 + 0.45 * max(len(scored), 2)), layout="constrained")
    ax = figure.add_subplot()
    colours = mpl.colormaps["tab10"]
    names = [m["method"] for m in scored]
    values = [m["f1"] for m in scored]
    ax.barh(names, values, color=[colours(i % 10) for i in range(len(scored))])
    for i, v in enumerate(values):
        ax.text(min(v + 0.01, 0.93), i, f"{v:.3f}", va="center", fontsize=8)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("mean F1 over sites")
    ax.grid(True, axis="x", alpha=0.3)
    return svg_plot(figure, "bars-mean-f1")


# -- sections ----------------------------------------------------------------------------------


def _summary(means: Sequence[Mapping[str, Any]]) -> str:
    rows = [
        [
            _e(m["method"]),
            str(m["runs"]),
            str(m["failed"]),
            _num(m["precision"]),
            _num(m["recall"]),
            _num(m["f1"]),
            _num(m["downloads"], 1),
            _num(m["seconds"], 2),
            _num(m["correct_per_s"], 2),
            _num(m["correct_per_download"]),
        ]
        for m in means
    ]
    head = ["method", "runs", "failed", "mean P", "mean R", "mean F1", "mean downloads"]
    head += ["mean seconds", "mean correct/s", "mean correct/download"]
    return _table(head, rows, cls="summary")


def _matrix(
    rows: Sequence[BenchRow],
    sites: Sequence[str],
    method_order: Sequence[str],
    value: str,
) -> str:
    """Sites × methods for one value ("f1", "downloads", "seconds"), with a mean row."""
    cell: dict[tuple[str, str], BenchRow] = {(r.site, r.method): r for r in rows}
    digits = {
        "f1": 3,
        "downloads": 1,
        "state_changes": 1,
        "seconds": 2,
        "correct_per_s": 2,
        "correct_per_download": 3,
    }[value]

    def get(r: BenchRow) -> float | None:
        if r.error is not None:
            return None
        if value == "downloads":
            return float(r.cost.downloads)
        if value == "state_changes":
            return float(r.cost.state_changes)
        result: float | None = getattr(r, value)
        return result

    body: list[list[str]] = []
    for site in sites:
        line = [_e(site)]
        for method in method_order:
            r = cell.get((site, method))
            if r is None:
                line.append('<span class="muted">n/a</span>')
            elif r.error is not None:
                line.append('<span class="muted">failed</span>')
            else:
                v = get(r)
                whole = value in ("downloads", "state_changes") and v is not None
                line.append(_num(int(v)) if whole and v is not None else _num(v, digits))
        body.append(line)
    mean_line = ["mean"]
    for method in method_order:
        values = [v for r in rows if r.method == method and (v := get(r)) is not None]
        mean_line.append(_num(sum(values) / len(values), digits) if values else "—")
    table = _table(["site", *method_order], [*body, mean_line], cls=f"matrix-{value}")
    # mark the last row as the mean row
    last = table.rfind("<tr>")
    return table[:last] + '<tr class="mean">' + table[last + 4 :]


def _short(url: str, base: str) -> str:
    return url[len(base) :] or "/" if base and url.startswith(base) else url


def _compared_row(label: str, want: set[str], got: set[str], base: str) -> list[str]:
    """A row of the tree table: counts true, found and correct, then missing and extra URLs."""
    return [
        label,
        str(len(want)),
        str(len(got)),
        str(len(want & got)),
        _url_list(want - got, base),
        _url_list(got - want, base),
    ]


def _url_list(urls: Iterable[str], base: str) -> str:
    chosen = sorted(urls)
    if not chosen:
        return "—"
    items = "".join(f"<li>{_e(_short(u, base))}</li>" for u in chosen[:EXAMPLES])
    more = f"<li>… {len(chosen) - EXAMPLES} more</li>" if len(chosen) > EXAMPLES else ""
    return f'<ul class="urls url">{items}{more}</ul>'


def _tree(run: BenchRun) -> str:
    truth: SiteTruth = run.truth
    assert run.run is not None
    result = run.run.result
    base = truth.base_url
    found_levels: tuple[tuple[str, ...], ...] | None = None
    entities: tuple[str, ...] = run.run.found
    if isinstance(result, Discovery):
        found_levels = result.index_pages or None
        entities = result.entities or entities
    head = ["", "true", "found", "correct", "missing (examples)", "extra (examples)"]
    body: list[list[str]] = []
    # Levels are aligned from the entities upward: a method that climbed one level too high
    # (a taller tree) shows an extra top level, not every level shifted by one.
    true_levels = truth.index_levels
    depth = max(len(true_levels), len(found_levels or ()))
    for level in range(depth):
        up = depth - level  # 1 = the level just above the entities
        want = set(true_levels[-up]) if up <= len(true_levels) else set()
        if found_levels is None:
            body.append(
                [
                    f"index level {level}",
                    str(len(want)),
                    '<span class="muted">not reported</span>',
                    "—",
                    "—",
                    "—",
                ]
            )
            continue
        got = set(found_levels[-up]) if up <= len(found_levels) else set()
        body.append(_compared_row(f"index level {level}", want, got, base))
    label = f"entities ({_e(truth.target_type or 'target')})"
    body.append(_compared_row(label, set(truth.target_entities), set(entities), base))
    title = f"{_e(truth.site)} · {_e(run.row.method)}"
    seed = f'<p class="note">seed entity <span class="url">{_e(_short(truth.seed_entity, base))}</span></p>'
    return f'<h3 id="tree-{_e(truth.site)}-{_e(run.row.method)}">{title}</h3>{seed}' + _table(
        head, body, cls="tree"
    )


def _image_src(source: str, base_dir: Path | None) -> tuple[str | None, str]:
    """A data URI for an image given as data URI or path; (None, reason) when unreadable."""
    if source.startswith("data:image/"):
        return source, ""
    path = Path(source)
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    mime = mimetypes.guess_type(path.name)[0]
    if mime is None or not mime.startswith("image/"):
        return None, f"not an image file name: {source}"
    try:
        data = path.read_bytes()
    except OSError as e:
        return None, f"cannot read {source}: {e.strerror or e}"
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}", ""


def _images(runs: Sequence[BenchRun], base_dir: Path | None) -> str:
    figures: list[str] = []
    for run in runs:
        for label, source in run.row.images:
            caption = f"{_e(run.row.site)} · {_e(run.row.method)} · {_e(label)}"
            src, problem = _image_src(source, base_dir)
            if src is None:
                figures.append(
                    f'<figure><p class="muted">{_e(problem)}</p><figcaption>{caption}</figcaption></figure>'
                )
            else:
                figures.append(
                    f'<figure><img src="{_e(src)}" alt="{caption}"><figcaption>{caption}</figcaption></figure>'
                )
    return f'<div class="images">{"".join(figures)}</div>'


def _all_rows(rows: Sequence[BenchRow]) -> str:
    head = ["site", "method", "P", "R", "F1", "found", "true", "downloads", "lower bound"]
    head += ["renders", "actions", "seconds", "correct/s", "correct/download", "complete"]
    head += ["other"]
    body = []
    for r in rows:
        other = [f"{k} {_num(v)}" for k, v in r.scores.items()]
        other += [f"{k} {v if not isinstance(v, float) else _num(v)}" for k, v in r.extra.items()]
        body.append(
            [
                _e(r.site),
                _e(r.method),
                _num(r.precision),
                _num(r.recall),
                _num(r.f1),
                str(r.found),
                str(r.relevant),
                str(r.cost.downloads),
                str(r.lower_bound_downloads),
                str(r.cost.renders),
                str(r.cost.actions),
                _num(r.seconds, 2),
                _num(r.correct_per_s, 2),
                _num(r.correct_per_download),
                "yes" if r.complete else "no",
                _e("; ".join(other)),
            ]
        )
    return _table(head, body, text_cols=(0, 1, len(head) - 1), cls="runs")


def _tiers(tiers: Sequence[Mapping[str, Any]]) -> list[str]:
    """The real tier beside the lab: a section when the bench ran real applications."""
    if not tiers:
        return []
    head = ["method", "real app", "F1", "cold F1 @ commit", "lab F1", "lab sites", "gap"]
    head += ["within", "downloads", "lower bound", "renders", "seconds"]
    body = []
    for t in tiers:
        f1 = _num(t["f1"]) if t["error"] is None else f"failed: {_e(t['error'])}"
        cells = [_e(t["method"]), _e(t["site"]), f1, _e(cold_cell(t)), _num(t["lab_f1"])]
        cells += [str(t["lab_sites"]), _num(t["gap"]), t["verdict"], str(t["downloads"])]
        cells += [str(t["lower_bound"]), str(t["renders"])]
        body.append([*cells, _num(t["seconds"], 1)])
    return [
        '<h2 id="tiers">Real applications beside the lab</h2>',
        f'<p class="note">Each run on a real application beside its method\'s mean F1 over the '
        f"lab's synthetic sites; the target is a gap of at most {TIER_GAP}. A reference crawl, "
        "bounded by its page cap, is set beside them but not judged. The cold F1 is the "
        "method's first score on the application, kept with the commit it ran at before any "
        "change made for it (– : the application joined before cold scores were kept).</p>",
        _table(head, body, text_cols=(0, 1, 2, 3), cls="tiers"),
    ]


def render_report(
    runs: Sequence[BenchRun],
    *,
    title: str = "siteseer lab bench",
    meta: Mapping[str, str] | None = None,
    base_dir: Path | None = None,
    reference: Sequence[Mapping[str, Any]] = (),
    cold: Mapping[tuple[str, str], ColdScore] | None = None,
) -> str:
    """The report as one HTML document. `base_dir` resolves relative image paths; `reference`
    (an earlier lab bench's rows) is the lab side of the real tier's comparison, `cold` the
    real applications' cold scores ((site, method) → score)."""
    rows = [r.row for r in runs]
    sites = list(dict.fromkeys(r.site for r in rows))
    method_order = sorted({r.method for r in rows})
    means = method_means(rows)
    info = {"generated": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), **(meta or {})}
    info.setdefault("runs", str(len(rows)))
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,">',
        f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{_e(title)}</h1>",
        '<dl class="meta">'
        + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in info.items())
        + "</dl>",
    ]
    if not rows:
        parts.append('<p class="note">No runs.</p></body></html>')
        return "\n".join(parts)
    parts += [
        '<h2 id="summary">Summary by method</h2>',
        '<p class="note">Means over the sites each method ran on; failed runs are counted, '
        "not averaged.</p>",
        _summary(means),
        *_tiers(tier_comparison(rows, reference, cold)),
        '<h2 id="per-site">Per site</h2>',
        "<h3>F1</h3>",
        _matrix(rows, sites, method_order, "f1"),
        "<h3>Downloaded pages</h3>",
        _matrix(rows, sites, method_order, "downloads"),
        "<h3>State changes (page loads plus browser actions)</h3>",
        _matrix(rows, sites, method_order, "state_changes"),
        "<h3>Seconds</h3>",
        _matrix(rows, sites, method_order, "seconds"),
        "<h3>Correct entities per second</h3>",
        _matrix(rows, sites, method_order, "correct_per_s"),
        "<h3>Correct entities per download</h3>",
        _matrix(rows, sites, method_order, "correct_per_download"),
        '<h2 id="plots">F1 against cost</h2>',
    ]
    if any(r.f1 is not None and r.error is None for r in rows):
        parts += [
            f'<figure class="plot">{_scatter(rows, method_order)}<figcaption>F1 against '
            "downloaded pages: one marker per method, one point per site.</figcaption></figure>",
            f'<figure class="plot">{_mean_bars(means)}<figcaption>Mean F1 per method.'
            "</figcaption></figure>",
        ]
    else:
        parts.append('<p class="note">No run reported an F1.</p>')
    trees = [
        r
        for r in runs
        if r.run is not None
        and r.truth.kind == "entity-tree"
        and r.truth.index_levels
        and (isinstance(r.run.result, Discovery) or r.run.found)
    ]
    if trees:
        parts += [
            '<h2 id="trees">Entity trees: found against truth</h2>',
            '<p class="note">Index pages per level (pagination pages included) and target '
            "entities; examples are paths under the site's root.</p>",
            *(_tree(r) for r in trees),
        ]
    if any(r.row.images for r in runs):
        parts += ['<h2 id="images">Images</h2>', _images(runs, base_dir)]
    failures = [r.row for r in runs if r.row.error is not None]
    if failures:
        parts += [
            '<h2 id="failures">Failures</h2>',
            _table(
                ["site", "method", "seconds", "downloads", "error"],
                (
                    [
                        _e(f.site),
                        _e(f.method),
                        _num(f.seconds, 2),
                        str(f.cost.downloads),
                        f'<span class="error">{_e(f.error)}</span>',
                    ]
                    for f in failures
                ),
                text_cols=(0, 1, 4),
                cls="failures",
            ),
        ]
    parts += ['<h2 id="runs">All runs</h2>', _all_rows(rows), "</body></html>"]
    return "\n".join(parts)


def write_report(
    runs: Sequence[BenchRun],
    path: Path,
    *,
    title: str = "siteseer lab bench",
    meta: Mapping[str, str] | None = None,
    reference: Sequence[Mapping[str, Any]] = (),
    cold: Mapping[tuple[str, str], ColdScore] | None = None,
) -> Path:
    """Write the report to `path` (relative image paths resolve against its directory)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = render_report(
        runs, title=title, meta=meta, base_dir=path.parent, reference=reference, cold=cold
    )
    path.write_text(text, encoding="utf-8")
    return path
