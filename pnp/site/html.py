"""HTML pages from the package's jinja2 templates (the gallery, the balance report), each
template compiled once per process: `pnp watch` and the tests render them again and again."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import Environment


@cache
def _environment() -> Environment:
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(loader=PackageLoader("pnp.site", "templates"), autoescape=select_autoescape(["html", "j2"]))


def render_page(template: str, **values: Any) -> str:
    page: str = _environment().get_template(template).render(**values)
    return page
