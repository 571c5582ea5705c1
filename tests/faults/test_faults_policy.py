"""Fault cases decided by pure functions: the address policy, robots.txt recovery, explore's
safety filter. No traffic at all (the address policy is never tried on a real address)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from cases import fault

from siteseer.algorithms.querycentric.controls import control_facets
from siteseer.algorithms.querycentric.safety import (
    unsafe_controls,
    unsafe_form_reason,
    unsafe_reason,
)
from siteseer.crawler.hops import hop_refusal, is_private_host
from siteseer.crawler.robots import Robots, RobotsUnavailable
from siteseer.render import Control, Option, Snapshot

Saw = Callable[[str], None]
PUBLIC = "https://shop.example/list"


@pytest.mark.parametrize(
    "target",
    [
        "http://127.0.0.1/admin",
        "http://localhost:8080/",
        "http://10.0.0.5/",
        "http://172.16.3.4/",
        "http://192.168.1.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://[fe80::1]/",
        "http://[fd00::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://0.0.0.0/",
        "http://100.64.0.1/",
        "http://app.localhost/",
    ],
)
@fault("public host → private or link-local address", "refused (pure check)", within=1)
def test_public_to_private_is_refused(target: str, saw: Saw) -> None:
    reason = hop_refusal(PUBLIC, target)
    assert reason is not None and "private address" in reason
    assert hop_refusal(PUBLIC, target, allow_private=True) is None
    saw(f"{target}: refused; allowed with allow_private")


@pytest.mark.parametrize(
    "target", ["https://other.example/", "http://93.184.216.34/", "http://[2606:4700::1111]/"]
)
@fault("public host → public address", "allowed by the address policy", within=1)
def test_public_to_public_is_allowed(target: str, saw: Saw) -> None:
    assert hop_refusal(PUBLIC, target) is None
    saw(f"{target}: {hop_refusal(PUBLIC, target) or 'allowed'}")


@fault("private host → private address (a lab, an intranet)", "allowed", within=1)
def test_private_to_private_is_allowed(saw: Saw) -> None:
    assert hop_refusal("http://127.0.0.1:8000/", "http://127.0.0.2:8000/") is None
    assert is_private_host("127.0.0.2") and not is_private_host("shop.example")
    saw("allowed")


@pytest.mark.parametrize(
    ("flags", "env"),
    [
        (["--allow-private-addresses"], {}),
        ([], {"SITESEER_ALLOW_PRIVATE_ADDRESSES": "true"}),
    ],
    ids=["flag", "env"],
)
@fault(
    "--allow-private-addresses (flag or SITESEER_ALLOW_PRIVATE_ADDRESSES)",
    "the setting reaches the crawl: public → private hops followed; refused without it",
    within=10,
)
async def test_allow_private_addresses_setting(
    flags: list[str], env: dict[str, str], monkeypatch: pytest.MonkeyPatch, saw: Saw
) -> None:
    from click.testing import CliRunner

    from siteseer.cli import app
    from siteseer.crawler import RedirectRefused, Session
    from siteseer.sessions import crawl_options, session_config
    from siteseer.settings import load_settings

    shown = CliRunner().invoke(app, ["config", *flags], env=env, terminal_width=200)
    assert shown.exit_code == 0, shown.output
    (line,) = [x for x in shown.stdout.splitlines() if x.startswith("allow_private_addresses")]
    assert "= true" in line
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    given = {"allow_private_addresses": True} if flags else {}
    allowed, _ = load_settings(given)
    monkeypatch.delenv("SITESEER_ALLOW_PRIVATE_ADDRESSES", raising=False)
    default, _ = load_settings({})
    private = "http://10.0.0.5/admin"
    # The hop check of a load that started on a public host (no request is sent).
    hop = await Session(session_config(crawl_options(allowed)))._hops.check(
        PUBLIC, private, page=False
    )
    assert hop == private
    with pytest.raises(RedirectRefused, match="private address"):
        await Session(session_config(crawl_options(default)))._hops.check(
            PUBLIC, private, page=False
        )
    saw(f"{line.split('(')[-1].rstrip(')')}: followed; without it: refused")


@pytest.mark.parametrize(
    "target", ["file:///etc/passwd", "data:text/html,x", "javascript:alert(1)", "about:blank", "//"]
)
@fault("hop to a non-http scheme (pure)", "refused", within=1)
def test_other_schemes_are_refused(target: str, saw: Saw) -> None:
    assert hop_refusal(PUBLIC, target) is not None
    saw(f"{target}: {hop_refusal(PUBLIC, target)}")


@fault("robots.txt unavailable, then back", "disallow all, asked again after the wait", within=1)
async def test_robots_recovers(saw: Saw) -> None:
    now = [0.0]
    answers: list[str | Exception] = [RobotsUnavailable("HTTP 503"), "User-agent: *\nAllow: /\n"]
    asked: list[str] = []

    async def load(url: str) -> str | None:
        asked.append(url)
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    robots = Robots("siteseer", load, retry_unavailable=timedelta(seconds=30), clock=lambda: now[0])
    assert not await robots.allowed("http://h.example/a")
    assert robots.unavailable("http://h.example/a") == "HTTP 503"
    now[0] = 10.0
    assert not await robots.allowed("http://h.example/b") and len(asked) == 1  # not yet
    now[0] = 31.0
    assert await robots.allowed("http://h.example/c") and len(asked) == 2
    assert robots.unavailable("http://h.example/c") == ""
    saw("disallowed, then allowed once it answered (asked twice)")


# -- explore's safety filter ---------------------------------------------------------------------


def _box(*controls: Control) -> Snapshot:
    return Snapshot(
        url="http://127.0.0.1/list",
        final_url="http://127.0.0.1/list",
        status=200,
        html="",
        controls=controls,
    )


@pytest.mark.parametrize(
    ("control", "word"),
    [
        (Control("checkbox", "#archive", "Archive all", "Status"), "archive"),
        (Control("checkbox", "#del", "Alle löschen", "Status"), "löschen"),
        (Control("checkbox", "#sup", "Tout supprimer", "État"), "supprimer"),
        (Control("radio", "#cancel", "Cancel order", "Orders"), "cancel"),
        (Control("checkbox", "#sub", "Suscribirse al boletín", "Boletín"), "suscribirse"),
        (Control("button", "#buy", "Comprar ahora (3)", "Oferta"), "comprar"),
        (Control("checkbox", "#ann", "Annulla iscrizione", "Stato"), "annulla"),
        (Control("checkbox", "#opz", "Abonnement opzeggen", "Status"), "abonnement"),
        (
            Control(
                "select",
                "#plan",
                "",
                "Plan",
                name="plan",
                options=(Option("free", "Free"), Option("pro", "Pro")),
                form="#f",
                form_method="post",
                form_action="http://127.0.0.1/plan/change",
            ),
            "plan",
        ),
        (Control("checkbox", "#pay", "Zahlung", "Konto"), "zahlung"),
    ],
)
@fault("state-changing control inside a facet box", "never clicked; named in the trace", within=1)
def test_state_changing_facet_controls(control: Control, word: str, saw: Saw) -> None:
    page = _box(control, Control("checkbox", "#ok", "Red (4)", "Colour"))
    assert [f.value for f in control_facets(page)] == ["Red"]
    ((refused, why),) = unsafe_controls(page)
    assert refused == control and word in why
    saw(f"{control.label or control.name!r}: {why}")


@pytest.mark.parametrize(
    ("method", "action", "fields", "expect"),
    [
        (
            "get",
            "http://127.0.0.1/admin/purge",
            (Control("text", "#d", "Days", name="days"),),
            "purge",
        ),
        (
            "post",
            "http://127.0.0.1/plan/change",
            (Control("select", "#p", "Plan", name="plan"),),
            "plan",
        ),
        (
            "post",
            "http://127.0.0.1/x",
            (Control("text", "#m", "", name="_method", value="DELETE"),),
            "DELETE",
        ),
        ("delete", "http://127.0.0.1/items", (), "DELETE"),
        ("put", "http://127.0.0.1/items", (), "PUT"),
        (
            "get",
            "http://127.0.0.1/search",
            (Control("text", "#pw", "PIN", input_type="password"),),
            "password",
        ),
        (
            "post",
            "http://127.0.0.1/newsletter",
            (Control("checkbox", "#s", "Subscribe", name="opt"),),
            "subscribe",
        ),
        (
            "get",
            "http://127.0.0.1/konto",
            (Control("text", "#k", "Kennwort", name="kw"),),
            "kennwort",
        ),
    ],
)
@fault(
    "state-changing form (by action, field or method)",
    "never submitted, even with --allow-post",
    within=1,
)
def test_state_changing_forms(
    method: str, action: str, fields: tuple[Control, ...], expect: str, saw: Saw
) -> None:
    why = unsafe_form_reason(method, action, (*fields, Control("submit", "#go", "Go")))
    assert expect.lower() in why.lower()
    saw(f"{method.upper()} {action.rsplit('/', 1)[1]}: {why}")


@fault(
    "a search form and ordinary facets", "allowed: the filter is not a blanket refusal", within=1
)
def test_ordinary_controls_pass(saw: Saw) -> None:
    search = (Control("text", "#q", "Search", name="q"), Control("submit", "#go", "Search"))
    assert unsafe_form_reason("get", "http://127.0.0.1/search", search) == ""
    for label in ("Nike (4)", "Cancellation policy: free", "Floor area", "Publisher", "Red"):
        assert unsafe_reason(Control("checkbox", "#c", label, "Facet")) == "", label
    saw("search form and 5 facets allowed")


@fault("a control outside the facet and result regions", "never a facet", within=1)
def test_controls_outside_facet_regions(saw: Saw) -> None:
    page = _box(Control("checkbox", "#remember", "Remember me"), Control("button", "#x", "Dismiss"))
    assert control_facets(page) == ()
    saw("no facet")
