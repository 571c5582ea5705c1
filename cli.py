"""siteseer's command line: parse → build a Session → call a method → write outputs.

Every command is thin; the work lives in render/, crawler/, algorithms/ and lab/. Errors the user
can fix end the command with one line on stderr and exit code 2 (no traceback).
"""

from __future__ import annotations

import typer

app = typer.Typer(
    name="siteseer",
    help="Crawl JavaScript-heavy sites, discover entity pages, explore facets and forms.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
lab_app = typer.Typer(help="Synthetic sites with ground truth: serve, show truth, benchmark.")
templates_app = typer.Typer(help="URL templates (hidden entity pages) and page-template clustering.")
app.add_typer(lab_app, name="lab")
app.add_typer(templates_app, name="templates")


def fail(message: str) -> typer.Exit:
    """Print one line on stderr; the caller raises what this returns (exit code 2)."""
    typer.secho(f"siteseer: {message}", err=True, fg=typer.colors.RED)
    return typer.Exit(code=2)


# --- commands ---------------------------------------------------------------------------------
# Each command below is added next to its own package's work; keep them thin.
