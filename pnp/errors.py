"""One exception tree, so every error a user can cause ends as one clear line, never a traceback."""

from collections.abc import Iterable, Sequence
from pathlib import Path

import click

from pnp.findings import Finding


class Interrupted(BaseException):
    """SIGTERM or Ctrl-C: unwinds every command (outside click's own handling), so temporary files
    are removed and worker processes ended on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.code = 128 + signum


class PnpError(click.ClickException):
    """Base: click prints `Error: <message>` and exits with `exit_code`."""

    exit_code = 1


class UsageProblem(PnpError):
    """Bad option values or impossible requests (a card that cannot fit the paper): exit 2. One
    at a place (a pnp.toml that cannot be read) keeps it, for `--format json`."""

    exit_code = 2

    def __init__(self, message: str | Finding) -> None:
        super().__init__(str(message))
        self.findings = (message,) if isinstance(message, Finding) else ()


class MissingExtra(UsageProblem):
    """A command whose optional dependencies are not installed: names the extra that brings them."""

    @classmethod
    def check(cls, command: str, extra: str, modules: tuple[str, ...]) -> None:
        """Import `modules` now; any missing is refused, naming `extra` and how to install it."""
        import importlib

        missing = []
        for module in modules:
            try:
                importlib.import_module(module)
            except ImportError:
                missing.append(module)
        if missing:
            raise cls(
                f"{command} needs pnp's {extra} extra ({', '.join(missing)} not installed): "
                f'pip install "purgatory-pnp[{extra}]"'
            )


class LayoutError(PnpError):
    """Layout data that cannot be read: each of its findings names the file, line and column (a
    plain message names what it can)."""

    def __init__(self, message: str | Finding | Sequence[Finding]) -> None:
        findings = (message,) if isinstance(message, Finding) else () if isinstance(message, str) else tuple(message)
        super().__init__(message if isinstance(message, str) else "\n".join(str(f) for f in findings))
        self.findings = findings

    def placed(self, fallback: Path) -> tuple[Finding, ...]:
        """The findings, or the plain message placed at `fallback` (the game's folder)."""
        return self.findings or (Finding(path=fallback, message=self.message),)


class TextOverflow(LayoutError):
    """A printed text too long for its box: the build names the data key it came from."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


class LayoutSyntaxError(LayoutError):
    """A data file that is not valid TOML: a data problem like any other (exit 1)."""


class IconError(PnpError):
    """An icon that cannot be fetched, imported, verified or parsed."""


class IconRefused(IconError):
    """An icon whose SVG is not one pnp draws (not path data, entities, too large): named with its file
    where the file is known."""


def closest(value: object, known: Iterable[str]) -> str | None:
    """The known name closest to `value`, compared whatever the case and with _, - or a space alike
    ("punishd", "Punished" and "seven_steps" each find one), or None."""
    import difflib

    def plain(name: str) -> str:
        return name.strip().lower().replace("_", "-").replace(" ", "-")

    names = {plain(name): name for name in known}
    close = difflib.get_close_matches(plain(str(value)), list(names), n=1, cutoff=0.75)
    return names[close[0]] if close else None


def did_you_mean(value: object, known: Iterable[str]) -> str:
    """ " Did you mean 'x'?" for the closest known name, or ""."""
    name = closest(value, known)
    return f" Did you mean {name!r}?" if name is not None else ""


def meant_or_known(value: object, known: Iterable[str], label: str = "known") -> str:
    """ " Did you mean 'x'?" for the closest known name, else the names to choose from
    (" (known: a, b)"): a suggestion alone where there is one, not drowned by the whole list."""
    names = sorted(known)
    return did_you_mean(value, names) or f" ({label}: {', '.join(names)})"
