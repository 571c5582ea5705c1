"""The check of the crawl settings a layer gives (pydantic), apart so that a command run with
its defaults alone does not import pydantic (`siteseer.settings.load_settings`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from siteseer.settings import _SEPARATORS, Settings, parse_duration, parse_pairs

__all__ = ["SettingsModel"]

_DEFAULTS = Settings()


class SettingsModel(BaseModel):
    """The check of the settings some layer gives (`siteseer.settings.Settings`' fields, with
    its defaults): the limits of each value, lists given as one string, durations as text.
    Imported only when there is a value to check (`load_settings`)."""

    # inf and nan are no durations (`--delay inf` overflowed the politeness clock)
    model_config = ConfigDict(extra="forbid", validate_default=True, allow_inf_nan=False)

    delay: float | None = Field(
        default=_DEFAULTS.delay, ge=0, description="seconds between two requests to one host"
    )
    concurrency: int = Field(
        default=_DEFAULTS.concurrency, ge=1, description="HTTP requests in flight per host"
    )
    retries: int = Field(
        default=_DEFAULTS.retries, ge=0, description="extra attempts on 5xx, 429, timeouts"
    )
    timeout: float = Field(
        default=_DEFAULTS.timeout, gt=0, description="seconds one request or navigation may take"
    )
    user_agent: str = Field(
        default=_DEFAULTS.user_agent,
        min_length=1,
        description="User-Agent of every request, HTTP and browser",
    )
    ignore_robots: bool = Field(
        default=_DEFAULTS.ignore_robots, description="load pages robots.txt disallows"
    )
    allow_private_addresses: bool = Field(
        default=_DEFAULTS.allow_private_addresses,
        description="follow hops from a public host to loopback, private, link-local addresses",
    )
    allowed_hosts: tuple[str, ...] = Field(
        default=_DEFAULTS.allowed_hosts,
        description="hosts the crawl may visit (default: the first URL's)",
    )
    headers: tuple[str, ...] = Field(
        default=_DEFAULTS.headers, description='extra request headers, "Name: value"'
    )
    cookies: tuple[str, ...] = Field(
        default=_DEFAULTS.cookies, description='cookies sent to every host, "name=value"'
    )
    proxy: str | None = Field(default=_DEFAULTS.proxy, description="proxy URL for HTTP and browser")
    pages: int | None = Field(
        default=_DEFAULTS.pages, ge=1, description="page budget: loads plus browser actions"
    )
    time_limit: float | None = Field(
        default=_DEFAULTS.time_limit,
        gt=0,
        description="seconds the whole run may take (then it stops, partial)",
    )
    storage_state: Path | None = Field(
        default=_DEFAULTS.storage_state,
        description="Playwright storage state (a logged-in browser)",
    )
    max_age: float | None = Field(
        default=_DEFAULTS.max_age,
        ge=0,
        description="seconds a cached page stays usable (or 30m, 12h, 7d; none: forever)",
    )
    refresh: bool = Field(
        default=_DEFAULTS.refresh, description="load again every page the cache holds"
    )

    @field_validator("allowed_hosts", "headers", "cookies", mode="before")
    @classmethod
    def _split(cls, value: Any, info: Any) -> Any:
        """A list given as one string: a JSON list, or items split by the field's separator."""
        if not isinstance(value, str):
            return value
        text = value.strip()
        if text.startswith("["):
            try:
                return json.loads(text)
            except RecursionError:
                raise ValueError("a JSON list nested too deeply") from None
        return [item.strip() for item in text.split(_SEPARATORS[info.field_name]) if item.strip()]

    @field_validator("max_age", mode="before")
    @classmethod
    def _duration(cls, value: Any) -> Any:
        """A duration given as text: seconds, or a number with s, m, h or d."""
        return parse_duration(value) if isinstance(value, str) else value

    @field_validator("headers")
    @classmethod
    def _headers(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        parse_pairs(value, ":", "header", "Name: value")
        return value

    @field_validator("cookies")
    @classmethod
    def _cookies(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        parse_pairs(value, "=", "cookie", "name=value")
        return value
