"""Which controls and forms exploration never touches: the safety filter, by effect and by word.

Exploration clicks facets and submits search forms; it must never change anything on the site.
A control or a form is refused when

- it is a password field, or its form holds one;
- its form's method is one that changes state by definition (anything but GET and POST, also
  when a hidden ``_method`` field asks for it) — POST forms need ``--allow-post`` on top, and even
  then these rules hold;
- a word of its label, name, value, selector, form action or (for a form) any field's name,
  label, value or option says it changes state or money: delete, purge, archive, cancel,
  subscribe, payment, plan, password, log in/out, buy … in English, German, French, Spanish,
  Italian, Dutch and Portuguese (`STATE_CHANGING`).

- a link's or form action's path or parameters say delete, remove, purge, destroy or drop, in
  any case form, or clear, flush, reset or rebuild the server's cache or session (render's
  `destructive_word`: ``/items/7/delete``, ``?op=purge``, ``/library/clear_cache``).

These words are a first filter only: what a control does is seen in the browser while it runs
(render/effects.py), where a request that would change state is refused before it leaves; the
explorer then marks the control unsafe and never acts on it again (`Explorer.act`).

`unsafe_controls` lists the controls of a page's facet regions (controls under a facet heading)
that the filter refuses, so that the exploration's trace names every one it skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from siteseer.render import Control, Snapshot, destructive_text, destructive_word

__all__ = ["STATE_CHANGING", "unsafe_controls", "unsafe_form_reason", "unsafe_reason"]

_WORDS = (
    # English
    r"add to (cart|basket|bag|wishlist)|basket|cart|checkout|check out|buy|purchase|order now|"
    r"place order|pay|payment|payments|billing|invoice|donate|delete|purge|erase|wipe|"
    r"destroy|trash|archive|unarchive|cancel|terminate|deactivate|close account|"
    r"remove account|log out|logout|log in|login|sign in|sign out|sign up|signin|signout|signup|"
    r"register|subscribe|unsubscribe|subscription|account|password|passwd|reset|plan|plans|"
    r"upgrade|downgrade|transfer|approve|reject|ban|unpublish|publish|"
    # German
    r"löschen|entfernen|archivieren|kündigen|stornieren|abbestellen|abonnieren|abo|bezahlen|"
    r"zahlung|kaufen|bestellen|warenkorb|kasse|passwort|kennwort|abmelden|anmelden|tarif|"
    # French
    r"supprimer|effacer|archiver|annuler|résilier|désabonner|abonner|abonnement|payer|paiement|"
    r"acheter|commander|panier|mot de passe|déconnexion|connexion|forfait|"
    # Spanish
    r"eliminar|borrar|archivar|cancelar|suscribir|suscribirse|suscripción|pagar|pago|comprar|"
    r"carrito|contraseña|cerrar sesión|iniciar sesión|"
    # Italian
    r"elimina|eliminare|cancella|cancellare|archivia|annulla|disdici|iscriviti|abbonati|paga|"
    r"pagamento|acquista|compra|carrello|esci|accedi|"
    # Dutch
    r"verwijderen|archiveren|annuleren|opzeggen|abonneren|betalen|betaling|kopen|winkelwagen|"
    r"wachtwoord|uitloggen|inloggen|"
    # Portuguese
    r"excluir|apagar|arquivar|assinar|assinatura|pagamento|senha|sair|entrar"
)
STATE_CHANGING = re.compile(rf"\b({_WORDS})\b", re.I)
_SAFE_METHODS = frozenset({"", "get", "post"})


def _word(text: str) -> str:
    """The state-changing word in `text` ("" when none): one of `STATE_CHANGING`, or one that
    says delete, remove, purge, destroy or drop or clears a cache (render's `destructive_text`)."""
    if not text:
        return ""
    match = STATE_CHANGING.search(re.sub(r"[-_/.=&?+]+", " ", text))
    return match.group(0).lower() if match else destructive_text(text)


def unsafe_reason(control: Control | None = None, *, url: str = "", text: str = "") -> str:
    """Why acting on a control or following a link could change something on the site or log us
    in or out; "" when it is safe. Looks at labels, names, selectors, form actions and methods."""
    if url and (word := destructive_word(url)):
        return f"its address says {word!r}"
    parts = [text, urlsplit(url).path if url else ""]
    if control is not None:
        if control.input_type == "password":
            return "password field"
        method = control.form_method.lower()
        if method not in _SAFE_METHODS:
            return f"its form sends {method.upper()}, which changes state"
        parts += [control.label, control.name, control.value, control.selector]
        parts.append(urlsplit(control.form_action).path if control.form_action else "")
        parts += [option.value for option in control.options]
        if control.kind not in ("checkbox", "radio", "select"):
            parts.append(control.group)
    for part in parts:
        word = _word(part)
        if word:
            return f"looks like {word!r}"
    return ""


def unsafe_form_reason(method: str, action: str, controls: Iterable[Control]) -> str:
    """Why submitting a form (its `method`, `action` and every control, submit included) could
    change something on the site; "" when it is safe to submit."""
    verb = method.lower()
    if verb not in _SAFE_METHODS:
        return f"the form sends {verb.upper()}, which changes state"
    word = _word(urlsplit(action).path) or _word(urlsplit(action).query)
    if word:
        return f"its action {urlsplit(action).path or action!r} looks like {word!r}"
    for control in controls:
        if control.input_type == "password":
            return "password field"
        if control.name.lower() == "_method" and control.value.lower() not in _SAFE_METHODS:
            return f"the form asks for {control.value.upper()}, which changes state"
        why = unsafe_reason(control)
        if why:
            return f"{control.label or control.name or control.selector}: {why}"
    return ""


def unsafe_controls(snapshot: Snapshot) -> tuple[tuple[Control, str], ...]:
    """The controls in the page's facet regions (those under a facet heading) that the filter
    refuses, each with why, sorted by selector."""
    out = []
    for control in snapshot.controls:
        if not control.group or control.kind == "submit":
            continue
        why = unsafe_reason(control)
        if why:
            out.append((control, why))
    return tuple(sorted(out, key=lambda pair: pair[0].selector))
