"""A designer's own fonts: TrueType files in a game's `fonts/` folder, named as families in its
`fonts/fonts.toml`, set per text slot (`font = "Title"`) or for the whole game (`default`). pnp
embeds the subsets a build uses, as it does DejaVu Sans, which stays the font of every text no
family is named for. Each family says who made it and under what licence, for the credits.

    default = "Body"            # optional: every template text of the game, unless its slot says
    [Title]
    regular = "Cinzel-Regular.ttf"
    bold = "Cinzel-Bold.ttf"    # optional: bold text takes the regular font without it
    italic = "Cinzel-Italic.ttf"            # optional: <i> text leans the regular without it
    bold_italic = "Cinzel-BoldItalic.ttf"   # optional: the italic (or the bold, leaning) without it
    author = "Natanael Gama"
    licence = "SIL Open Font License 1.1"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import LayoutError, meant_or_known
from pnp.files.safefiles import UnsafeFile, read_regular
from pnp.findings import Finding, shown
from pnp.source.tomlfiles import KeyPath, TomlLines, key_text, parse_toml

if TYPE_CHECKING:  # the up-to-date check reads FOLDER without the schema machinery
    from pnp.source.slots import Slot, Template

FOLDER = "fonts"
INDEX = "fonts.toml"
MAX_FONT_BYTES = 32 * 1024 * 1024
MAX_INDEX_BYTES = 256 * 1024
FACES = ("regular", "bold", "italic", "bold_italic")
Register = Callable[[Mapping[str, bytes]], str]  # a family's fonts by face -> the id it is drawn by


class FontRefused(ValueError):
    """A font file pnp cannot embed: its face ("regular" or "bold") and why."""

    def __init__(self, face: str, message: str) -> None:
        super().__init__(message)
        self.face = face


@dataclass(frozen=True, kw_only=True)
class Family:
    name: str
    files: Mapping[str, str]  # face ("regular", "bold") -> its file in the fonts folder
    author: str
    licence: str


class FontShelf:
    """One game's `fonts/` folder: its families read once, each registered on first use."""

    def __init__(self, folder: Path, register: Register) -> None:
        self.folder = folder
        self.register = register
        self.used: dict[str, Family] = {}  # the families the game's texts are set in, by name
        self._ids: dict[str, str] = {}

    @property
    def index(self) -> Path:
        return self.folder / INDEX

    @cached_property
    def _text(self) -> str:
        if not self.index.exists() and not self.index.is_symlink():
            return ""
        try:
            return read_regular(self.index, MAX_INDEX_BYTES, links=False).decode("utf-8")
        except (UnsafeFile, UnicodeDecodeError) as exc:
            raise LayoutError(Finding(path=self.index, message=f"refused: {exc}")) from None

    def names(self) -> dict[str, str]:
        """The id each family of fonts.toml is drawn by, and its name (those `check` registered): a
        family's files registered under another name by an earlier game of the process are still
        called by this game's name."""
        return {made: name for name, made in self._ids.items() if made}

    def lacking(self, face: str) -> dict[str, str]:
        """The id each registered family that has no `face` is drawn by, and its name."""
        families = self.families[1]
        return {made: name for made, name in self.names().items() if face not in families[name].files}

    def at(self, family: str, message: str) -> Finding:
        """`message` about a family, at its table in fonts.toml."""
        return self._at((family,), message)

    def _at(self, loc: KeyPath, message: str) -> Finding:
        line = TomlLines.of(self._text).line_of(loc) or 1
        return Finding(path=self.index, line=line, message=f"{key_text(loc)}: {message}" if loc else message)

    @cached_property
    def families(self) -> tuple[str | None, dict[str, Family]]:
        """The game's default family (None: DejaVu Sans) and each family by name."""
        table = parse_toml(self._text, self.index) if self._text else {}
        default, found, problems = table.pop("default", None), {}, []
        if default is not None and not isinstance(default, str):
            problems.append(self._at(("default",), "give the name of a family of this file, as text"))
        for name, entry in table.items():
            problem = _family_problem(entry)
            if problem:
                problems.append(self._at((name, *problem[0]), problem[1]))
                continue
            files = {face: entry[face] for face in FACES if face in entry}
            found[name] = Family(name=name, files=files, author=entry["author"], licence=entry["licence"])
        if isinstance(default, str) and default not in found:
            problems.append(self._at(("default",), f"no family {default!r} in this file{_known(found)}"))
        if problems:
            raise LayoutError(problems)
        return default, found

    def check(self) -> list[Finding]:
        """Every family's fonts read, checked and registered; the problems of those that cannot be,
        whose texts are set in DejaVu Sans meanwhile (a gap the build refuses at its end)."""
        problems: list[Finding] = []
        for name in self.families[1]:
            try:
                self._ids[name] = self._family_id(name)
            except LayoutError as exc:
                self._ids[name] = ""
                problems += exc.findings
        return problems

    def _family_id(self, name: str) -> str:
        """The id texts in family `name` are drawn with, its fonts read, checked and registered."""
        family = self.families[1][name]
        data = {}
        for face, file in family.files.items():
            path = self.folder / file
            try:
                data[face] = read_regular(path, MAX_FONT_BYTES, links=False)
            except UnsafeFile as exc:
                missing = not path.exists() and not path.is_symlink()
                said = f"no file {file!r} in {shown(self.folder)}" if missing else f"{file}: refused: {exc}"
                raise LayoutError(self._at((name, face), said)) from None
        try:
            registered = self.register(data)
        except FontRefused as exc:
            said = f"{family.files[exc.face]}: not a TrueType font pnp can embed ({exc})"
            raise LayoutError(self._at((name, exc.face), said)) from None
        return registered

    def applied(self, templates: Mapping[str, Template], finding: Any) -> dict[str, Template]:
        """`templates` with each slot's family turned into the id it is drawn with, and the game's
        default family given to every slot that names none; an unknown family is named at its
        slot (`finding(file, key path, message)` places it)."""
        default, known = self.families
        problems: list[Finding] = []

        def resolved(slot: Slot) -> Slot:
            name = slot.font or default or ""
            children = tuple(resolved(child) for child in slot.slots)
            if not name:
                return replace(slot, slots=children) if children != slot.slots else slot
            if name not in known:
                file, path = slot.where
                problems.append(finding(file, (*path, "font"), f"no family {name!r} in {INDEX}{_known(known)}"))
                return slot
            if name not in self._ids:
                self._ids[name] = self._family_id(name)
            if self._ids[name]:
                self.used[name] = known[name]
            return replace(slot, font=self._ids[name], slots=children)

        out = {key: replace(t, slots=tuple(resolved(s) for s in t.slots)) for key, t in templates.items()}
        if problems:
            raise LayoutError(list(dict.fromkeys(problems)))
        return out

    def credits(self) -> list[str]:
        """Who made the fonts the game's texts are set in, and on what terms."""
        return [
            f"Text in {f.name} ({', '.join(f.files.values())}) by {f.author} ({f.licence})." for f in self.used.values()
        ]


def _family_problem(entry: object) -> tuple[KeyPath, str] | None:
    """What is wrong with a family's table, and the key under the family it is said at."""
    if not isinstance(entry, dict):
        return (), 'expected a table of regular = "<file>.ttf", author and licence'
    keys = (*FACES, "author", "licence")
    unknown = [key for key in entry if key not in keys]  # a misspelt face first: it is why the face is missing
    if unknown:
        advice = meant_or_known(unknown[0], keys, "a family has")
        return (unknown[0],), f"unknown key{'.' if advice.startswith(' Did') else ''}{advice}"
    if not isinstance(entry.get("regular"), str):
        return (), 'missing: regular = "<file>.ttf", the family\'s regular font'
    for face in FACES[1:]:
        if face in entry and not isinstance(entry[face], str):
            return (face,), f'give the file of the family\'s {face.replace("_", " ")} font, as "<file>.ttf"'
    files = [entry[face] for face in FACES if face in entry]
    if any("/" in file or "\\" in file or file.startswith(".") for file in files):
        return (), "name each font file as it lies in the fonts folder, without a folder of its own"
    for key in ("author", "licence"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            return (), f'missing: {key} = "...", who made the font and on what terms'
    return None


def _known(found: Mapping[str, object]) -> str:
    return f" (it has {', '.join(sorted(found))})" if found else " (it has none)"
