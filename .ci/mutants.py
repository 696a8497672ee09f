"""The mutation check: plant each bug below, one at a time, in a copy of the project, run the tests
that should catch it, and fail if any bug survives. Each bug is one a reviewer once planted or one
this project has shipped; the list says which tests guard against it.

Run from the project's root (CI does, after the test suite): python .ci/mutants.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("pnp", "tests", "layouts", "icons", "examples", "pyproject.toml", "README.md")


@dataclass(frozen=True, kw_only=True)
class Mutant:
    name: str
    file: str
    edits: tuple[tuple[str, str], ...]  # (old, new): each old text must occur exactly once
    tests: tuple[str, ...]  # pytest arguments that must fail with the bug planted


MUTANTS = [
    Mutant(
        name="a picture cut alone from the file's first page",
        file="pnp/pipeline/thumbnails.py",
        edits=(("        single = alone(face.page)\n", "        single = alone(1)\n"),),
        tests=("tests/test_designer_loop.py", "-k", "pictured"),
    ),
    Mutant(
        name="a page alone left under its file's page tree",
        file="pnp/render/compactpdf.py",
        edits=(
            (
                "        numbers = {**order, int(parent.group(1)): 2} if parent is not None else order\n",
                "        numbers = order\n",
            ),
        ),
        tests=("tests/test_compact_pdf.py", "-k", "alone"),
    ),
    Mutant(
        name="a page alone whose forms name their resources by the file's numbers",
        file="pnp/render/compactpdf.py",
        edits=(("REFERENCE.sub(renumbered, body[len(whole) : split])", "body[len(whole) : split]"),),
        tests=("tests/test_compact_pdf.py", "-k", "alone"),
    ),
    Mutant(
        name="a row read twice in one read made two tables",
        file="pnp/source/cardlists.py",
        edits=(
            (
                "            record = read.again(cells[i])  # the same cells twice: one table\n",
                "            record = None\n",
            ),
        ),
        tests=("tests/test_csv_rows.py", "-k", "one_table"),
    ),
    Mutant(
        name="a shown design counted in the last run that holds it alone",
        file="pnp/pipeline/gallery_view.py",
        edits=(("            shown[key] += fronts[key]\n", "            shown[key] = fronts[key]\n"),),
        tests=("tests/test_gallery_counts.py",),
    ),
    Mutant(
        name="the gallery shows one design of the first kind and stops",
        file="pnp/pipeline/gallery_view.py",
        edits=(("            if not left:\n                break\n", "            break\n"),),
        tests=("tests/test_gallery_counts.py",),
    ),
    Mutant(
        name="a tiled board's picture taken for any board of as many tiles",
        file="pnp/pipeline/thumbnails.py",
        edits=(("    key = tuple((id(image), x, y) for image, x, y in laid)\n", "    key = ((len(laid), 0, 0),)\n"),),
        tests=("tests/test_designer_loop.py", "-k", "board_on_tiles"),
    ),
    Mutant(
        name="a board's file taken as it was whatever its sections now draw",
        file="pnp/render/documentkeep.py",
        edits=(("        return last if last.spec == spec else None\n", "        return last\n"),),
        tests=("tests/test_document_keep.py", "-k", "board"),
    ),
    Mutant(
        name="a spliced page's new letter left out of the file's fonts",
        file="pnp/render/documentkeep.py",
        edits=(("            or keep.digest != after\n", ""),),
        tests=("tests/test_document_keep.py",),
    ),
    Mutant(
        name="a spliced page placing other forms under its old page dictionary",
        file="pnp/render/documentkeep.py",
        edits=(("            or keep.resources[-1] != last.resources[i]\n", ""),),
        tests=("tests/test_document_keep.py",),
    ),
    Mutant(
        name="objects after a spliced page left where they were",
        file="pnp/render/compactpdf.py",
        edits=(("offset + shifts[bisect_right(ends, offset)] for", "offset for"),),
        tests=("tests/test_document_keep.py",),
    ),
    Mutant(
        name="a spliced page's operators put in the place of the page before it",
        file="pnp/render/documentkeep.py",
        edits=(
            (
                "        streams[last.objects.contents[i]] = drawer",
                "        streams[last.objects.contents[i - 1]] = drawer",
            ),
        ),
        tests=("tests/test_document_keep.py",),
    ),
    Mutant(
        name="a changed page drawn without the pages that set the state it finds",
        file="pnp/render/documentkeep.py",
        edits=(("        while given < len(stateful) and stateful[given] < i:", "        while False:"),),
        tests=("tests/test_document_keep.py",),
    ),
    Mutant(
        name="a document spliced into a file whose icons' forms were since edited",
        file="pnp/render/documentkeep.py",
        edits=(("    if not drawer.keep.forms.drawn_as(last.sources):", "    if False:"),),
        tests=("tests/test_document_keep.py", "-k", "own_art"),
    ),
    Mutant(
        name="a document spliced into a file whose pictures' forms were since edited",
        file="pnp/render/pages.py",
        edits=(
            (
                "(own().picture(ref) if is_picture_ref(ref) else self.store.shape_of(ref))",
                "(drawn if is_picture_ref(ref) else self.store.shape_of(ref))",
            ),
        ),
        tests=("tests/test_document_keep.py", "-k", "own_art"),
    ),
    Mutant(
        name="a page's forms named by the dictionary of another page's first form",
        file="pnp/render/document.py",
        edits=(("        forms = tuple(canvas._formsinuse)\n", "        forms = tuple(canvas._formsinuse)[:1]\n"),),
        tests=("tests/test_print_engine.py",),
    ),
    Mutant(
        name="a manifest's new records left out once written",
        file="pnp/pipeline/manifest.py",
        edits=(("        for i in compress(count(), map(is_, texts, repeat(None))):\n", "        for i in ():\n"),),
        tests=("tests/test_incremental_edits.py", "-k", "pydantic_writes"),
    ),
    Mutant(
        name="a board's tiles left uncounted when records are counted a list at a time",
        file="pnp/render/placed.py",
        edits=(("        flags[i] = placed[i].counted\n", "        flags[i] = False\n"),),
        tests=("tests/test_placed_runs.py",),
    ),
    Mutant(
        name="a picture cut from whichever PDF was opened last",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "    found = opened.pop(pdf, None)\n",
                "    found = opened.pop(next(reversed(opened)), None) if opened else None\n",
            ),
        ),
        tests=("tests/test_designer_loop.py",),
    ),
    Mutant(
        name="a design taken out of the data left off the change list",
        file="pnp/pipeline/reprint.py",
        edits=(
            (
                "    for key in sorted({*moved, *(before.keys() - after.keys())} - set(renamed.values())):\n",
                "    for key in sorted(moved):\n",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "edited_in_places"),
    ),
    Mutant(
        name="the reprint stops at the first changed design it finds",
        file="pnp/pipeline/reprint.py",
        edits=(
            ("                if not wanted:  # every change found", "                if True:  # every change found"),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "edited_in_places"),
    ),
    Mutant(
        name="a run of sides read over the designer's pictures kept as read",
        file="pnp/pipeline/legibility.py",
        edits=(
            (
                "                if not any(is_picture_ref(ref) for elements, _ in run.items for ref in icon_refs(elements)):",
                "                if True:",
            ),
        ),
        tests=("tests/test_own_art.py", "tests/test_legibility.py"),
    ),
    Mutant(
        name="a run's pictures taken from the run before",
        file="pnp/pipeline/resolution.py",
        edits=(
            (
                "            found = run.found.get(_pictures)\n",
                "            found = run.found.get(_pictures) or next(iter(_PICTURES._entries.values()), (None, None))[1]\n",
            ),
        ),
        tests=("tests/test_own_art.py",),
    ),
    Mutant(
        name="a count off its rules named with the designs of every kind as more",
        file="pnp/games/straight_to.py",
        edits=(("        more = types.count(kind) - len(where)\n", "        more = len(types) - len(where)\n"),),
        tests=("tests/test_incremental_edits.py", "-k", "off_its_count"),
    ),
    Mutant(
        name="a count off its rules named with designs of the other kind",
        file="pnp/games/straight_to.py",
        edits=(("map(eq, types, repeat(kind))", "map(ne, types, repeat(kind))"),),
        tests=("tests/test_incremental_edits.py", "-k", "off_its_count"),
    ),
    Mutant(
        name="a run of a long list found again by its place, whatever it holds now",
        file="pnp/runs.py",
        edits=(("            key = tuple(known[start : start + RUN])\n", "            key = (start,)\n"),),
        tests=("tests/test_placed_runs.py", "tests/test_incremental_edits.py", "-k", "tallied_again or deep_in_a_long"),
    ),
    Mutant(
        name="a run of sides found again by the colours under them alone",
        file="pnp/render/sideruns.py",
        edits=(
            (
                "    keys = list(zip(map(id, (elements for elements, _ in sides)), (under for _, under in sides), strict=True))\n",
                "    keys = [under for _, under in sides]\n",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "checked_again"),
    ),
    Mutant(
        name="a design's first front taken from the last run that shows it",
        file="pnp/pipeline/manifest.py",
        edits=(
            (
                '        for fronts in reversed(tallies(placed, "first fronts", Face._first_in, memory)):\n',
                '        for fronts in tallies(placed, "first fronts", Face._first_in, memory):\n',
            ),
        ),
        tests=("tests/test_placed_runs.py",),
    ),
    Mutant(
        name="a Soul with another back passes as hidden among the rest",
        file="pnp/pipeline/checks.py",
        edits=(
            (
                "            if kind in kinds:\n                backs[back] += count\n",
                "            if kind in kinds:\n                backs[back] = 1\n",
            ),
        ),
        tests=("tests/test_placed_runs.py",),
    ),
    Mutant(
        name="the designs past the caption left uncounted",
        file="pnp/pipeline/gallery_view.py",
        edits=(('    more = {"designs": named - len(shown),', '    more = {"designs": len(shown) - len(shown),'),),
        tests=("tests/test_designer_loop.py", "-k", "many_designs"),
    ),
    Mutant(
        name="a kept page's operators listed a byte off",
        file="pnp/render/compactpdf.py",
        edits=(
            (
                "            whole = objects.written[number] = content.whole\n            direct[number] = at\n",
                "            whole = objects.written[number] = content.whole\n            direct[number] = at + 1\n",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "forced_build"),
    ),
    Mutant(
        name="a document's sides leave out the backs of its pieces",
        file="pnp/render/specs.py",
        edits=(
            ("                sided = map(is_not, backs, repeat(None))\n", "                sided = repeat(False)\n"),
        ),
        tests=("tests/test_validate.py", "-k", "card_back_is_named"),
    ),
    Mutant(
        name="a card list read again from a row that begins where the edit does",
        file="pnp/source/csvrows.py",
        edits=(("bisect_left(last.starts, same) - 1", "bisect_left(last.starts, same + 1) - 1"),),
        tests=("tests/test_csv_rows.py",),
    ),
    Mutant(
        name="a card list's rows after an edit keep their old line numbers",
        file="pnp/source/csvrows.py",
        edits=(
            (
                "                shift, kept = line - last.rows[after][0], last.rows[after:]\n",
                "                shift, kept = 0, last.rows[after:]\n",
            ),
        ),
        tests=("tests/test_csv_rows.py",),
    ),
    Mutant(
        name="a card list's rows after an edit keep their old places in the text",
        file="pnp/source/csvrows.py",
        edits=(
            (
                "                starts += [start + delta for start in last.starts[after:]]\n",
                "                starts += last.starts[after:]\n",
            ),
        ),
        tests=("tests/test_csv_rows.py",),
    ),
    Mutant(
        name="a card list's runs looked at for their icons only when all are wanted",
        file="pnp/source/tomlfiles.py",
        edits=(("            if only is None or any(map(only, refs)):\n", "            if only is None:\n"),),
        tests=("tests/test_incremental_edits.py", "-k", "deep_in_a_long"),
    ),
    Mutant(
        name="a marked-up text of a card list placed at its run's first row",
        file="pnp/source/tomlfiles.py",
        edits=(
            (
                "        out += [((*loc, start + i, *where), text) for i, where, text in found]\n",
                "        out += [((*loc, start, *where), text) for i, where, text in found]\n",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "deep_in_a_long"),
    ),
    Mutant(
        name="a card list's typed values taken from its first run for every run",
        file="pnp/source/models.py",
        edits=(
            (
                "            made = run.found.get(key)\n",
                "            made = runs[0][1].found.get(key) if len(runs[0][1].rows) == len(run.rows) else None\n",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "deep_in_a_long"),
    ),
    Mutant(
        name="a side drawn often enough for a form stays one when drawn less",
        file="pnp/render/sharing.py",
        edits=(("            self.repeated.discard(key)\n", ""),),
        tests=("tests/test_print_engine.py", "-k", "mending"),
    ),
    Mutant(
        name="a side that came or went leaves its elements' tallies as they were",
        file="pnp/render/sharing.py",
        edits=(
            (
                "        if any((self.uses[element] > 1) != (element in self.common) for element in moved):\n",
                "        if False:\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "mending"),
    ),
    Mutant(
        name="a mended tally counts a side's runs as often as it was drawn before",
        file="pnp/render/sharing.py",
        edits=(("            step = _runs_counted(now) - _runs_counted(before)\n", "            step = 0\n"),),
        tests=("tests/test_print_engine.py", "-k", "mending"),
    ),
    Mutant(
        name="a tally mended though its pieces are a different number",
        file="pnp/render/sharing.py",
        edits=(("        if len(pieces) != len(self.pieces):\n            return None\n", ""),),
        tests=("tests/test_incremental_edits.py", "-k", "forced_build"),
    ),
    Mutant(
        name="a component told apart from itself compares its first design alone",
        file="pnp/pipeline/legibility.py",
        edits=(("            most = 1 if len(names) > 1 else None\n", "            most = 1\n"),),
        tests=("tests/test_legibility.py",),
    ),
    Mutant(
        name="a deck's run of designs kept though it found a layout mistake",
        file="pnp/runs.py",
        edits=(("            if slips() == said:\n", "            if True:\n"),),
        tests=("tests/test_incremental_edits.py", "-k", "layout_mistake"),
    ),
    Mutant(
        name="a deck's run of designs kept whatever the game's context",
        file="pnp/runs.py",
        edits=(
            (
                "        now = last if last is not None and last == context else context",
                "        now = last if last is not None else context",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "forced_build"),
    ),
    Mutant(
        name="a deck's run of designs kept though the card's templates changed",
        file="pnp/games/__init__.py",
        edits=(("            tuple(self.templates.items()),\n", ""),),
        tests=("tests/test_incremental_edits.py", "-k", "forced_build"),
    ),
    Mutant(
        name="a list's runs kept whatever else the game's data holds (a field left out of the key)",
        file="pnp/games/__init__.py",
        edits=(("            rest,\n", ""),),
        tests=("tests/test_incremental_edits.py", "-k", "forced_build"),
    ),
    Mutant(
        name="a manifest's record taken from the last one's place though another record stands there",
        file="pnp/pipeline/manifest.py",
        edits=(("compress(places, map(is_not, records, last_records))", "compress(places, map(ne, keys, keys))"),),
        tests=("tests/test_incremental_edits.py",),
    ),
    Mutant(
        name="a manifest's design taken from the last one's place though another key stands there",
        file="pnp/pipeline/manifest.py",
        edits=(("*compress(places, map(ne, keys, last_keys))", ""),),
        tests=("tests/test_incremental_edits.py",),
    ),
    Mutant(
        name="a plot's legend laid over the points where its lines end",
        file="pnp/analysis/publish.py",
        edits=(('figure.legend(loc="outside right upper", fontsize=8)', "axes.legend(fontsize=8)"),),
        tests=("tests/test_report.py", "-k", "no_plot_hides"),
    ),
    Mutant(
        name="Seven Steps' best play takes the last of equal options",
        file="pnp/analysis/seven_steps_optimal.py",
        edits=(("    for i in reversed(range(len(goals))):\n", "    for i in range(len(goals)):\n"),),
        tests=("tests/test_report.py", "-k", "ties"),
    ),
    Mutant(
        name="Seven Steps' best play drops each challenge's last group of rolls",
        file="pnp/analysis/seven_steps_optimal.py",
        edits=(
            (
                "            mine = slice(offers.ends[c], offers.ends[c + 1])\n",
                "            mine = slice(offers.ends[c], offers.ends[c + 1] - 1)\n",
            ),
        ),
        tests=("tests/test_report.py", "-k", "hand_counts"),
    ),
    Mutant(
        name="a document's pages found by the first build's document key",
        file="pnp/render/pagekeep.py",
        edits=(("kept if kept == key else key", "kept if kept is not None else key"),),
        tests=("tests/test_incremental_edits.py", "-k", "forced"),
    ),
    Mutant(
        name="a kept design's text taken under another key",
        file="pnp/pipeline/manifest.py",
        edits=(
            (
                "return kept[1] if kept is not None and kept[0] == key else None",
                "return kept[1] if kept is not None else None",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "pydantic_writes"),
    ),
    Mutant(
        name="a kept page written as before whatever numbers it takes",
        file="pnp/render/compactpdf.py",
        edits=(
            (
                "        and kept.number == number\n        and kept.contents == doc.objectcounter + 1\n",
                "        and kept.page\n",
            ),
        ),
        tests=("tests/test_compact_pdf.py", "-k", "numbered_as_before"),
    ),
    Mutant(
        name="a sheet's kept pages found without the colour under its pieces",
        file="pnp/render/sheetkeep.py",
        edits=(("        piece.background,\n", ""),),
        tests=("tests/test_incremental_edits.py", "-k", "forced"),
    ),
    Mutant(
        name="a sheet's kept pages found without its number",
        file="pnp/render/sheetkeep.py",
        edits=(("else (number, tuple(map(piece_key, pieces)))", "else (tuple(map(piece_key, pieces)),)"),),
        tests=("tests/test_print_engine.py", "-k", "keep_their_own_pages"),
    ),
    Mutant(
        name="a sheet of the very pieces found again without its number",
        file="pnp/render/sheetkeep.py",
        edits=(
            ("            fast = (number, tuple(map(id, pieces)))\n", "            fast = tuple(map(id, pieces))\n"),
        ),
        tests=("tests/test_print_engine.py", "-k", "keep_their_own_pages"),
    ),
    Mutant(
        name="a side's kept runs taken whatever this document shares",
        file="pnp/render/sharing.py",
        edits=(
            ("    if found_before is not None and found_before[0] is common:\n", "    if found_before is not None:\n"),
        ),
        tests=("tests/test_print_engine.py", "-k", "kept_from_an_earlier"),
    ),
    Mutant(
        name="a manifest's kept records after the first cut without their opening",
        file="pnp/pipeline/manifest.py",
        edits=(("(key, part if i == 0 else lead + part, record)", "(key, part, record)"),),
        tests=("tests/test_incremental_edits.py", "-k", "pydantic_writes"),
    ),
    Mutant(
        name="a kept thumbnail found by its box alone, not by what its page is drawn from",
        file="pnp/pipeline/thumbnails.py",
        edits=(("key = (digest, face.x,", "key = (face.x,"),),
        tests=("tests/test_incremental_edits.py", "-k", "forced"),
    ),
    Mutant(
        name="a page's digest without the objects it reaches",
        file="pnp/render/compactpdf.py",
        edits=(("todo.extend(int(ref) for ref in reversed(REFERENCE.findall(head)))", "todo.extend(())"),),
        tests=("tests/test_incremental_edits.py", "-k", "forced"),
    ),
    Mutant(
        name="a card list's row kept by its first three cells",
        file="pnp/source/cardlists.py",
        edits=(
            (
                "    cells = list(map(tuple, map(itemgetter(1), filled)))\n",
                "    cells = [tuple(row[:3]) for _, row in filled]\n",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "forced"),
    ),
    Mutant(
        name="a kept row's value handed to the model while gaps are drawn",
        file="pnp/source/models.py",
        edits=(("lists, checked=not also, rows=source.rows)", "lists, checked=True, rows=source.rows)"),),
        tests=("tests/test_designer_loop.py", "-k", "went_missing"),
    ),
    Mutant(
        name="own art's strokes left undrawn",
        file="pnp/render/pages.py",
        edits=(
            (
                "            if stroke is not None:\n                self._stroke(",
                "            if stroke is None:\n                self._stroke(",
            ),
        ),
        tests=("tests/test_own_art.py", "-k", "strokes"),
    ),
    Mutant(
        name="line art of one colour stroked in its own colour, not the slot's",
        file="pnp/source/svgshape.py",
        edits=(('colour=stroke.colour if own else ""', "colour=stroke.colour"),),
        tests=("tests/test_own_art.py", "-k", "strokes"),
    ),
    Mutant(
        name="a designer's family known by its name, not its files",
        file="pnp/render/fonts.py",
        edits=(
            (
                'digest = hashlib.sha256(b"\\0".join(faces.get(face, b"") for face in FACES)).hexdigest()',
                "digest = hashlib.sha256(name.encode()).hexdigest()",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "forced"),
    ),
    Mutant(
        name="marked-up texts looked for in tables but not in lists",
        file="pnp/source/tomlfiles.py",
        edits=(
            (
                "        elif isinstance(value, (dict, list)):\n            _holding_into(",
                "        elif isinstance(value, dict):\n            _holding_into(",
            ),
        ),
        tests=("tests/test_own_fonts.py", "-k", "seven"),
    ),
    Mutant(
        name="a piece's fingerprint kept without the colour under its face",
        file="pnp/pipeline/reprint.py",
        edits=(
            (
                "    key = (piece.back, piece.background, piece.back_background,",
                "    key = (piece.back, piece.back_background,",
            ),
        ),
        tests=("tests/test_incremental_edits.py", "-k", "tint_edited"),
    ),
    Mutant(
        name="a manifest taken from memory though its file was changed",
        file="pnp/pipeline/manifest.py",
        edits=(("    return kept[1] if _stamp(path) == kept[0] else None\n", "    return kept[1]\n"),),
        tests=("tests/test_incremental_edits.py", "-k", "read_back"),
    ),
    Mutant(
        name="a page stream found again by the start of its operators alone",
        file="pnp/render/pdfobjects.py",
        edits=(("hashlib.sha256(text.encode(", "hashlib.sha256(text[:200].encode("),),
        tests=("tests/test_compact_pdf.py", "-k", "reportlab_writes"),
    ),
    Mutant(
        name="a kept page taken whatever letters and forms the document has so far",
        file="pnp/render/pagekeep.py",
        edits=(("(self.document, self.digest, fill,", "(self.document, fill,"),),
        tests=("tests/test_incremental_edits.py",),
    ),
    Mutant(
        name="page dictionaries written without reportlab's line every six pairs",
        file="pnp/render/pdfobjects.py",
        edits=(("reversed(range(6, len(pairs), 6))", "reversed(range(7, len(pairs), 7))"),),
        tests=("tests/test_compact_pdf.py", "-k", "reportlab_writes"),
    ),
    Mutant(
        name="a piece composed again is found by its template's name alone",
        file="pnp/render/composedkeep.py",
        edits=(("kept.first.setdefault(template, template)", "kept.first.setdefault(template.name, template)"),),
        tests=("tests/test_incremental_edits.py",),
    ),
    Mutant(
        name="a missing mat icon also reported as an icon without a star",
        file="pnp/games/exit_from_purgatory.py",
        edits=(("even_star(6) if data.mat.icon == GAP_ICON else ", ""),),
        tests=("tests/test_validate.py", "-k", "mat_icon"),
    ),
    Mutant(
        name="a gap listed among a build's icons",
        file="pnp/pipeline/build.py",
        edits=(("icons=[ref for ref in doc.icons if ref != GAP_ICON],", "icons=doc.icons,"),),
        tests=("tests/test_validate.py", "-k", "mat_icon"),
    ),
    Mutant(
        name="a forced build of the same designs drops the last change list",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "    standing = previous.changes if previous is not None and not found else None\n",
                "    standing = None\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "reprint_holds"),
    ),
    Mutant(
        name="pnp in the wrong Python names only the first library it misses",
        file="pnp/requirements.py",
        edits=(("            out.append(name)\n", "            pass\n"),),
        tests=("tests/test_installed_project.py", "-k", "without_its_libraries"),
    ),
    Mutant(
        name="a text over an own picture read against the card under the picture",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "legibility(plan.specs, plan.source, slug, memory, store.art)",
                "legibility(plan.specs, plan.source, slug, memory)",
            ),
        ),
        tests=("tests/test_own_art.py", "-k", "over_an_own"),
    ),
    Mutant(
        name="a form named after what its drawing makes first",
        file="pnp/render/pages.py",
        edits=(
            (
                '            self.names[key] = name = name or f"F{len(self.names)}"\n',
                '            name = name or f"F{len(self.names)}"\n',
            ),
            (
                "            self.canvas.endForm()\n",
                "            self.canvas.endForm()\n            self.names[key] = name\n",
            ),
        ),
        tests=("tests/test_own_art.py", "-k", "over_an_own"),
    ),
    Mutant(
        name="a build is up to date though its options changed",
        file="pnp/pipeline/incremental.py",
        edits=(("    digest.update(json.dumps(options, sort_keys=True).encode())\n", ""),),
        tests=("tests/test_incremental_edits.py",),
    ),
    Mutant(
        name="a packed PDF's page streams listed a byte off",
        file="pnp/render/compactpdf.py",
        edits=(
            (
                "                writing.pop(number).stream = whole\n            direct[number] = at\n",
                "                writing.pop(number).stream = whole\n            direct[number] = at + 1\n",
            ),
        ),
        tests=("tests/test_compact_pdf.py",),
    ),
    Mutant(
        name="a packed PDF's cross-reference predicted from the first row only",
        file="pnp/render/compactpdf.py",
        edits=(("int.from_bytes(bytes(width) + data[:-width])", "int.from_bytes(data[:width] + bytes(size - width))"),),
        tests=("tests/test_compact_pdf.py",),
    ),
    Mutant(
        name="a packed PDF's cross-reference rows borrow from their neighbours",
        file="pnp/render/compactpdf.py",
        edits=(("^ ((mine ^ above ^ high) & high)", "^ 0"),),
        tests=("tests/test_compact_pdf.py",),
    ),
    Mutant(
        name="a packed PDF's cross-reference rows lose the byte naming their predictor",
        file="pnp/render/compactpdf.py",
        edits=(("return (less | lead).to_bytes(size)", "return less.to_bytes(size)"),),
        tests=("tests/test_compact_pdf.py",),
    ),
    Mutant(
        name="an object stream's objects placed without the line between them",
        file="pnp/render/compactpdf.py",
        edits=(("            place += len(body) + 1\n", "            place += len(body)\n"),),
        tests=("tests/test_compact_pdf.py",),
    ),
    Mutant(
        name="a CFF font given to reportlab as it is",
        file="pnp/render/fonts.py",
        edits=(("                if has_cff_outlines(data):\n", "                if False:\n"),),
        tests=("tests/test_own_fonts.py", "-k", "cff"),
    ),
    Mutant(
        name="an own SVG of several colours drawn in the slot's colour",
        file="pnp/source/svgshape.py",
        edits=(
            (
                '        fills=tuple(fill if fill is None or own else "" for _, fill, _ in parts),\n',
                '        fills=tuple(fill if fill is None else "" for _, fill, _ in parts),\n',
            ),
        ),
        tests=("tests/test_own_art.py", "-k", "several_colours"),
    ),
    Mutant(
        name="an own SVG's shapes drawn as one even-odd path, overlaps left as holes",
        file="pnp/render/pages.py",
        edits=(("        if not shape.fills:  # an icon", "        if True:  # an icon"),),
        tests=("tests/test_own_art.py", "-k", "several_colours"),
    ),
    Mutant(
        name="a see-through fill of own art printed solid",
        file="pnp/source/svgshape.py",
        edits=(("    alpha = colour.alpha / 255 * min(max(opacity, 0.0), 1.0)\n", "    alpha = 1.0\n"),),
        tests=("tests/test_own_art.py", "-k", "several_colours"),
    ),
    Mutant(
        name="italic text leans the regular face of a family that has an italic",
        file="pnp/render/fonts.py",
        edits=(("        return family + ITALIC, 0.0\n", "        return family, SLANT\n"),),
        tests=("tests/test_own_fonts.py", "-k", "italic"),
    ),
    Mutant(
        name="a build stops at the first gap, before the glyphs and pictures are checked",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "    plan = plan_game(slug, settings, store, memory=memory, keep_gaps=True)\n",
                "    plan = plan_game(slug, settings, store, memory=memory)\n",
            ),
        ),
        tests=("tests/test_own_fonts.py", "-k", "seven"),
    ),
    Mutant(
        name="an unreadable font file stops the build instead of leaving DejaVu in its place",
        file="pnp/source/ownfonts.py",
        edits=(('                self._ids[name] = ""\n', ""),),
        tests=("tests/test_own_fonts.py", "-k", "seven"),
    ),
    Mutant(
        name="a gap's value is drawn as written",
        file="pnp/source/models.py",
        edits=(("        data = _with_gaps(data, also)\n", ""),),
        tests=("tests/test_own_fonts.py", "-k", "seven"),
    ),
    Mutant(
        name="Punished's card texts name a stat without its icon",
        file="layouts/punished/text.toml",
        edits=(
            (
                'stat = "{% if amount > 0 %}+{% endif %}{{ amount }}{{ mark }} {% if icon %}<color {{ color }}><icon {{ icon }}></color>{% endif %}{{ stat }}"',
                'stat = "{% if amount > 0 %}+{% endif %}{{ amount }}{{ mark }} {{ stat }}"',
            ),
            (
                'check = "{% if icon %}<color {{ color }}><icon {{ icon }}></color>{% endif %}{{ stat }}',
                'check = "{{ stat }}',
            ),
            (
                'loss = "lose {{ amount }} {% if icon %}<color {{ color }}><icon {{ icon }}></color>{% endif %}{{ stat }}"',
                'loss = "lose {{ amount }} {{ stat }}"',
            ),
        ),
        tests=("tests/test_rich_text.py", "-k", "games_set and punished"),
    ),
    Mutant(
        name="an inline icon set on the baseline, its foot not dropped to the descent",
        file="pnp/render/painter.py",
        edits=(("cx, cy = x + width / 2, y - ICON_DROP * size + side / 2", "cx, cy = x + width / 2, y + side / 2"),),
        tests=("tests/test_rich_text.py", "-k", "installed"),
    ),
    Mutant(
        name="marked-up lines wrapped without their spaces",
        file="pnp/render/richtext.py",
        edits=(
            (
                "            if not current or room + space + wide <= width:",
                "            if not current or room + wide <= width:",
            ),
        ),
        tests=("tests/test_rich_text.py", "-k", "wraps"),
    ),
    Mutant(
        name="a marked-up line printed with its tags",
        file="pnp/render/painter.py",
        edits=(
            (
                "            if has_markup(line):\n                self._marked(",
                "            if False:\n                self._marked(",
            ),
        ),
        tests=("tests/test_rich_text.py", "-k", "installed"),
    ),
    Mutant(
        name="unreadable markup in the data let through to the print",
        file="pnp/source/models.py",
        edits=(("        said = markup_problem(value)\n", "        said = None\n"),),
        tests=("tests/test_rich_text.py", "-k", "unreadable"),
    ),
    Mutant(
        name="a run's own colour not read for contrast",
        file="pnp/pipeline/legibility.py",
        edits=(("                    if run.color and run.text.strip():", "                    if False:"),),
        tests=("tests/test_rich_text.py", "-k", "faint"),
    ),
    Mutant(
        name="italic set upright",
        file="pnp/render/painter.py",
        edits=(
            (
                "                self.lines.draw(x, y, run.text, bold=run.bold, size=size, font=font, slant=slant)",
                "                self.lines.draw(x, y, run.text, bold=run.bold, size=size, font=font)",
            ),
        ),
        tests=("tests/test_rich_text.py", "-k", "installed"),
    ),
    Mutant(
        name="the ink saver prints an own picture in full colour",
        file="pnp/render/pages.py",
        edits=(("            elif self.outlined:  # the ink saver", "            elif False:  # the ink saver"),),
        tests=("tests/test_own_art.py", "-k", "ink_saver"),
    ),
    Mutant(
        name="the gallery silent on who made the designer's art",
        file="pnp/pipeline/gallery_view.py",
        edits=(
            ("IconRef.parse(ref) for ref in icons), *manifest.own_credits]", "IconRef.parse(ref) for ref in icons)]"),
        ),
        tests=("tests/test_own_art.py", "-k", "installed"),
    ),
    Mutant(
        name="a designer's font measured but drawn in DejaVu Sans",
        file="pnp/render/painter.py",
        edits=(("bold=e.bold, size=size, align=e.align, font=e.font)", "bold=e.bold, size=size, align=e.align)"),),
        tests=("tests/test_own_fonts.py", "-k", "installed"),
    ),
    Mutant(
        name="glyphs looked up in DejaVu Sans whatever the text's font",
        file="pnp/render/fonts.py",
        edits=(("    glyphs = face(bold, family).face.charToGlyph", "    glyphs = face(bold).face.charToGlyph"),),
        tests=("tests/test_own_fonts.py", "-k", "every_font_problem"),
    ),
    Mutant(
        name="a designer's font left out of the credits",
        file="pnp/pipeline/printguide.py",
        edits=(
            (
                '"Text set in DejaVu Sans (Bitstream Vera licence).", *own]',
                '"Text set in DejaVu Sans (Bitstream Vera licence)."]',
            ),
        ),
        tests=("tests/test_own_fonts.py", "-k", "installed"),
    ),
    Mutant(
        name="a changed font file not seen by the next build",
        file="pnp/pipeline/incremental.py",
        edits=(("OWN_FOLDERS = (ART_FOLDER, FONTS_FOLDER)", "OWN_FOLDERS = (ART_FOLDER,)"),),
        tests=("tests/test_own_fonts.py", "-k", "installed"),
    ),
    Mutant(
        name="a font problem stops the check of the game's data",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "    source.keep_gaps([*(every.run(fonts.check) or []), *credit_problems(source.folder / ART_FOLDER)])\n",
                "    fonts.check()\n    source.keep_gaps(credit_problems(source.folder / ART_FOLDER))\n",
            ),
        ),
        tests=("tests/test_own_fonts.py", "-k", "every_font_problem"),
    ),
    Mutant(
        name="own pictures sent to the press over its ink limit",
        file="pnp/export/cmyk.py",
        edits=(("        return _picture_within(cmyk, self._ink_limit)", "        return cmyk"),),
        tests=("tests/test_own_art.py", "-k", "print_shop"),
    ),
    Mutant(
        name="a transparent picture laid on black for the press",
        file="pnp/source/ownart.py",
        edits=(('Image.new("RGBA", rgba.size, "#ffffff")', 'Image.new("RGBA", rgba.size, "#000000")'),),
        tests=("tests/test_own_art.py", "-k", "print_shop"),
    ),
    Mutant(
        name="own art's picture drawn inline on every card",
        file="pnp/render/pages.py",
        edits=(
            (
                'self.canvas.drawImage(ImageReader(BytesIO(picture.data)), 0, 0, *size, mask="auto")',
                "self.canvas.drawInlineImage(ImageReader(BytesIO(picture.data)), 0, 0, *size)",
            ),
            (
                'return self.form(("picture", ref), (0, 0, *size), draw), size',
                'return self.form(("picture", ref, len(self.names)), (0, 0, *size), draw), size',
            ),
        ),
        tests=("tests/test_own_art.py", "-k", "installed"),
    ),
    Mutant(
        name="own art left out of the rules sheet's credits",
        file="pnp/pipeline/build.py",
        edits=(("    own = [*art_credits_lines(icons, store.art), *fonts.credits()]", "    own = [*fonts.credits()]"),),
        tests=("tests/test_own_art.py", "-k", "installed"),
    ),
    Mutant(
        name="an own art file's change not seen by the next build",
        file="pnp/pipeline/incremental.py",
        edits=(("    files += [(name, path, MAX_ART_BYTES) for name, path in own]", "    files += []"),),
        tests=("tests/test_own_art.py", "-k", "installed"),
    ),
    Mutant(
        name="a soft picture not warned of",
        file="pnp/source/ownart.py",
        edits=(("PRINT_DPI = 300", "PRINT_DPI = 30"),),
        tests=("tests/test_own_art.py", "-k", "every_own_art"),
    ),
    Mutant(
        name="an own SVG's script let through",
        file="pnp/source/svgshape.py",
        edits=(('OWN_ELEMENTS = frozenset({"svg", "g",', 'OWN_ELEMENTS = frozenset({"script", "svg", "g",'),),
        tests=("tests/test_own_art.py", "-k", "refused"),
    ),
    Mutant(
        name="own art with no credit accepted",
        file="pnp/source/ownart.py",
        edits=(("        if self.listed is not None and name not in self.listed:", "        if False:"),),
        tests=("tests/test_own_art.py", "-k", "every_own_art"),
    ),
    Mutant(
        name="a gutterfold's half keeps a whole mark's room at the fold",
        file="pnp/render/packing.py",
        edits=(("    reach = MARK_ROOM + FOLD_GUTTER / 2 - FOLD_MARKS if half else 0.0", "    reach = 0.0"),),
        tests=("tests/test_fewer_sheets.py", "-k", "gutterfold"),
    ),
    Mutant(
        name="a gutterfold's cards cross the fold",
        file="pnp/render/packing.py",
        edits=(("FOLD_MARKS = MARK_CLEAR + 1.5 * MM", "FOLD_MARKS = MARK_CLEAR - 1.5 * MM"),),
        tests=("tests/test_fewer_sheets.py", "-k", "gutterfold"),
    ),
    Mutant(
        name="Straight-to's spaces one pawn deep",
        file="pnp/games/straight_to_track.py",
        edits=(("    return max(t.space, tokens_room(count, pawns.diameter, ABREAST)[1])", "    return t.space"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "every_track_space"),
    ),
    Mutant(
        name="a pawn's box as deep as its base",
        file="pnp/games/kit.py",
        edits=(("2 * standee_tab(pawns.width) + 2 * CLEARANCE", "2 * standee_tab(pawns.width)"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "particle_panic_spaces and a4-long"),
    ),
    Mutant(
        name="a token's ring 1.2 mm inside its cut",
        file="pnp/games/kit.toml",
        edits=(
            (
                'type = "circle"\nx = "3mm"\ny = "3mm"\nw = "100% - 6mm"\nh = "100% - 6mm"',
                'type = "circle"\nx = "1.2mm"\ny = "1.2mm"\nw = "100% - 2.4mm"\nh = "100% - 2.4mm"',
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "safe_zone"),
    ),
    Mutant(
        name="a card face's frame 1.2 mm inside the trim",
        file="pnp/games/kit.toml",
        edits=(
            (
                'still looks framed\ntype = "box"\nx = "3mm"\ny = "3mm"\nw = "100% - 6mm"\nh = "100% - 6mm"',
                'still looks framed\ntype = "box"\nx = "1.2mm"\ny = "1.2mm"\nw = "100% - 2.4mm"\nh = "100% - 2.4mm"',
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "safe_zone"),
    ),
    Mutant(
        name="the print guide set at 7.5 pt",
        file="pnp/games/reference.py",
        edits=(("GUIDE_SIZE = 8.5", "GUIDE_SIZE = 7.5"),),
        tests=("tests/test_printed_rules.py", "-k", "8_pt"),
    ),
    Mutant(
        name="each side of the rules sheet sized on its own",
        file="pnp/games/reference.py",
        edits=(
            (
                "            return _side(reference, part, side, w, h, guide if side == 2 else [], size)",
                "            return _side(reference, part, side, w, h, guide if side == 2 else [], size - side / 4)",
            ),
        ),
        tests=("tests/test_printed_rules.py", "-k", "8_pt"),
    ),
    Mutant(
        name="Punished's card zones ignore the sleeve",
        file="pnp/games/punished.py",
        edits=(("ctx.card_h + SLEEVE_MM, slot=", "ctx.card_h, slot="),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "zones"),
    ),
    Mutant(
        name="sections cut alike keep grids of their own",
        file="pnp/render/packing.py",
        edits=(("        if last is not None and _cut_alike(last, section):", "        if False:"),),
        tests=("tests/test_fewer_sheets.py", "-k", "one_grid"),
    ),
    Mutant(
        name="a short run never fills the room earlier sheets leave",
        file="pnp/render/packing.py",
        edits=(("            if not blocks and sheets:", "            if not blocks and not sheets:"),),
        tests=("tests/test_fewer_sheets.py", "-k", "short_run"),
    ),
    Mutant(
        name="pieces never share a half sheet with a page component",
        file="pnp/render/document.py",
        edits=(("    beside = _beside_sheets(runs, half, memory) if half is not None else {}", "    beside = {}"),),
        tests=("tests/test_print_guide.py", "-k", "a3-long-0"),
    ),
    Mutant(
        name="the guide counts a board's tiles one short",
        file="pnp/pipeline/printguide.py",
        edits=(('f"{title}: {len(tiles)} tiles, ', 'f"{title}: {len(tiles) - 1} tiles, '),),
        tests=("tests/test_print_guide.py", "-k", "a4-long-3mm"),
    ),
    Mutant(
        name="a tile's seam edge keeps the outer edge's bleed and marks",
        file="pnp/render/boards.py",
        edits=(("(page - max(beyond, SEAM_ROOM) - SEAM_ROOM) / MM", "(page - 2 * max(beyond, SEAM_ROOM)) / MM"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "seams"),
    ),
    Mutant(
        name="player aids cut without their bleed",
        file="pnp/games/kit.py",
        edits=(
            (
                'sections=[PieceGroup(title="Player aids", pieces=[aid] * copies, width=w, height=h)],',
                'sections=[PieceGroup(title="Player aids", pieces=[aid] * copies, width=w, height=h, bleeds=False)],',
            ),
        ),
        tests=("tests/test_player_aids.py", "-k", "bleed_like"),
    ),
    Mutant(
        name="colours alone judged by their hue, not their grey",
        file="pnp/pipeline/legibility.py",
        edits=(("        if grey < APART_GREY:\n", "        if False:\n"),),
        tests=("tests/test_legibility.py", "-k", "red_and_green or grey"),
    ),
    Mutant(
        name="colours alone never seen through colour-blind eyes",
        file="pnp/pipeline/legibility.py",
        edits=(('VISIONS = ("protanomaly", "deuteranomaly", "tritanomaly")', "VISIONS = ()"),),
        tests=("tests/test_legibility.py", "-k", "colour_blind"),
    ),
    Mutant(
        name="pieces told apart by an icon refused all the same",
        file="pnp/pipeline/legibility.py",
        edits=(
            ("    if (a.icons, a.words, len(a.colours)) != (b.icons, b.words, len(b.colours)):\n", "    if False:\n"),
        ),
        tests=("tests/test_legibility.py", "-k", "red_and_green or colour_blind"),
    ),
    Mutant(
        name="faint text let through",
        file="pnp/pipeline/legibility.py",
        edits=(("NORMAL_RATIO, LARGE_RATIO = 4.5, 3.0", "NORMAL_RATIO, LARGE_RATIO = 1.5, 1.5"),),
        tests=("tests/test_mistakes.py", "-k", "faint"),
    ),
    Mutant(
        name="tiny text let through",
        file="pnp/pipeline/legibility.py",
        edits=(("MIN_SIZE_PT = 6.0", "MIN_SIZE_PT = 4.0"),),
        tests=("tests/test_mistakes.py", "-k", "tiny"),
    ),
    Mutant(
        name="a text read against the first fill under it, not the last",
        file="pnp/pipeline/legibility.py",
        edits=(("for e, m in reversed(under):", "for e, m in under:"),),
        tests=("tests/test_legibility.py", "-k", "what_lies_under"),
    ),
    Mutant(
        name="a build silent on hard-to-read text",
        file="pnp/pipeline/writing.py",
        edits=(("        *map(said, [*build.hard_to_read, *build.notices]),", "        *map(said, build.notices),"),),
        tests=("tests/test_legibility.py", "-k", "faint"),
    ),
    Mutant(
        name="a cut outline half a millimetre off its piece's trim",
        file="pnp/render/cutlines.py",
        edits=(("    x, y, w, h = (v / MM for v in trim)\n", "    x, y, w, h = (v / MM + 0.5 for v in trim)\n"),),
        tests=("tests/test_print_and_cut.py", "-k", "drawn_trim"),
    ),
    Mutant(
        name="registration marks thicker than Studio is told",
        file="pnp/render/registration.py",
        edits=(("MARK_ARM_MM * MM, MARK_STROKE_MM * MM\n", "MARK_ARM_MM * MM, 0.6 * MM\n"),),
        tests=("tests/test_print_and_cut.py", "-k", "drawn_trim"),
    ),
    Mutant(
        name="pieces laid out in the registration marks' corners",
        file="pnp/render/registration.py",
        edits=(("    end = (MARK_INSET_MM + MARK_ARM_MM + MARK_CLEAR_MM) * MM\n", "    end = side\n"),),
        tests=("tests/test_print_and_cut.py", "-k", "drawn_trim"),
    ),
    Mutant(
        name="a standee's folds not scored",
        file="pnp/games/kit.py",
        edits=(("        folds=folds,\n", ""),),
        tests=("tests/test_print_and_cut.py", "-k", "drawn_trim"),
    ),
    Mutant(
        name="a missing cut file taken for up to date",
        file="pnp/pipeline/incremental.py",
        edits=(("    return manifest if cuts_there and files_match(", "    return manifest if files_match("),),
        tests=("tests/test_print_and_cut.py", "-k", "profile"),
    ),
    Mutant(
        name="a cutter's old files left behind",
        file="pnp/pipeline/cutfiles.py",
        edits=(("        if CUT_FILE.fullmatch(name) and name not in files:\n", "        if False:\n"),),
        tests=("tests/test_print_and_cut.py", "-k", "profile"),
    ),
    Mutant(
        name="a machine asked to cut folded sheets",
        file="pnp/source/settings.py",
        edits=(
            (
                '        if self.duplex is DuplexMode.FOLD:\n            return [\n                f"--cutter',
                '        if False:\n            return [\n                f"--cutter',
            ),
        ),
        tests=("tests/test_mistakes.py", "-k", "cutter"),
    ),
    Mutant(
        name="Cricut's round tokens opaque to their square",
        file="pnp/export/cricut.py",
        edits=(('mask = _disc((grid.cell_w, grid.cell_h)) if cut.shape == "round" else None', "mask = None"),),
        tests=("tests/test_cricut_export.py",),
    ),
    Mutant(
        name="Cricut images larger than print then cut's area",
        file="pnp/export/cricut.py",
        edits=(("PRINT_THEN_CUT_IN = (6.75, 9.25)", "PRINT_THEN_CUT_IN = (8.0, 10.5)"),),
        tests=("tests/test_cricut_export.py",),
    ),
    Mutant(
        name="the rules sheet counted double-sided without a duplex printer",
        file="pnp/render/pages.py",
        edits=(("    return duplex.flips and (\n", "    return True and (\n"),),
        tests=("tests/test_whole_file_duplex.py", "-k", "one_side_a_sheet"),
    ),
    Mutant(
        name="the guide's bleed note where nothing bleeds",
        file="pnp/pipeline/printguide.py",
        edits=(("    if options.bleed and any(f.bleeds for f in files):\n", "    if options.bleed:\n"),),
        tests=("tests/test_whole_file_duplex.py", "-k", "bleed_note"),
    ),
    Mutant(
        name="a printer profile chosen but not applied",
        file="pnp/source/settings.py",
        edits=(
            (
                "            values.update(chosen_profile(printer, profiles))\n",
                "            chosen_profile(printer, profiles)\n",
            ),
        ),
        tests=("tests/test_printer_profiles.py", "-k", "builds_for_that_printer"),
    ),
    Mutant(
        name="a page's foot without the settings that made it",
        file="pnp/render/furniture.py",
        edits=(("        c.drawRightString(x + length, y + 0.6 * MM, _shorten(self.imprint, room, 5.5))\n", ""),),
        tests=("tests/test_pdf_structure.py", "-k", "version_and_settings"),
    ),
    Mutant(
        name="an icon body with no declared length read past the cap",
        file="pnp/source/icons.py",
        edits=(("                if total > MAX_DOWNLOAD:\n", "                if False:\n"),),
        tests=("tests/test_icons_fetch.py", "-k", "undeclared"),
    ),
    Mutant(
        name="a print shop's trim box drawn round the bleed",
        file="pnp/export/printshop.py",
        edits=(
            (
                "            canvas.setTrimBox((bleed, bleed, width - bleed, height - bleed))\n",
                "            canvas.setTrimBox((0, 0, width, height))\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "cited_size_back_then_front"),
    ),
    Mutant(
        name="a print shop's bleed box inside the trim",
        file="pnp/export/printshop.py",
        edits=(
            (
                "            canvas.setBleedBox((0, 0, width, height))\n",
                "            canvas.setBleedBox((bleed, bleed, width - bleed, height - bleed))\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "cited_size_back_then_front"),
    ),
    Mutant(
        name="a board's background printed dark in the ink saver",
        file="pnp/render/boards.py",
        edits=(
            (
                '        c.setFillColor("#ffffff" if ctx.painter.ink_saver else board.background)\n',
                "        c.setFillColor(board.background)\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "ink_saver_has_no_large_dark_fills"),
    ),
    Mutant(
        name="the print guide tells a long-edge file to flip on the short edge",
        file="pnp/source/printoptions.py",
        edits=(('        how=f"double-sided, {LONG_EDGE}",\n', '        how=f"double-sided, {SHORT_EDGE}",\n'),),
        tests=("tests/test_whole_file_duplex.py", "-k", "names_the_edge"),
    ),
    Mutant(
        name="a kept shape that is not its icon's passes icons verify",
        file="pnp/source/shapecache.py",
        edits=(("        if kept is None or kept.paths == parse().paths:\n", "        if True:\n"),),
        tests=("tests/test_icons_store.py", "-k", "altered"),
    ),
    Mutant(
        name="clearing a failure record unlinks a file that is not there (EROFS on a read-only disk)",
        file="pnp/files/atomic.py",
        edits=(("        os.stat(path.name, dir_fd=fd, follow_symlinks=False)", "        pass"),),
        tests=("tests/test_interrupts_and_paths.py", "-k", "read_only_output"),
    ),
    Mutant(
        name="an error a library wrapped around an interruption said as unexpected",
        file="pnp/cli/__init__.py",
        edits=(("            if taken.last is not None:  # a library", "            if False:  # a library"),),
        tests=("tests/test_interrupts_and_paths.py", "-k", "library_wrapped"),
    ),
    Mutant(
        name="a spreadsheet's whole number read as 17.0",
        file="pnp/source/cardlists.py",
        edits=(("        return str(int(value))\n", "        return str(value)\n"),),
        tests=("tests/test_spreadsheets.py",),
    ),
    Mutant(
        name="a cell typed by its look, not by the data model",
        file="pnp/source/models.py",
        edits=(
            (
                "    if not isinstance(text, str) or str in wanted or not wanted:\n",
                "    if not isinstance(text, str):\n",
            ),
            ("    if int in wanted and _INTEGER.fullmatch(text):\n", "    if _INTEGER.fullmatch(text):\n"),
        ),
        tests=("tests/test_spreadsheets.py", "-k", "looks_like"),
    ),
    Mutant(
        name="a problem said without its column",
        file="pnp/findings.py",
        edits=(
            (
                '        return f"{shown(self.path)}:{self.line}:{self.col}: {self.message}"\n',
                '        return f"{shown(self.path)}:{self.line}: {self.message}"\n',
            ),
        ),
        tests=("tests/test_mistakes.py",),
    ),
    Mutant(
        name="a misspelt key gets no suggestion",
        file="pnp/errors.py",
        edits=(('    return f" Did you mean {name!r}?" if name is not None else ""\n', '    return ""\n'),),
        tests=("tests/test_mistakes.py",),
    ),
    Mutant(
        name="validate --quiet still says each game's verdict",
        file="pnp/cli/options.py",
        edits=(("    if not quiet() or err or", "    if True or err or"),),
        tests=("tests/test_mistakes.py", "-k", "quiet"),
    ),
    Mutant(
        name="a manifest too large to read back is written anyway",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "    if len(text) > MANIFEST_MAX_BYTES:  # refused before any file is written: the next build could not read it back\n",
                "    if False:\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "read_back"),
    ),
    Mutant(
        name="the watch rebuilds nothing when an icon changes",
        file="pnp/site/watch.py",
        edits=(
            (
                "        if path.is_relative_to(icons):\n            return list(games)\n",
                "        if path.is_relative_to(icons):\n            continue\n",
            ),
        ),
        tests=("tests/test_watch.py", "-k", "icon_change"),
    ),
    Mutant(
        name="two Destiny cards for each player beyond six",
        file="layouts/straight-to/rules.toml",
        edits=(
            (
                'label = "Destiny card"\nbase = 6\nextra_per_player = 1\n',
                'label = "Destiny card"\nbase = 6\nextra_per_player = 2\n',
            ),
        ),
        tests=("tests/test_straight_to.py", "-k", "beyond_six"),
    ),
    Mutant(
        name="an odd page of a double-sided file not counted as a sheet",
        file="pnp/render/pages.py",
        edits=(
            (
                "    return (pages + 1) // 2 if two_sided else pages\n",
                "    return pages // 2 if two_sided else pages\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "odd_page_count"),
    ),
    Mutant(
        name="a negative number in a CSV cell read as text",
        file="pnp/source/models.py",
        edits=(('_INTEGER = re.compile(r"[-+]?\\d+")', '_INTEGER = re.compile(r"\\d+")'),),
        tests=("tests/test_designer_loop.py", "-k", "csv_cells"),
    ),
    Mutant(
        name="an empty CSV cell read as an empty text instead of the default",
        file="pnp/source/cardlists.py",
        edits=(("        if not cell:\n            continue\n", ""),),
        tests=("tests/test_designer_loop.py", "-k", "csv_cells"),
    ),
    Mutant(
        name="--force draws a kept shape edited by hand",
        file="pnp/commands/builds.py",
        edits=(("        forget_shapes(settings.output_dir())\n", "        pass\n"),),
        tests=("tests/test_icons_store.py", "-k", "kept_between"),
    ),
    Mutant(
        name="a template's |replace builds a gigabyte before any limit looks",
        file="pnp/source/sandbox.py",
        edits=(('        self.filters["replace"] = _bounded_replace(self.filters["replace"])\n', ""),),
        tests=("tests/test_bounded_inputs.py", "-k", "size_asked"),
    ),
    Mutant(
        name="|sum of lists runs unbounded in C",
        file="pnp/source/sandbox.py",
        edits=(('        self.filters["sum"] = _bounded_sum(self.filters["sum"])\n', ""),),
        tests=("tests/test_bounded_inputs.py", "-k", "size_asked"),
    ),
    Mutant(
        name="a listing quotes file names as text: one that is not UTF-8 drops the connection",
        file="pnp/site/watch.py",
        edits=(("quote(os.fsencode(name))", "quote(name)"),),
        tests=("tests/test_output_confinement.py", "-k", "utf8"),
    ),
    Mutant(
        name="a signal raised inside a finalizer is dropped and the build goes on",
        file="pnp/cli/__init__.py",
        edits=(
            (
                "        threading.Timer(0.05, os.kill, (os.getpid(), hook.exc_value.code - 128)).start()\n",
                "        pass\n",
            ),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "finalizer"),
    ),
    Mutant(
        name="an icon whose path data holds 1e400 is cached and verified",
        file="pnp/source/svgshape.py",
        edits=(
            (
                "            if any(not math.isfinite(float(number)) for number in NUMBER.findall(d)):\n",
                "            if False:\n",
            ),
        ),
        tests=("tests/test_icons_fetch.py", "-k", "infinite"),
    ),
    Mutant(
        name="a character the typeface lacks prints as an empty box, unsaid",
        file="pnp/pipeline/obligations.py",
        edits=(
            (
                "    bad = {face: glyphless(chars, *face) | right_to_left(chars) for face, chars in used.items()}\n",
                "    bad = {face: right_to_left(chars) for face, chars in used.items()}\n",
            ),
        ),
        tests=("tests/test_validate.py", "-k", "typeface"),
    ),
    Mutant(
        name="a web site's index.html is taken for pnp's gallery and written over",
        file="pnp/pipeline/outputdir.py",
        edits=(('    if GENERATOR in _head(folder / "index.html"):\n', '    if (folder / "index.html").exists():\n'),),
        tests=("tests/test_output_confinement.py", "-k", "only_pnps"),
    ),
    Mutant(
        name="the sweep takes a designer's folder named like a temporary file",
        file="pnp/files/atomic.py",
        edits=(
            (
                "        if TEMPORARY.fullmatch(stale.name) and stale.is_file() and not stale.is_symlink():\n",
                "        if True:\n",
            ),
        ),
        tests=("tests/test_output_confinement.py", "-k", "temporaries"),
    ),
    Mutant(
        name="a data-only game with an odd game.toml vanishes from the list",
        file="pnp/games/__init__.py",
        edits=(
            (
                "if os.path.lexists(folder / DATA_GAME) and folder.name not in GAMES",
                "if (folder / DATA_GAME).is_file() and folder.name not in GAMES",
            ),
        ),
        tests=("tests/test_validate.py", "-k", "odd_manifest"),
    ),
    Mutant(
        name="an output folder name past 255 bytes reaches the file system",
        file="pnp/pipeline/outputdir.py",
        edits=(("        if len(os.fsencode(part)) > NAME_MAX:\n", "        if False:\n"),),
        tests=("tests/test_cli.py", "-k", "file_systems_limit"),
    ),
    Mutant(
        name="a layout file that is a link is followed to wherever it points",
        file="pnp/source/gamesource.py",
        edits=(("read_regular(path, MAX_LAYOUT_BYTES, links=False)", "read_regular(path, MAX_LAYOUT_BYTES)"),),
        tests=("tests/test_bounded_inputs.py", "-k", "linked"),
    ),
    Mutant(
        name="a pnp.toml that is a link is followed",
        file="pnp/source/settings.py",
        edits=(("read_regular(path, CONFIG_MAX_BYTES, links=False)", "read_regular(path, CONFIG_MAX_BYTES)"),),
        tests=("tests/test_cli.py", "-k", "linked_pnp_toml"),
    ),
    Mutant(
        name="a misspelt key is also reported as the missing key it meant",
        file="pnp/source/modelerrors.py",
        edits=(
            (
                '    return [(err, message) for err, message in out if err["type"] != "missing" or tuple(err["loc"]) not in meant]\n',
                "    return out\n",
            ),
        ),
        tests=("tests/test_validate.py", "-k", "every_stage"),
    ),
    Mutant(
        name="a rules-model problem hides the game's data problems",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "        raise LayoutError([*exc.placed(source.folder), *data_problems(slug, settings, source, store)]) from None\n",
                "        raise LayoutError(exc.placed(source.folder)) from None\n",
            ),
        ),
        tests=("tests/test_validate.py", "-k", "rules_model_typo"),
    ),
    Mutant(
        name="a pnp.toml problem stops validate before the data is read",
        file="pnp/cli/checking.py",
        edits=(("    settings = load_settings(problems=found, **flags)\n", "    settings = load_settings(**flags)\n"),),
        tests=("tests/test_validate.py", "-k", "every_stage"),
    ),
    Mutant(
        name="a misspelt cached icon is sent to be fetched",
        file="pnp/source/models.py",
        edits=(
            (
                "        close = did_you_mean(ref, store.manifest())  # a cached icon, misspelt, is no download\n",
                '        close = ""\n',
            ),
        ),
        tests=("tests/test_validate.py", "-k", "every_stage"),
    ),
    Mutant(
        name="an unknown key in a table is flagged at every line of it",
        file="pnp/source/schemas.py",
        edits=(('            out["additionalProperties"] = unknown_key()\n', "            pass\n"),),
        tests=("tests/test_editor_schemas.py", "-k", "typo"),
    ),
    Mutant(
        name="a list or its CSV reference as alternatives: one typo, dozens of errors",
        file="pnp/source/schemas.py",
        edits=(
            (
                '            return {**described, "if": {"type": "object"}, "then": csv_list(), "else": out}\n',
                '            return {"anyOf": [out, csv_list()]}\n',
            ),
        ),
        tests=("tests/test_editor_schemas.py", "-k", "typo"),
    ),
    Mutant(
        name="pnp.toml takes any key in the editor",
        file="pnp/source/schemas.py",
        edits=(
            (
                '            "properties": properties,\n            "additionalProperties": unknown_key(),\n',
                '            "properties": properties,\n',
            ),
        ),
        tests=("tests/test_editor_schemas.py", "-k", "settings"),
    ),
    Mutant(
        name="a player count one game refuses is found only after the others are written",
        file="pnp/commands/builds.py",
        edits=(("    check_players(settings, slugs)\n", ""),),
        tests=("tests/test_cli.py", "-k", "refused_before"),
    ),
    Mutant(
        name="a card too small for its text is built into a hundred layout errors",
        file="pnp/source/settings.py",
        edits=(("        if card_short < MIN_CARD_MM[0] or card_long < MIN_CARD_MM[1]:\n", "        if False:\n"),),
        tests=("tests/test_cli.py", "-k", "refused_before"),
    ),
    Mutant(
        name="a text the game's code left unfilled is printed as written",
        file="pnp/pipeline/obligations.py",
        edits=(("            names = PLACEHOLDER.findall(text)\n", "            names = []\n"),),
        tests=("tests/test_validate.py", "-k", "forgot_to_fill"),
    ),
    Mutant(
        name="a cut-and-fold note for a file the game does not make is dropped silently",
        file="pnp/pipeline/obligations.py",
        edits=(("            if name not in made:\n", "            if False:\n"),),
        tests=("tests/test_validate.py", "-k", "cut_and_fold"),
    ),
    Mutant(
        name="a promised rules-sheet section may be missing",
        file="pnp/pipeline/obligations.py",
        edits=(("        if heading not in text:\n", "        if False:\n"),),
        tests=("tests/test_validate.py", "-k", "promised_section"),
    ),
    Mutant(
        name="a project is found only from its own folder",
        file="pnp/source/settings.py",
        edits=(("        here = find_project(start) or start\n", "        here = start\n"),),
        tests=("tests/test_installed_project.py", "-k", "found_from"),
    ),
    Mutant(
        name="output written inside the layouts folder",
        file="pnp/pipeline/outputdir.py",
        edits=(("    if layouts is not None and resolved.is_relative_to(layouts.resolve()):\n", "    if False:\n"),),
        tests=("tests/test_installed_project.py", "-k", "found_from"),
    ),
    Mutant(
        name="the print-shop PDF paints in RGB",
        file="pnp/export/printshop.py",
        edits=(
            ('        enforceColorSpace="cmyk",\n', ""),
            (
                "    painter = Painter(canvas, forms, ink_saver, colors=inks.color)\n",
                "    painter = Painter(canvas, forms, ink_saver)\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "preflight and not planted"),
    ),
    Mutant(
        name="cyan and magenta swapped on the way to the press",
        file="pnp/export/cmyk.py",
        edits=(
            (
                "        return CMYKColor(c / 255, m / 255, y / 255, k / 255)\n",
                "        return CMYKColor(m / 255, c / 255, y / 255, k / 255)\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "inks"),
    ),
    Mutant(
        name="the print-shop PDF does not say it is PDF/X",
        file="pnp/export/pdfx.py",
        edits=(
            (
                "        document.docinfo.GTS_PDFXVersion = PDFX_VERSION  # Title, dates and Trapped: reportlab's, as written\n",
                "        pass  # Title, dates and Trapped: reportlab's, as written\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "preflight and not planted"),
    ),
    Mutant(
        name="frames stay 1 mm inside the trim for a print shop",
        file="pnp/export/safearea.py",
        edits=(("    if inset >= safe_mm:\n", "    if True:\n"),),
        tests=("tests/test_printshop.py", "-k", "safe_margin and drivethrucards"),
    ),
    Mutant(
        name="each Punished front behind the first card's back",
        file="pnp/export/upload.py",
        edits=(
            (
                '        back = f"{stem}-back.png" if one_back else f"{stem}-back-{number:03d}.png"\n',
                '        back = f"{stem}-back.png" if one_back else f"{stem}-back-{1:03d}.png"\n',
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "paired"),
    ),
    Mutant(
        name="MakePlayingCards' bleed taken as 1/8 in",
        file="pnp/export/services.py",
        edits=(
            (
                '                pdf=False,\n                dpi=300,\n                bleed_px=36,\n                safe_px=37.5,\n                cards={"poker": (744, 1038), "bridge": (675, 1050), "tarot": (825, 1425), "american-mini": (525, 750)},\n',
                '                pdf=False,\n                dpi=300,\n                bleed_px=37.5,\n                safe_px=37.5,\n                cards={"poker": (744, 1038), "bridge": (675, 1050), "tarot": (825, 1425), "american-mini": (525, 750)},\n',
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "cited_size and makeplayingcards"),
    ),
    Mutant(
        name="ink-saver pawns differ only by a small name",
        file="pnp/games/kit.toml",
        edits=(('text = "{number}"\nx = "100% - 8mm"', 'text = ""\nx = "100% - 8mm"'),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "ink_saver and letter-short"),
    ),
    Mutant(
        name="the print guide orders Punished's decks by colour alone",
        file="layouts/punished/board.toml",
        edits=(
            (
                "Play deck I (red backs), then deck II (purple), then deck III (black)",
                "Play the red deck, then the purple, then the black",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "ink_saver and a4-fold"),
    ),
    Mutant(
        name="a short section never shares a tall one's band",
        file="pnp/render/packing.py",
        edits=(
            (
                "            beside = _beside(blocks, section, area, (cw, ch), pieces, done, bleed, turned)\n",
                "            beside = None\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "few_sheets"),
    ),
    Mutant(
        name="a reprint opens on a blank page",
        file="pnp/render/document.py",
        edits=(
            (
                "        if has_backs and len(out) % 2 == 1:  # out[k] is page k + 1\n",
                "        if has_backs and len(out) % 2 == 0:  # out[k] is page k + 1\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "reprint_holds"),
    ),
    Mutant(
        name="ink-saver icons solid black",
        file="pnp/render/painter.py",
        edits=(
            (
                "            self.set_fill(LIGHT_ICON_FILL if e.size > SOLID_ICON_MM else INK)\n",
                "            self.set_fill(INK)\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "light_inside"),
    ),
    Mutant(
        name="ink-saver icons light grey with no outline",
        file="pnp/render/document.py",
        edits=(
            (
                "    forms = FormCache(canvas, store, outlined=options.ink_saver)\n",
                "    forms = FormCache(canvas, store, outlined=False)\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "light_inside"),
    ),
    Mutant(
        name="A3 prints one A4-sized page component to a sheet",
        file="pnp/render/pagecomponents.py",
        edits=(("    return pages if half is None else impose_two_up(pages, half)\n", "    return pages\n"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "two_to_a_large"),
    ),
    Mutant(
        name="the right half page drawn over the left",
        file="pnp/render/pagecomponents.py",
        edits=(
            (
                "                ctx.canvas.translate(i * width / 2, 0)\n",
                "                ctx.canvas.translate(0, 0)\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "two_to_a_large"),
    ),
    Mutant(
        name="the print guide tells nobody to cut two-up pages apart",
        file="pnp/pipeline/printguide.py",
        edits=(("        how += CUT_IN_TWO\n", '        how += ""\n'),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "two_to_a_large"),
    ),
    Mutant(
        name="the scoring mat's token spots pile up at the snowflake's centre",
        file="layouts/exit-from-purgatory/components.toml",
        edits=(("spot_along = 0.9 ", "spot_along = 0.6 "),),
        tests=("tests/test_exit_from_purgatory.py", "-k", "token_spots"),
    ),
    Mutant(
        name="the scoring mat's letters drawn at the centre's side of their token spots",
        file="pnp/games/exit_from_purgatory.py",
        edits=(
            (
                "            reach = length * mat.spot_along + spot_d / 2 + mat.badge_gap + badge_d / 2  # beyond the token\n",
                "            reach = length * mat.spot_along - spot_d / 2 + mat.badge_gap + badge_d / 2  # beyond the token\n",
            ),
        ),
        tests=("tests/test_exit_from_purgatory.py", "-k", "lie_on_the_snowflake"),
    ),
    Mutant(
        name="a space's pawns crowd onto its particle spots",
        file="pnp/games/particle_panic.py",
        edits=(
            (
                "MOST_PAWNS = 4  # the rules' largest game: every pawn may stand on one space\n",
                "MOST_PAWNS = 2  # the rules' largest game: every pawn may stand on one space\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "particle_panic_spaces and a4-long"),
    ),
    Mutant(
        name="particle spots no larger than the tokens",
        file="layouts/particle-panic/components.toml",
        edits=(("particle_spot = 18 ", "particle_spot = 16 "),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "particle_panic_spaces and letter-fold"),
    ),
    Mutant(
        name="LIMBO holds six pawns however many play",
        file="pnp/games/straight_to_track.py",
        edits=(("    count = max(t.limbo.pawns, players)\n", "    count = t.limbo.pawns\n"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "every_track_space"),
    ),
    Mutant(
        name="stacked slots keep their own boxes",
        file="pnp/render/compose.py",
        edits=(
            (
                "        stacked = [by_name[name] for name in stack if name in by_name and self.shown(by_name[name])]\n",
                "        stacked: list[Slot] = []\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "card_size and tarot"),
    ),
    Mutant(
        name="texts on one layer may overlap unreported",
        file="pnp/render/compose.py",
        edits=(
            (
                "                if one.slot.layer == other.slot.layer and one.area.overlaps(other.area):\n",
                "                if one.slot.layer != other.slot.layer and one.area.overlaps(other.area):\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "mistake"),
    ),
    Mutant(
        name="an icon slot's scale ignored",
        file="pnp/render/compose.py",
        edits=(
            (
                "                Icon(\n                    ref=ref,\n                    cx=a.x + a.w / 2,\n                    cy=a.y + a.h / 2,\n                    size=min(a.w, a.h) * slot.scale,\n                    color=color,\n                    rotate=slot.rotate,\n                )\n",
                "                Icon(ref=ref, cx=a.x + a.w / 2, cy=a.y + a.h / 2, size=min(a.w, a.h), color=color, rotate=slot.rotate)\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "designer"),
    ),
    Mutant(
        name="back offset's y sign flipped",
        file="pnp/render/pieces.py",
        edits=(
            (
                "    return Rect(mirrored.x + dx, mirrored.y + dy, mirrored.width, mirrored.height)\n",
                "    return Rect(mirrored.x + dx, mirrored.y - dy, mirrored.width, mirrored.height)\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "a4-0-short"),
    ),
    Mutant(
        name="pages name the wrong flip edge",
        file="pnp/source/printoptions.py",
        edits=(
            (
                'LONG_EDGE = "flip on long edge"\nSHORT_EDGE = "flip on short edge"\n',
                'LONG_EDGE = "flip on short edge"\nSHORT_EDGE = "flip on long edge"\n',
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "a4-0-short"),
    ),
    Mutant(
        name="icon hash not checked on read",
        file="pnp/source/icons.py",
        edits=(
            (
                '        if len(data) != entry.get("size") or sha256(data) != entry.get("sha256"):\n',
                '        if len(data) != entry.get("size"):\n',
            ),
        ),
        tests=("tests/test_icons_store.py", "-k", "tampered"),
    ),
    Mutant(
        name="direct write instead of the atomic one",
        file="pnp/files/atomic.py",
        edits=(
            (
                '    assert fd is not None\n    tmp = f".{relative.name}.{secrets.token_hex(4)}.tmp"\n',
                '    assert fd is not None\n    path.write_bytes(data)\n    return\n    tmp = f".{relative.name}.{secrets.token_hex(4)}.tmp"\n',
            ),
        ),
        tests=("tests/test_safety.py", "-k", "write_that_fails"),
    ),
    Mutant(
        name="writes follow links under the output folder",
        file="pnp/files/atomic.py",
        edits=(
            (
                "                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)\n",
                "                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=fd)\n",
            ),
        ),
        tests=("tests/test_output_confinement.py", "-k", "link_in"),
    ),
    Mutant(
        name="the watch server never finds the gallery it serves",
        file="pnp/site/watch.py",
        edits=(
            (
                '            data = read_inside(self.root / "index.html", root=self.root, limit=MAX_GALLERY)\n',
                '            data = read_inside(self.root / "index.html", root=self.root, limit=0)\n',
            ),
        ),
        tests=("tests/test_output_confinement.py", "-k", "served"),
    ),
    Mutant(
        name="the watch server answers any Host",
        file="pnp/site/watch.py",
        edits=(
            (
                '        if self.headers.get("Host", "") not in (f"127.0.0.1:{port}", f"localhost:{port}"):\n',
                '        if self.headers.get("Host", "") is None:\n',
            ),
        ),
        tests=("tests/test_output_confinement.py", "-k", "foreign_host"),
    ),
    Mutant(
        name="Exit's Lantern card and aid print the author's variant as the rule",
        file="layouts/exit-from-purgatory/components.toml",
        edits=(('rule = "dice"', 'rule = "single-die"'),),
        tests=("tests/test_rules_as_written.py", "-k", "exit_prints"),
    ),
    Mutant(
        name="player aids print their back on the front",
        file="pnp/games/kit.py",
        edits=(("    face, back = layout(w, h)\n", "    back, face = layout(w, h)\n"),),
        tests=("tests/test_player_aids.py", "-k", "letter-fold"),
    ),
    Mutant(
        name="aid cards sized for a whole page, too wide for a gutterfold half",
        file="pnp/render/pieces.py",
        edits=(
            (
                "    w = min(area.width / 2, fold_half(options).width - 2 * MARK_ROOM) - DRIFT_ROOM - 2 * options.bleed\n",
                "    w = area.width / 2 - DRIFT_ROOM - 2 * options.bleed\n",
            ),
        ),
        tests=("tests/test_player_aids.py", "-k", "fold"),
    ),
    Mutant(
        name="a placeholder's format spec is ignored, not refused",
        file="pnp/source/placeholders.py",
        edits=(("        if conversion or (spec and not FORMS.fullmatch(spec)):\n", "        if conversion:\n"),),
        tests=("tests/test_bounded_inputs.py", "-k", "seven-steps-2"),
    ),
    Mutant(
        name="card-text templates may format to any width",
        file="pnp/source/sandbox.py",
        edits=(
            (
                'SIZED_FILTERS = frozenset({"format", "indent", "center", "slice", "batch", "wordwrap", "truncate"})\n',
                'SIZED_FILTERS = frozenset({"indent", "center", "slice", "batch", "wordwrap", "truncate"})\n',
            ),
        ),
        tests=("tests/test_bounded_inputs.py", "-k", "punished-3"),
    ),
    Mutant(
        name="ink-saver ignored for polygons",
        file="pnp/render/painter.py",
        edits=(
            (
                "        fill, stroke = self._fill_stroke(e.fill, e.stroke, (max(xs) - min(xs)) * (max(ys) - min(ys)) / 2)\n",
                "        fill, stroke = e.fill, e.stroke\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "ink_saver"),
    ),
    Mutant(
        name="PRIDE and ENVY challenge texts swapped",
        file="layouts/seven-steps/gamesheet.toml",
        edits=(
            ('challenge = "Roll at or under the challenge die."', 'challenge = "@ENVY@"'),
            (
                'challenge = "Roll under {plus} minus the challenge die."',
                'challenge = "Roll at or under the challenge die."',
            ),
            ('challenge = "@ENVY@"', 'challenge = "Roll under {plus} minus the challenge die."'),
        ),
        tests=("tests/test_seven_steps.py", "-k", "terrace"),
    ),
    Mutant(
        name="back offset left out of the build digest",
        file="pnp/pipeline/incremental.py",
        edits=(('    "back_offset",\n    "cutter",\n', '    "cutter",\n'),),
        tests=("tests/test_incremental.py", "-k", "digest or back_offset"),
    ),
    Mutant(
        name="icon bytes left out of the build digest",
        file="pnp/pipeline/incremental.py",
        edits=(
            (
                '    files = [(ref, icons / f"{ref}.svg", MAX_DOWNLOAD) for ref in source.mentioned_icons()]\n',
                "    files = []\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "icon_bytes"),
    ),
    Mutant(
        name="PDF file name dropped from render errors",
        file="pnp/pipeline/refusals.py",
        edits=(
            (
                '        return LayoutError(source.named(where, f"{filename}: {exc.message}"))\n',
                "        return LayoutError(source.named(where, exc.message))\n",
            ),
        ),
        tests=("tests/test_safety.py", "-k", "drawn_text_that_cannot_fit"),
    ),
    Mutant(
        name="standee's back figure not turned",
        file="pnp/games/kit.py",
        edits=(
            (
                "            Group(elements=side, dx=w, dy=t + 2 * h, rotate=180),\n",
                "            Group(elements=side, dx=0, dy=t + h),\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "standees"),
    ),
    Mutant(
        name="sections never share a sheet",
        file="pnp/render/packing.py",
        edits=(
            (
                "        area = _reaching(sheet, section, reach)\n",
                "        area = _reaching(sheet, section, reach)\n        if blocks:\n            sheets.append(blocks)\n            blocks, top = [], area.top\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "few_sheets"),
    ),
    Mutant(
        name="pieces never turn to fit more",
        file="pnp/render/packing.py",
        edits=(("    return turned > upright and len(section.pieces) > upright\n", "    return False\n"),),
        tests=("tests/test_print_engine.py", "-k", "bleed_layout"),
    ),
    Mutant(
        name="centred lines start at their centre",
        file="pnp/render/textlines.py",
        edits=(("            x -= width / 2\n", "            x -= 0\n"),),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="one document's line encodings reused in the next",
        file="pnp/render/textlines.py",
        edits=(
            (
                "\nKEPT = 1024  # encoded lines kept: a deck's distinct names go by, its repeated lines stay\n",
                "\n_ENCODED: OrderedDict[tuple[bool, str, float, str], tuple[str, float]] = OrderedDict()\nKEPT = 1024  # encoded lines kept: a deck's distinct names go by, its repeated lines stay\n",
            ),
            (
                "        self._encoded: OrderedDict[tuple[bool, str, float, str], tuple[str, float]] = OrderedDict()  # oldest first\n",
                "        self._encoded = _ENCODED  # oldest first\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "own_letters"),
    ),
    Mutant(
        name="fill colours written blue-green-red",
        file="pnp/render/painter.py",
        edits=(
            (
                "    return f\"{fp_str(color.red, color.green, color.blue)} {'RG' if stroke else 'rg'}\"\n",
                "    return f\"{fp_str(color.blue, color.green, color.red)} {'RG' if stroke else 'rg'}\"\n",
            ),
        ),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="press fills with cyan and magenta swapped",
        file="pnp/render/painter.py",
        edits=(
            (
                "        inks = fp_str(d * color.cyan, d * color.magenta, d * color.yellow, d * color.black)\n",
                "        inks = fp_str(d * color.magenta, d * color.cyan, d * color.yellow, d * color.black)\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "layout_names"),
    ),
    Mutant(
        name="a document drawn at the collector's default pace",
        file="pnp/render/document.py",
        edits=(("@fewer_collections()\n", ""),),
        tests=("tests/test_print_engine.py", "-k", "fewer_collections"),
    ),
    Mutant(
        name="the collector's thresholds not given back",
        file="pnp/collector.py",
        edits=(("        gc.set_threshold(*before)\n", "        pass\n"),),
        tests=("tests/test_print_engine.py", "-k", "fewer_collections"),
    ),
    Mutant(
        name="the process walks everything it holds as it exits",
        file="pnp/collector.py",
        edits=(("    atexit.register(gc.freeze)\n", "    pass\n"),),
        tests=("tests/test_print_engine.py", "-k", "process_ends"),
    ),
    Mutant(
        name="a caller's collection turned off is turned on",
        file="pnp/collector.py",
        edits=(
            (
                "    gc.set_threshold(max(NEW_OBJECTS, before[0]) if before[0] else 0, *before[1:])\n",
                "    gc.set_threshold(max(NEW_OBJECTS, before[0]), *before[1:])\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "fewer_collections"),
    ),
    Mutant(
        name="a paced block's survivors left in the youngest generation",
        file="pnp/collector.py",
        edits=(("        if not gc.get_freeze_count():\n            gc.freeze()\n            gc.unfreeze()\n", ""),),
        tests=("tests/test_print_engine.py", "-k", "oldest_generation"),
    ),
    Mutant(
        name="a program's frozen objects released by a paced block",
        file="pnp/collector.py",
        edits=(("        if not gc.get_freeze_count():\n", "        if True:\n"),),
        tests=("tests/test_print_engine.py", "-k", "oldest_generation"),
    ),
    Mutant(
        name="a font subset's file kept by its size, not its codes",
        file="pnp/render/tagged_font.py",
        edits=(
            (
                "\nKEPT_SUBSETS = 16  # a build's files share one or two subsets of each font; text beyond Latin-1 adds more\n",
                "\nKEPT: dict[int, bytes] = {}\nKEPT_SUBSETS = 16  # a build's files share one or two subsets of each font; text beyond Latin-1 adds more\n",
            ),
            (
                "            return subset_file(tuple(code if code in printing else 0 for code in subset))\n",
                "            return KEPT.setdefault(len(subset), subset_file(tuple(code if code in printing else 0 for code in subset)))\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "whatever_was_drawn"),
    ),
    Mutant(
        name="a font stream's compression kept by its length",
        file="pnp/render/tagged_font.py",
        edits=(
            (
                "    def encode(self, text: str | bytes) -> bytes:\n        return _compressed(text)\n",
                "    def encode(self, text: str | bytes, kept={}) -> bytes:\n        return kept.setdefault(len(text), _compressed(text))\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "whatever_was_drawn"),
    ),
    Mutant(
        name="a board's seam at the first clear place, not the nearest the even split",
        file="pnp/render/boards.py",
        edits=(
            (
                "    for i in sorted(range(len(candidates)), key=lambda i: abs(candidates[i] - ideal)):  # stable: ties in order\n",
                "    for i in range(len(candidates)):  # stable: ties in order\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "even_split"),
    ),
    Mutant(
        name="a board's seam the farthest clear place from the even split",
        file="pnp/render/boards.py",
        edits=(
            (
                "    for i in sorted(range(len(candidates)), key=lambda i: abs(candidates[i] - ideal)):  # stable: ties in order\n",
                "    for i in sorted(range(len(candidates)), key=lambda i: -abs(candidates[i] - ideal)):  # stable: ties in order\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "even_split"),
    ),
    Mutant(
        name="a board's seam thought clear of the space it comes last inside",
        file="pnp/render/boards.py",
        edits=(("        for i in range(first, after):\n", "        for i in range(first, after - 1):\n"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "even_split"),
    ),
    Mutant(
        name="an ink-saver band's outline runs on into the bleed",
        file="pnp/render/bleed.py",
        edits=(("    if ink_saver:\n        return False\n", ""),),
        tests=("tests/test_print_engine.py", "tests/test_printshop.py", "-k", "runs_nothing or ink_saver_band"),
    ),
    Mutant(
        name="a file name something else has taken used again",
        file="pnp/export/pictures.py",
        edits=(("        while self._given.setdefault(name, content) != content:\n", "        while False:\n"),),
        tests=("tests/test_exports.py", "tests/test_printshop.py", "-k", "stay_apart or own_pictures or own_files"),
    ),
    Mutant(
        name="a Tabletop Simulator picture published under a name another picture has",
        file="pnp/export/tts.py",
        edits=(
            (
                '        name = self.names.name(stem, ".png", content=hashlib.sha256(data).digest())\n',
                '        name = self.names.name(stem, ".png", content=None)\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "own_pictures"),
    ),
    Mutant(
        name="two print-shop decks of one title named alike",
        file="pnp/export/upload.py",
        edits=(
            (
                '        stem = names.name(slug(deck.title), "", content=number)  # two decks of one title: cards, cards-2\n',
                "        stem = slug(deck.title)  # two decks of one title: cards, cards-2\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "own_files"),
    ),
    Mutant(
        name="card images numbered afresh in each deck",
        file="pnp/export/images.py",
        edits=(
            (
                "    for deck in decks:\n        faces: dict[Side, str] = {}\n",
                "    for deck in decks:\n        numbering.clear()\n        faces: dict[Side, str] = {}\n",
            ),
        ),
        tests=("tests/test_exports.py", "-k", "stay_apart"),
    ),
    Mutant(
        name="a back offset ignored when it is not zero",
        file="pnp/render/pieces.py",
        edits=(
            (
                "    return Rect(mirrored.x + dx, mirrored.y + dy, mirrored.width, mirrored.height)\n",
                "    return mirrored\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "back_offset"),
    ),
    Mutant(
        name="a piece's trim inset by its bleed on one side only",
        file="pnp/render/packing.py",
        edits=(
            (
                "                trim=Rect(left + c * (cw + gap), top - (r + 1) * ch - r * gap, cw, ch).inset(bleed),\n",
                "                trim=Rect(left + c * (cw + gap), top - (r + 1) * ch - r * gap, cw, ch).inset(bleed, 0),\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "cut_line_is_marked and 3mm-long"),
    ),
    Mutant(
        name="every page's cut lines named by its bands and grids alone",
        file="pnp/render/pieces.py",
        edits=(
            (
                "            (\n                sheet.bands,\n                tuple(\n                    (b.grid, b.section.shape, bleed_of(b.section, options), tuple(s.trim for s in b.slots))\n                    for b in sheet.blocks\n                ),\n            )\n",
                "            (sheet.bands, tuple((b.grid, b.section.shape, bleed_of(b.section, options), ()) for b in sheet.blocks))\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "backs_land_behind"),
    ),
    Mutant(
        name="card art not clipped at the bleed edge",
        file="pnp/render/pieces.py",
        edits=(
            (
                "        c.addLiteral(f\"n {box} re {'W* ' if bleed > 0 else ''}{'f*' if paint else 'n'}\")\n",
                "        c.addLiteral(f\"n {box} re {''}{'f*' if paint else 'n'}\")\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "bleed_edge"),
    ),
    Mutant(
        name="tight bands never tried for one section",
        file="pnp/render/packing.py",
        edits=(
            (
                "    return all(_fit(section, options, roomy, way) == _fit(section, options, tight, way) for way in (False, True))\n",
                "    return any(_fit(section, options, roomy, way) == _fit(section, options, tight, way) for way in (False, True))\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "tight_bands"),
    ),
    Mutant(
        name="tokens do not bleed",
        file="pnp/render/pieces.py",
        edits=(
            (
                "        clip.circle(*trim.center, trim.width / 2 + bleed)\n",
                "        clip.circle(*trim.center, trim.width / 2)\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "honour_bleed"),
    ),
    Mutant(
        name="a composed text drawn as written, not as it was fitted",
        file="pnp/render/compose.py",
        edits=(("                fitted=(size, lines),\n", "                fitted=(slot.size, (text,)),\n"),),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="a paragraph kept on one line whatever its width",
        file="pnp/render/textfit.py",
        edits=(
            (
                "        if text_width(whole, bold, size, font) <= width:  # so each of its beginnings fits too: one line\n",
                "        if text_width(whole, bold, size, font) <= 2 * width:  # so each of its beginnings fits too: one line\n",
            ),
        ),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="a text too long in a table or list let through to the models",
        file="pnp/source/tomlfiles.py",
        edits=(("                if len(value) > MAX_TEXT:\n", "                if False:\n"),),
        tests=("tests/test_safety.py", "-k", "bounded and long"),
    ),
    Mutant(
        name="a placeholder text checked only where names are listed, not where it is filled",
        file="pnp/source/placeholders.py",
        edits=(
            (
                "    names = frozenset(placeholder_names(text))\n",
                "    names = frozenset(n for _, n, _, _ in string.Formatter().parse(text) if n is not None)\n",
            ),
        ),
        tests=("tests/test_bounded_inputs.py", "-k", "seven-steps-2"),
    ),
    Mutant(
        name="an outline's colour set as a fill",
        file="pnp/render/painter.py",
        edits=(
            (
                "    return f\"{fp_str(color.red, color.green, color.blue)} {'RG' if stroke else 'rg'}\"\n",
                '    return f"{fp_str(color.red, color.green, color.blue)} rg"\n',
            ),
        ),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="rounded boxes drawn with square corners",
        file="pnp/render/painter.py",
        edits=(("        if e.radius:\n", "        if False:\n"),),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="kept icon shapes named by the SVG's opening bytes, not all of them",
        file="pnp/source/icons.py",
        edits=(('        return data, entry["sha256"]\n', "        return data, sha256(data[:150])\n"),),
        tests=("tests/test_icons_store.py", "-k", "kept_between"),
    ),
    Mutant(
        name="a kept icon shape trusted whatever its numbers count",
        file="pnp/source/shapecache.py",
        edits=(
            (
                "        if len(points) != sum(POINTS[op] for op in ops) or not all(\n            type(v) is float and math.isfinite(v) for v in points\n        ):\n",
                "        if False or not all(type(v) is float and math.isfinite(v) for v in points):\n",
            ),
        ),
        tests=("tests/test_icons_store.py", "-k", "kept_between"),
    ),
    Mutant(
        name="a kept icon shape read through a link",
        file="pnp/files/atomic.py",
        edits=(
            (
                "        return os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder)\n",
                "        return os.open(path.name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder)\n",
            ),
        ),
        tests=("tests/test_icons_store.py", "-k", "kept_between"),
    ),
    Mutant(
        name="icon shapes written as they are parsed, by a build that is then refused",
        file="pnp/source/shapecache.py",
        edits=(
            (
                "            self._known[digest] = found\n        return found\n",
                "            self._known[digest] = found\n            self.save()\n        return found\n",
            ),
        ),
        tests=("tests/test_validate.py", "-k", "broken_deck"),
    ),
    Mutant(
        name="a shape the process parsed already is not kept for the game now drawing it",
        file="pnp/source/shapecache.py",
        edits=(("                self._new.add(digest)\n", ""),),
        tests=("tests/test_icons_store.py", "-k", "refused_game"),
    ),
    Mutant(
        name="a machine whose cores are all busy still gets a worker per core",
        file="pnp/pipeline/workers.py",
        edits=(
            (
                "    if (took is not None and took < FORK_FROM) or busy() >= cores:\n",
                "    if took is not None and took < FORK_FROM:\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "busy_machine"),
    ),
    Mutant(
        name="games too small to be worth a worker get one per core anyway",
        file="pnp/pipeline/workers.py",
        edits=(("    if (took is not None and took < FORK_FROM) or busy() >= cores:\n", "    if busy() >= cores:\n"),),
        tests=("tests/test_incremental.py", "-k", "long_enough"),
    ),
    Mutant(
        name="games that took long enough are built one after another",
        file="pnp/pipeline/workers.py",
        edits=(
            (
                "    if (took is not None and took < FORK_FROM) or busy() >= cores:\n",
                "    if (took is not None) or busy() >= cores:\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "long_enough"),
    ),
    Mutant(
        name="a huge whole number in the work record stops the build",
        file="pnp/pipeline/workload.py",
        edits=(
            (
                '        data = json.loads(read_inside(record_path(output), root=output, limit=MAX_BYTES) or b"{}", parse_int=float)\n',
                '        data = json.loads(read_inside(record_path(output), root=output, limit=MAX_BYTES) or b"{}")\n',
            ),
            (
                "        if type(seconds) is float and math.isfinite(seconds) and seconds >= 0\n",
                "        if isinstance(seconds, int | float) and math.isfinite(seconds) and seconds >= 0\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "odd_work_record"),
    ),
    Mutant(
        name="what the games took is not kept",
        file="pnp/pipeline/workers.py",
        edits=(("    if seconds:\n        record_work(output, seconds)\n", ""),),
        tests=("tests/test_incremental.py", "-k", "long_enough"),
    ),
    Mutant(
        name="a failed build records what it took in the output",
        file="pnp/pipeline/workers.py",
        edits=(("        if not outcome.exit_code:\n", "        if True:\n"),),
        tests=("tests/test_incremental.py", "-k", "failed_build_leaves"),
    ),
    Mutant(
        name="a template's slot boxes kept for one size and used at every size",
        file="pnp/render/slotplaces.py",
        edits=(
            ("    laid = kept.laid.get(slots, stack, w, h)\n", "    laid = kept.laid.get(slots, stack, 0.0, 0.0)\n"),
            ("            w,\n            h,\n", "            0.0,\n            0.0,\n"),
        ),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="every repeated piece side drawn as the first one's form",
        file="pnp/render/pieces.py",
        edits=(
            (
                '                ("side", id(elements), section.width, section.height, bleed),\n',
                '                ("side", section.width, section.height, bleed),\n',
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "side_many"),
    ),
    Mutant(
        name="a repeated piece side drawn anew on every piece",
        file="pnp/render/sharing.py",
        edits=(("            sides=frozenset(self.repeated),\n", "            sides=frozenset(),\n"),),
        tests=("tests/test_print_engine.py", "-k", "side_many"),
    ),
    Mutant(
        name="elements faces share drawn anew on every face",
        file="pnp/render/sharing.py",
        edits=(
            (
                "            runs=frozenset(run for run, count in self.runs.items() if count >= FORM_FROM),\n",
                "            runs=frozenset(),\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "many_faces_share"),
    ),
    Mutant(
        name="every shared run of elements drawn as the first one's form",
        file="pnp/render/pieces.py",
        edits=(
            (
                '                    ("run", ids, section.width, section.height, bleed),\n',
                '                    ("run", section.width, section.height, bleed),\n',
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "many_faces_share"),
    ),
    Mutant(
        name="a layout kept whatever room its texts need",
        file="pnp/render/compose.py",
        edits=(
            (
                "        key = (across, dx, dy, owner.rotate if owner else 0.0, prefix, self.size, self.at, shown, *needs.values())\n",
                "        key = (across, dx, dy, owner.rotate if owner else 0.0, prefix, self.size, self.at, shown)\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "its_own"),
    ),
    Mutant(
        name="a layout kept whatever slots a piece shows",
        file="pnp/render/compose.py",
        edits=(
            (
                "        key = (across, dx, dy, owner.rotate if owner else 0.0, prefix, self.size, self.at, shown, *needs.values())\n",
                "        key = (across, dx, dy, owner.rotate if owner else 0.0, prefix, self.size, self.at, *needs.values())\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "its_own"),
    ),
    Mutant(
        name="a stacked box of less than no room drawn flat and not reported",
        file="pnp/render/compose.py",
        edits=(
            (
                "        lengths = {name: max(length, needs[name]) if name in needs else length for name, length in given.items()}\n",
                "        lengths = {name: max(length, needs.get(name, 0.0)) for name, length in given.items()}\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "less_than_no_room"),
    ),
    Mutant(
        name="a slot's elements kept for any value that prints alike",
        file="pnp/render/compose.py",
        edits=(
            (
                "        key = tuple([str(values[name]) if name in values else ABSENT for name in names])\n",
                "        key = tuple([values.get(name) for name in names])\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "less_than_no_room"),
    ),
    Mutant(
        name="a piece's own elements taken for a shared run, all keyed empty",
        file="pnp/render/sharing.py",
        edits=(
            (
                "        yield (tuple(id(e) for e in run) if shared else None), run\n",
                "        yield (tuple(id(e) for e in run) if shared else ()), run\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "many_faces_share"),
    ),
    Mutant(
        name="a slot's elements kept whatever the piece's values",
        file="pnp/render/compose.py",
        edits=(
            (
                "        key = tuple([str(values[name]) if name in values else ABSENT for name in names])\n",
                "        key = (None,)\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "its_own"),
    ),
    Mutant(
        name="a slot's elements kept apart for each layout that gives it the same box",
        file="pnp/render/compose.py",
        edits=(
            ("                kept_for(slot, placed, rotated, prefix, piece, self.layouts)\n", "                {}\n"),
        ),
        tests=("tests/test_templates.py", "-k", "its_own"),
    ),
    Mutant(
        name="a work record nested too deep stops the build",
        file="pnp/pipeline/workload.py",
        edits=(
            (
                "    except (PnpError, OSError, ValueError, RecursionError):  # UnsafeFile is a ValueError\n",
                "    except (PnpError, OSError, ValueError):  # UnsafeFile is a ValueError\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "odd_work and deep"),
    ),
    Mutant(
        name="the editor's schema no longer says a card's layout changes nothing by default",
        file="pnp/source/models.py",
        edits=(
            (
                'SlotOverrides = Annotated[dict[str, SlotSpec], Field(default_factory=dict, json_schema_extra={"default": {}})]\n',
                "SlotOverrides = Annotated[dict[str, SlotSpec], Field(default_factory=dict)]\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "schema_accepts"),
    ),
    Mutant(
        name="the gallery hashes again the files the up-to-date check just hashed",
        file="pnp/site/gallery.py",
        edits=(
            (
                "    if manifest is not None and not verified and not files_match(folder, manifest.documents):\n",
                "    if manifest is not None and not files_match(folder, manifest.documents):\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "changing_one"),
    ),
    Mutant(
        name="a group's elements kept from a piece of another size",
        file="pnp/render/compose.py",
        edits=(
            (
                '            piece = (self.size, self.at) if slot.type == "group" else None  # its slots\' boxes are checked on it\n',
                "            piece = None  # its slots' boxes are checked on it\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "larger_piece"),
    ),
    Mutant(
        name="a kept group's elements given without its slots' boxes",
        file="pnp/render/compose.py",
        edits=(("            self.areas.update(found[2])\n", ""),),
        tests=("tests/test_templates.py", "-k", "group_drawn_again"),
    ),
    Mutant(
        name="a kept group's slots shown by what their value prints, not whether it is empty",
        file="pnp/render/compose.py",
        edits=(
            (
                "            key += tuple([bool(values.get(when)) for when in place.whens])\n",
                "            key += tuple([str(values.get(when)) for when in place.whens])\n",
            ),
        ),
        tests=("tests/test_templates.py", "-k", "shows_its_slots"),
    ),
    Mutant(
        name="a kept group whatever shows its slots",
        file="pnp/render/compose.py",
        edits=(("                    whens=tuple(sorted(whens_in(slot))),\n", "                    whens=(),\n"),),
        tests=("tests/test_templates.py", "-k", "shows_its_slots"),
    ),
    Mutant(
        name="the gallery shows a game just built from its manifest before the thumbnails are set",
        file="pnp/pipeline/writing.py",
        edits=(
            (
                "        return gallery_view(manifest, folder, memory)\n",
                "        return gallery_view(replace(manifest, thumbnails={}), folder, memory)\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "reprint_holds"),
    ),
    Mutant(
        name="a one-element side fingerprinted without its tuple's comma",
        file="pnp/pipeline/reprint.py",
        edits=(
            (
                '    return f"({parts[0]},)" if len(parts) == 1 else f"({\', \'.join(parts)})"\n',
                '    return f"({parts[0]})" if len(parts) == 1 else f"({\', \'.join(parts)})"\n',
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "fingerprint"),
    ),
    Mutant(
        name="each kind of element fingerprinted as the first of its kind",
        file="pnp/pipeline/reprint.py",
        edits=(
            ("        text = reprs.get(id(element))\n", "        text = reprs.get(id(type(element)))\n"),
            (
                "            text = reprs[id(element)] = repr(element)\n",
                "            text = reprs[id(type(element))] = repr(element)\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "fingerprint"),
    ),
    Mutant(
        name="a letter of a later font subset printed with the first subset's code",
        file="pnp/render/textlines.py",
        edits=(
            (
                "        found = [(0, bytes([assignments[32 if code == 0xA0 else code] for code in map(ord, text)]))]\n",
                "        found = [(0, bytes([assignments[32 if code == 0xA0 else code] & 0xFF for code in map(ord, text)]))]\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "more_letters"),
    ),
    Mutant(
        name="a kept icon shape of another pnp trusted",
        file="pnp/source/shapecache.py",
        edits=(
            ('        paths = kept["paths"] if kept["tool"] == tool else None\n', '        paths = kept["paths"]\n'),
        ),
        tests=("tests/test_icons_store.py", "-k", "kept_between"),
    ),
    Mutant(
        name="a fitting paragraph keeps its leading spaces",
        file="pnp/render/textfit.py",
        edits=(
            (
                '        whole = paragraph.lstrip(" ")  # the words below drop a paragraph\'s leading spaces too\n',
                "        whole = paragraph  # the words below drop a paragraph's leading spaces too\n",
            ),
        ),
        tests=("tests/test_print_engine.py", "-k", "leading_spaces"),
    ),
    Mutant(
        name="the game registry loads the drawing vocabulary for a constant",
        file="pnp/games/__init__.py",
        edits=(
            (
                "from pnp.requirements import DISTRIBUTION\nfrom pnp.source.placeholders import PlaceholderError, UnknownPlaceholder, fill_placeholders\n",
                "from pnp.requirements import DISTRIBUTION\nfrom pnp.render.specs import SHEET_GAP_MM\nfrom pnp.source.placeholders import PlaceholderError, UnknownPlaceholder, fill_placeholders\n",
            ),
            (
                "        from pnp.render.specs import SHEET_GAP_MM  # the drawing vocabulary loads when a game is built\n\n",
                "",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "nothing_changed_loads"),
    ),
    Mutant(
        name="board cuts ignore the spaces",
        file="pnp/render/boards.py",
        edits=(("        intrusion = _intrusion([candidates[i]], inside[i])\n", "        intrusion = 0.0\n"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "seams"),
    ),
    Mutant(
        name="token names run to the edge of the circle",
        file="layouts/punished/board.toml",
        edits=(
            (
                'x = "21%"\ny = "19%"\nw = "58%"\nh = "23%"\nsize = 6\n',
                'x = "2%"\ny = "5%"\nw = "96%"\nh = "20%"\nsize = 6\nmin_size = 3.5\n',
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "text_on_cut"),
    ),
    Mutant(
        name="the print guide counts pages as sheets",
        file="pnp/pipeline/printguide.py",
        edits=(("        sheets=sheet_count(len(body), two_sided),\n", "        sheets=len(body),\n"),),
        tests=("tests/test_whole_file_duplex.py", "-k", "few_sheets"),
    ),
    Mutant(
        name="workers outlive a killed parent",
        file="pnp/pipeline/workers.py",
        edits=(
            ("        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)\n", "        pass\n"),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "dies_with"),
    ),
    Mutant(
        name="a killed worker's games go unreported",
        file="pnp/pipeline/workers.py",
        edits=(("                yield _lost(games[done], settings)\n", "                continue\n"),),
        tests=("tests/test_interrupts_and_paths.py", "-k", "killed_worker"),
    ),
    Mutant(
        name="a game the broken pool refuses ends the build",
        file="pnp/pipeline/workers.py",
        edits=(("    except BrokenProcessPool as broken:\n", "    except ZeroDivisionError as broken:\n"),),
        tests=("tests/test_interrupts_and_paths.py", "-k", "broken_pool"),
    ),
    Mutant(
        name="an interrupted build waits for its workers' games",
        file="pnp/pipeline/workers.py",
        edits=(
            (
                "                for worker in multiprocessing.active_children():\n                    worker.kill()\n",
                "                pass\n",
            ),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "does_not_wait"),
    ),
    Mutant(
        name="no lock on the output folder",
        file="pnp/files/outputlock.py",
        edits=(("                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\n", "                pass\n"),),
        tests=("tests/test_interrupts_and_paths.py", "-k", "second_build"),
    ),
    Mutant(
        name="a card's title moved 1 mm",
        file="layouts/exit-from-purgatory/components.toml",
        edits=(('y = "3.3mm"\nw = "68%"', 'y = "4.3mm"\nw = "68%"'),),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="the gallery trusts a manifest that does not match its PDFs",
        file="pnp/site/gallery.py",
        edits=(
            (
                "    if manifest is not None and not verified and not files_match(folder, manifest.documents):\n",
                "    if False:\n",
            ),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "do_not_match"),
    ),
    Mutant(
        name="Seven Steps' sun holds failed dice again",
        file="layouts/seven-steps/gamesheet.toml",
        edits=(('sun_hint = "Punishment dice and unused rolled dice', 'sun_hint = "Failed and unused dice'),),
        tests=("tests/test_rules_as_written.py", "-k", "seven_steps"),
    ),
    Mutant(
        name="the optimal Seven Steps policy ignores the pips a pass costs",
        file="pnp/analysis/seven_steps_optimal.py",
        edits=(
            (
                "            passed[:, spent, :, spent:] = after[:, :, : most + 1 - spent]\n",
                "            passed[:, spent, :, spent:] = after[:, :, spent:]\n",
            ),
        ),
        tests=("tests/test_report.py", "-k", "best_play"),
    ),
    Mutant(
        name="Punished's token lint counts every check met, not the first",
        file="pnp/games/punished_lint.py",
        edits=(
            (
                "        k = first_of(checks, stats)\n        if k is not None:\n            taken[k] += 1\n",
                "        for k, (stat, threshold) in enumerate(checks):\n            if stat_value(stats, stat) >= threshold:\n                taken[k] += 1\n",
            ),
        ),
        tests=("tests/test_punished.py", "-k", "token"),
    ),
    Mutant(
        name="Punished's token lint forgets MAW + BONE at most ICHOR",
        file="pnp/games/punished_lint.py",
        edits=(
            (
                "        for m in range(i + 1)\n        for b in range(i - m + 1)\n",
                "        for m in range(top + 1)\n        for b in range(top + 1)\n",
            ),
        ),
        tests=("tests/test_punished.py", "-k", "token"),
    ),
    Mutant(
        name="a game's data read afresh for every reader",
        file="pnp/source/gamesource.py",
        edits=(("    if known is None or known.digest != hexdigest or known.slug != slug:\n", "    if True:\n"),),
        tests=("tests/test_read_once.py", "-k", "unchanged"),
    ),
    Mutant(
        name="a game's file parsed again for every reader",
        file="pnp/source/gamesource.py",
        edits=(("        if name not in self._parsed:\n", "        if True:\n"),),
        tests=("tests/test_read_once.py", "-k", "full_build"),
    ),
    Mutant(
        name="the print guide plans a document again",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "            documents.append(render_document(spec, options, store, pages, memory=memory))\n",
                "            documents.append(render_document(spec, options, store, memory=memory))\n",
            ),
        ),
        tests=("tests/test_read_once.py", "-k", "full_build"),
    ),
    Mutant(
        name="the gamesheet's scoring area sized in code, not by its data",
        file="pnp/games/seven_steps.py",
        edits=(("    score_y = top - lay.scoring\n", "    score_y = top - 30\n"),),
        tests=("tests/test_templates.py", "-k", "boards_sheets"),
    ),
    Mutant(
        name="short-edge backs printed upright (upside down once the card is turned over)",
        file="pnp/render/pieces.py",
        edits=(
            ("        return (-1, 0, 0, -1, trim.right, trim.top)\n", "        return (1, 0, 0, 1, trim.x, trim.y)\n"),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "upright and a4-short"),
    ),
    Mutant(
        name="glued backs moved by the printer's back offset",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "    offset = settings.back_offset.points if settings.duplex.flips else (0.0, 0.0)\n",
                "    offset = settings.back_offset.points\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "described"),
    ),
    Mutant(
        name="a folded file described as plain single-sided",
        file="pnp/render/pages.py",
        edits=(
            (
                "    return any(page.backs or page.folded for page in pages)\n",
                "    return any(page.backs for page in pages)\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "described"),
    ),
    Mutant(
        name="a single-sided page headed fronts",
        file="pnp/render/pieces.py",
        edits=(
            (
                '    side = f"{title}: fronts" if behind.slots else f"{title}: one side only"\n',
                '    side = f"{title}: fronts"\n',
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "a4-0-long"),
    ),
    Mutant(
        name="a published game's data looked for in pnp's own layouts",
        file="pnp/games/__init__.py",
        edits=(
            (
                "        return self.folder if self.folder is not None else own_folder(self.slug)\n",
                "        return own_folder(self.slug)\n",
            ),
        ),
        tests=("tests/test_published_game.py",),
    ),
    Mutant(
        name="calibration X numbers printed under the Y ruler",
        file="pnp/games/calibration.py",
        edits=(
            (
                '                    text=f"{sign_x * t:+d}",\n                    x=x + t - 3,\n                    y=y + (-4.6 if t > 0 else 2.4),\n                    w=6,\n                    h=2.2,\n                    size=5.5,\n                    min_size=5,\n                    color=RULER,\n',
                '                    text=f"{sign_x * t:+d}", x=x + t - 3, y=y - REACH - 4, w=6, h=2.2, size=5.5, min_size=5, color=RULER\n',
            ),
        ),
        tests=("tests/test_calibrate.py", "-k", "beside_its_own_ruler"),
    ),
    Mutant(
        name="both fonts' subsets tagged AAAAAA+",
        file="pnp/render/fonts.py",
        edits=(
            (
                '    pdfmetrics.registerFont(TaggedFont(BOLD, str(fonts_dir() / "DejaVuSans-Bold.ttf"), first_tag=100_000))\n',
                '    pdfmetrics.registerFont(TaggedFont(BOLD, str(fonts_dir() / "DejaVuSans-Bold.ttf"), first_tag=0))\n',
            ),
        ),
        tests=("tests/test_pdf_structure.py", "-k", "a4-long-colour"),
    ),
    Mutant(
        name="no room kept for crop marks outside the bleed",
        file="pnp/render/cropmarks.py",
        edits=(
            (
                "MARK_ROOM = MARK_CLEAR + 2.0 * MM + 0.3 * MM  # kept free beyond the art: room for the shortest marks\n",
                "MARK_ROOM = 0.0  # kept free beyond the art: room for the shortest marks\n",
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "marked_at_both and a4-3mm"),
    ),
    Mutant(
        name="a hairline on the trim through the bleed",
        file="pnp/render/pieces.py",
        edits=(("            elif not bleed:\n", "            else:\n"),),
        tests=("tests/test_whole_file_duplex.py", "-k", "marked_at_both and letter-3mm-long"),
    ),
    Mutant(
        name="board seams allowed next to a space's outline",
        file="pnp/render/boards.py",
        edits=(
            (
                "SEAM_CLEAR = 3.0  # mm a seam keeps from any space, icon or text\n",
                "SEAM_CLEAR = 0.3  # mm a seam keeps from any space, icon or text\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "seams"),
    ),
    Mutant(
        name="the track's middle columns as close as any",
        file="layouts/straight-to/components.toml",
        edits=(("middle_gap = 7 ", "middle_gap = 0 "),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "seams and straight"),
    ),
    Mutant(
        name="a board's edge colours stop at the cut under --bleed",
        file="pnp/render/boards.py",
        edits=(
            (
                "    elements = bleeding(board.elements, board.width, board.height, bleed / MM, ink_saver=ctx.painter.ink_saver)\n",
                "    elements = board.elements\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "beyond and 3mm"),
    ),
    Mutant(
        name="HELL's entry rule printed past the track's edge",
        file="pnp/games/straight_to_track.py",
        edits=(
            (
                "            rule_x = min(max(x - rule_w / 2, EDGE_CLEAR), w - EDGE_CLEAR - rule_w)\n",
                "            rule_x = x - rule_w / 2\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "beyond and straight"),
    ),
    Mutant(
        name="boards without crop marks",
        file="pnp/render/boards.py",
        edits=(("    crop_marks(c, [trim], art, within=area)\n", ""),),
        tests=("tests/test_whole_file_duplex.py", "-k", "marked_at_both and a4-0-long"),
    ),
    Mutant(
        name="an odd file read as data (the regular-file check skipped)",
        file="pnp/files/safefiles.py",
        edits=(("        if not stat.S_ISREG(info.st_mode)\n", "        if False\n"),),
        tests=("tests/test_bounded_inputs.py", "-k", "fifo_deck or rules_folder"),
    ),
    Mutant(
        name="TOML nested past any depth",
        file="pnp/source/tomlfiles.py",
        edits=(("        if len(loc) > MAX_DEPTH:\n", "        if False:\n"),),
        tests=("tests/test_bounded_inputs.py", "-k", "deep_tables"),
    ),
    Mutant(
        name="a cached icon trusted for the hash the manifest records",
        file="pnp/source/icons.py",
        edits=(("refusals.setdefault(data, content_refusal(data))", "refusals.setdefault(data, None)"),),
        tests=("tests/test_bounded_inputs.py", "-k", "scripted_icon"),
    ),
    Mutant(
        name="the up-to-date check reads a linked icon whole",
        file="pnp/pipeline/incremental.py",
        edits=(
            (
                "            digest.update(read_regular(path, limit, links=False))\n",
                "            digest.update(path.read_bytes())\n",
            ),
        ),
        tests=("tests/test_bounded_inputs.py", "-k", "icon_to_huge"),
    ),
    Mutant(
        name="CSV columns that fill the same key",
        file="pnp/source/cardlists.py",
        edits=(("    clash = _column_clash(header)\n", "    clash = None\n"),),
        tests=("tests/test_bounded_inputs.py", "-k", "clashing"),
    ),
    Mutant(
        name="the fetch deadline ignored",
        file="pnp/source/icons.py",
        edits=(("                if time.monotonic() - started > deadline:\n", "                if False:\n"),),
        tests=("tests/test_icons_fetch.py", "-k", "deadline"),
    ),
    Mutant(
        name="Tabletop Simulator sheets in all 70 slots of 10 x 7",
        file="pnp/export/tts.py",
        edits=(
            (
                "TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last slot shows the hidden face\n",
                "TTS_PER_SHEET = TTS_COLS * TTS_ROWS  # the last slot shows the hidden face\n",
            ),
        ),
        tests=("tests/test_exports.py", "-k", "longer_than_a_sheet"),
    ),
    Mutant(
        name="Tabletop Simulator tiles stretched again from their images",
        file="pnp/export/tts.py",
        edits=(
            (
                '            "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": False},\n',
                '            "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True},\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "proportions"),
    ),
    Mutant(
        name="Tabletop Simulator objects 4 units apart whatever their size",
        file="pnp/export/tts.py",
        edits=(
            (
                '        obj["Transform"]["posX"] = (self.row_x + w_mm / 2) / UNIT_MM\n        obj["Transform"]["posZ"] = -(self.row_z + h_mm / 2) / UNIT_MM\n',
                '        obj["Transform"]["posX"] = 4.0 * len(self.objects)\n        obj["Transform"]["posZ"] = 0.0\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "side_by_side"),
    ),
    Mutant(
        name="the TTS thumbnail from the first picture published, a back as often as not",
        file="pnp/export/tts.py",
        edits=(("        if face and self.thumbnail is None:\n", "        if self.thumbnail is None:\n"),),
        tests=("tests/test_exports.py", "-k", "thumbnail"),
    ),
    Mutant(
        name="square tokens that do not stack",
        file="pnp/export/tts.py",
        edits=(
            (
                '                image["CustomTile"] = {"Type": shape, "Thickness": 0.1, "Stackable": pieces.piles, "Stretch": False}\n',
                '                image["CustomTile"] = {\n                    "Type": shape,\n                    "Thickness": 0.1,\n                    "Stackable": pieces.piles and pieces.shape == "round",\n                    "Stretch": False,\n                }\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "piles_up"),
    ),
    Mutant(
        name="the n-th [[souls]] found counting from the last",
        file="pnp/source/tomlfiles.py",
        edits=(
            (
                '                headers = self.headers.get(f"[[{name}]]", [])\n',
                '                headers = self.headers.get(f"[[{name}]]", [])[::-1]\n',
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "long_list"),
    ),
    Mutant(
        name="an icon named in a CSV cell left out of the up-to-date digest",
        file="pnp/source/icons.py",
        edits=(
            (
                'ICON_REF_IN_BYTES = re.compile(rf"(?<![\\w/-])({_PART}/{_PART})(?![\\w/-])".encode())\n',
                'ICON_REF_IN_BYTES = re.compile(rf"(?<=\\")({_PART}/{_PART})(?![\\w/-])".encode())\n',
            ),
        ),
        tests=("tests/test_read_once.py", "-k", "icons_a_digest"),
    ),
    Mutant(
        name="a report kept though the game's data changed",
        file="pnp/analysis/publish.py",
        edits=(('        if data["inputs"] != inputs:\n            return None\n', ""),),
        tests=("tests/test_report.py", "-k", "unchanged or data_change"),
    ),
    Mutant(
        name="the record check's hash dropped: a report kept though its page was edited",
        file="pnp/files/atomic.py",
        edits=(
            (
                "    return data if data is not None and hashlib.sha256(data).hexdigest() == digest else None\n",
                "    return data\n",
            ),
        ),
        tests=("tests/test_report.py", "-k", "unchanged"),
    ),
    Mutant(
        name="the record check's hash dropped (the same plant, seen through the manifest's tests): PDFs trusted whatever their bytes",
        file="pnp/files/atomic.py",
        edits=(
            (
                "    return data if data is not None and hashlib.sha256(data).hexdigest() == digest else None\n",
                "    return data\n",
            ),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "do_not_match_their_manifest"),
    ),
    Mutant(
        name="the record check's hash dropped (the same plant, seen by the change list): a hand-edited PDF cut for a before picture",
        file="pnp/files/atomic.py",
        edits=(
            (
                "    return data if data is not None and hashlib.sha256(data).hexdigest() == digest else None\n",
                "    return data\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "pictures_each"),
    ),
    Mutant(
        name="a tiled board's tiles left out of its design",
        file="pnp/pipeline/reprint.py",
        edits=(("            tiles.get(key, ()),\n", "            (),\n"),),
        tests=("tests/test_designer_loop.py", "-k", "board_on_tiles"),
    ),
    Mutant(
        name="a tiled board's tiles laid where they lie on their pages",
        file="pnp/pipeline/manifest.py",
        edits=(
            (
                "                        TileFace(item.page, on_page.x, on_page.y, on_page.w, on_page.h, on_board.x, on_board.y)\n",
                "                        TileFace(item.page, on_page.x, on_page.y, on_page.w, on_page.h, on_page.x, on_page.y)\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "board_on_tiles"),
    ),
    Mutant(
        name="a board tiled in two files recorded with both files' tiles",
        file="pnp/pipeline/manifest.py",
        edits=(
            (
                "                if files.setdefault(key, item.document) == item.document:\n",
                "                if True:\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "tiled_in_two_files"),
    ),
    Mutant(
        name="a stitched board as large as its box, not its tiles' pictures",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                '    board = Image.new("RGB", size, "white")\n',
                '    board = Image.new("RGB", (round(span_x * MM * scale), round(top * MM * scale)), "white")\n',
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "tiles_is_pictured_whole"),
    ),
    Mutant(
        name="a tiled board's rows laid with the upper row on top",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "    for tile in sorted(tiles, key=lambda tile: (-tile.board_y, -tile.board_x)):\n",
                "    for tile in sorted(tiles, key=lambda tile: (tile.board_y, -tile.board_x)):\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "two_rows"),
    ),
    Mutant(
        name="a manifest's tiles trusted to lie on their board",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "    if not all(0 <= tile.board_x <= span_x and 0 <= tile.board_y <= span_y for tile in tiles):  # NaN fails it too\n",
                "    if False:  # NaN fails it too\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "board_on_tiles"),
    ),
    Mutant(
        name="a changed design's before picture cut from the new PDF",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "    old, new = _Pages(kept, before), _Pages(kept, after)\n",
                "    old, new = _Pages(kept, after), _Pages(kept, after)\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "pictures_each"),
    ),
    Mutant(
        name="before and after pictures swapped",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "                todo.setdefault(change.after.hash, (new, change.after))\n",
                "                todo.setdefault(change.after.hash, (old, change.after))\n",
            ),
            (
                "                todo.setdefault(change.before.hash, (old, change.before))\n",
                "                todo.setdefault(change.before.hash, (new, change.before))\n",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "pictures_each"),
    ),
    Mutant(
        name="a turned card pictured lying on its side",
        file="pnp/pipeline/thumbnails.py",
        edits=(("        image = image.transpose(Image.Transpose.ROTATE_270)\n", "        pass\n"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "turned_card"),
    ),
    Mutant(
        name="a turned card pictured upside down",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "        image = image.transpose(Image.Transpose.ROTATE_270)\n",
                "        image = image.transpose(Image.Transpose.ROTATE_90)\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "turned_card"),
    ),
    Mutant(
        name="a deck of 10,000 designs captioned name by name",
        file="pnp/pipeline/gallery_view.py",
        edits=(
            ("    room = {kind: min(count, SHOWN_DESIGNS) for kind, count in named.items()}", "    room = dict(named)"),
        ),
        tests=("tests/test_designer_loop.py", "-k", "many_designs"),
    ),
    Mutant(
        name="the designs past the caption counted as pieces",
        file="pnp/pipeline/gallery_view.py",
        edits=(
            (
                '    more = {"designs": named - len(shown), "count": count - sum(shown.values())}\n',
                '    more = {"designs": named - len(shown), "count": count - len(shown)}\n',
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "many_designs"),
    ),
    Mutant(
        name="a game that cannot be loaded stops a serial build's other games",
        file="pnp/pipeline/workers.py",
        edits=(
            (
                "        with contextlib.suppress(PnpError):  # a game that cannot be loaded fails its own build alone\n            load_game(slug, settings.layouts)\n",
                "        load_game(slug, settings.layouts)\n",
            ),
        ),
        tests=("tests/test_architecture.py", "-k", "cannot_be_loaded"),
    ),
    Mutant(
        name="thumbnails kept from another pnp's build of the same PDFs",
        file="pnp/pipeline/build.py",
        edits=(("        and previous.inputs == build.manifest.inputs\n", ""),),
        tests=("tests/test_incremental.py", "-k", "thumbnails"),
    ),
    Mutant(
        name="a tiled board not pictured",
        file="pnp/pipeline/thumbnails.py",
        edits=(("    return _tiled_board(pages, design.file, design.tiles, height=height)\n", "    return None\n"),),
        tests=("tests/test_pieces_on_the_table.py", "-k", "tiles_is_pictured"),
    ),
    Mutant(
        name="a tiled board pictured with its glue strips on top",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "    for tile in sorted(tiles, key=lambda tile: (-tile.board_y, -tile.board_x)):\n",
                "    for tile in sorted(tiles, key=lambda tile: (-tile.board_y, tile.board_x)):\n",
            ),
        ),
        tests=("tests/test_pieces_on_the_table.py", "-k", "tiles_is_pictured"),
    ),
    Mutant(
        name="a picture cut from a box the manifest puts off its page",
        file="pnp/pipeline/thumbnails.py",
        edits=(
            (
                "    if not (-EDGE <= x0 < x1 <= width + EDGE and -EDGE <= y0 < y1 <= height + EDGE):  # NaN fails it too\n        return None\n",
                "",
            ),
        ),
        tests=("tests/test_designer_loop.py", "-k", "pictures_each"),
    ),
    Mutant(
        name="a design in two files taken as the last one's",
        file="pnp/pipeline/reprint.py",
        edits=(("            earlier.file if earlier else file,\n", "            file,\n"),),
        tests=("tests/test_designer_loop.py", "-k", "two_files"),
    ),
    Mutant(
        name="the gallery silent on changes it does not picture",
        file="pnp/site/templates/gallery.html.j2",
        edits=(("{% if g.changes|length > pictured %}", "{% if false %}"),),
        tests=("tests/test_designer_loop.py", "-k", "how_many_of_many"),
    ),
    Mutant(
        name="every change of a large deck pictured",
        file="pnp/pipeline/thumbnails.py",
        edits=(("        for change in islice(found, PICTURED_CHANGES):\n", "        for change in found:\n"),),
        tests=("tests/test_designer_loop.py", "-k", "first_changes_are_pictured"),
    ),
    Mutant(
        name="a failed build's gallery says the last good files hold every check",
        file="pnp/site/templates/gallery.html.j2",
        edits=(("{% if g.failed and g.validated %}", "{% if g.failed and not g.validated %}"),),
        tests=("tests/test_designer_loop.py", "-k", "after_a_failed"),
    ),
    Mutant(
        name="a manifest's PDF trusted in a subfolder",
        file="pnp/pipeline/incremental.py",
        edits=(
            (
                '        bool(documents)\n        and all("/" not in doc.file for doc in documents)\n        and files_as_recorded(folder, ((doc.file, doc.bytes, doc.sha256) for doc in documents))\n',
                "        bool(documents) and True and files_as_recorded(folder, ((doc.file, doc.bytes, doc.sha256) for doc in documents))\n",
            ),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "only_for_its_own"),
    ),
    Mutant(
        name="a recorded file's name may climb out of its folder",
        file="pnp/files/atomic.py",
        edits=(
            (
                "        data = read_inside(folder / name, root=folder, limit=limit)\n",
                "        data = read_inside(folder / name, root=Path(folder.anchor), limit=limit)\n",
            ),
        ),
        tests=("tests/test_interrupts_and_paths.py", "-k", "only_for_its_own"),
    ),
    Mutant(
        name="the Straight-to climb draws the wrong kind of soul",
        file="pnp/analysis/straight_to_balance.py",
        edits=(
            ("        drew = rng.random(games) * total < good\n", "        drew = rng.random(games) * total < evil\n"),
        ),
        tests=("tests/test_report.py", "-k", "climbs"),
    ),
    Mutant(
        name="a Straight-to battle with every soul held still hands one out",
        file="pnp/analysis/straight_to_balance.py",
        edits=(("        took = ~held\n", "        took = held | ~held\n"),),
        tests=("tests/test_report.py", "-k", "climbs"),
    ),
    Mutant(
        name="the best play's ties follow rounding",
        file="pnp/analysis/seven_steps_optimal.py",
        edits=(
            (
                "    return next(option for option in options if option[0] >= top - TIE)\n",
                "    return next(option for option in options if option[0] >= top)\n",
            ),
        ),
        tests=("tests/test_report.py", "-k", "ties"),
    ),
    Mutant(
        name="Punished's report shuffles every Guardian into tier 3",
        file="pnp/analysis/punished_balance.py",
        edits=(
            (
                "    return [*shuffled(rng, tiers[0]), *shuffled(rng, tiers[1]), *shuffled(rng, last), rng.choice(guardians)]\n",
                "    return [*shuffled(rng, tiers[0]), *shuffled(rng, tiers[1]), *shuffled(rng, tiers[2])]\n",
            ),
        ),
        tests=("tests/test_punished_as_printed.py", "-k", "deals"),
    ),
    Mutant(
        name="Punished's report forgets MAW + BONE at most ICHOR",
        file="pnp/analysis/punished_balance.py",
        edits=(
            (
                '    if sign > 0 and stat in ("MAW", "BONE") and stats["MAW"] + stats["BONE"] >= stats["ICHOR"]:\n',
                "    if False:\n",
            ),
        ),
        tests=("tests/test_punished_as_printed.py", "-k", "limits"),
    ),
    Mutant(
        name="Punished's report pays a discard cost with no card",
        file="pnp/analysis/punished_balance.py",
        edits=(
            ("        return used if met and cards_left >= cost else None\n", "        return used if met else None\n"),
        ),
        tests=("tests/test_punished_as_printed.py", "-k", "reproduced"),
    ),
    Mutant(
        name="Seven Steps' score play takes a spare before a scored die",
        file="pnp/analysis/seven_steps_optimal.py",
        edits=(
            (
                "        unscored = reserve[:, None] == np.arange(self.spares + 1)[None, :]  # [place, spares left]\n",
                "        unscored = reserve[:, None] >= np.arange(self.spares + 1)[None, :]  # [place, spares left]\n",
            ),
        ),
        tests=("tests/test_seven_steps_score.py", "-k", "recursion"),
    ),
    Mutant(
        name="Seven Steps' score counts one die for the last pass",
        file="pnp/analysis/seven_steps_optimal.py",
        edits=(
            ("    return np.maximum(reserve - spares, 0) + used\n", "    return np.maximum(reserve - spares, 0) + 1\n"),
        ),
        tests=("tests/test_seven_steps_score.py", "-k", "recursion"),
    ),
    Mutant(
        name="Particle Panic's SPADE moves to a neighbouring space again",
        file="layouts/particle-panic/reference.toml",
        edits=(
            ("SPADE: move a particle to an adjacent legal space", "SPADE: move a particle to a neighbouring space"),
        ),
        tests=("tests/test_at_the_table.py", "-k", "legal_spaces"),
    ),
    Mutant(
        name="a Guardian's card labels its rule as an in-hand ability",
        file="pnp/games/punished.py",
        edits=(
            (
                '        "hand_label": words.hand_label if card.hand else words.final_label,\n',
                '        "hand_label": words.hand_label,\n',
            ),
        ),
        tests=("tests/test_at_the_table.py", "-k", "guardian"),
    ),
    Mutant(
        name="Straight-to's defender wins a token from anywhere",
        file="layouts/straight-to/reference.toml",
        edits=(
            (
                "Defender wins: the attacker gives them 1 Power (active if possible, else inactive) for their active pile;",
                "Defender wins: the attacker gives 1 Power;",
            ),
        ),
        tests=("tests/test_at_the_table.py", "-k", "fights"),
    ),
    Mutant(
        name="Exit's author credited nowhere",
        file="pnp/pipeline/printguide.py",
        edits=(
            ('        blocks += [("heading", "The game"), *(("note", line) for line in credits)]\n', "        pass\n"),
        ),
        tests=("tests/test_at_the_table.py", "-k", "credits"),
    ),
    Mutant(
        name="report plots name their parts with a random salt",
        file="pnp/analysis/publish.py",
        edits=(
            (
                '    with rc_context({"svg.hashsalt": plot.key}):  # ids from the content, not from a random salt\n',
                '    with rc_context({"svg.hashsalt": None}):  # ids from the content, not from a random salt\n',
            ),
        ),
        tests=("tests/test_report.py", "-k", "same_bytes"),
    ),
    Mutant(
        name="small rolls drawn from a sixth of the table",
        file="pnp/analysis/draws.py",
        edits=(
            (
                "        return ordered_rolls(dice)[int(rng.random() * 6**dice)]\n",
                "        return ordered_rolls(dice)[int(rng.random() * 6 ** (dice - 1))]\n",
            ),
        ),
        tests=("tests/test_report.py", "-k", "uniform"),
    ),
    Mutant(
        name="thumbnails kept though the PDFs changed",
        file="pnp/pipeline/build.py",
        edits=(("        and _same_files(previous.documents, build.manifest.documents)\n", ""),),
        tests=("tests/test_incremental.py", "-k", "thumbnails"),
    ),
    Mutant(
        name="thumbnails cut again on every --force",
        file="pnp/pipeline/build.py",
        edits=(
            (
                "    if build.kept_thumbnails is not None:  # cut again when the inputs or PDFs changed (not on a mere --force)\n",
                "    if False:  # cut again when the inputs or PDFs changed (not on a mere --force)\n",
            ),
        ),
        tests=("tests/test_incremental.py", "-k", "thumbnails"),
    ),
    Mutant(
        name="the composer left for the first game to load",
        file="pnp/pipeline/workers.py",
        edits=(('    "pnp.render.composedkeep",  # and the composer it keeps pieces of\n', ""),),
        tests=("tests/test_build_imports.py", "-k", "warm"),
    ),
    Mutant(
        name="an export's record kept in its folder, over a game's own source.json",
        file="pnp/files/exportrecord.py",
        edits=(('    return folder.with_name(f"{folder.name}.source.json")\n', '    return folder / "source.json"\n'),),
        tests=("tests/test_exports.py", "-k", "replaces_the_last"),
    ),
    Mutant(
        name="an earlier export's files left beside the new ones",
        file="pnp/files/exportrecord.py",
        edits=(("    for name in sorted(_left(folder, root) - set(names)):\n", "    for name in ():\n"),),
        tests=("tests/test_exports.py", "-k", "replaces_the_last"),
    ),
    Mutant(
        name="an export removes the folder's files it did not write",
        file="pnp/files/exportrecord.py",
        edits=(
            (
                "    for name in sorted(_left(folder, root) - set(names)):\n",
                '    for name in sorted({p.name for p in folder.glob("*")} - set(names)):\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "replaces_the_last"),
    ),
    Mutant(
        name="an older pnp's export record left in the folder",
        file="pnp/files/exportrecord.py",
        edits=(
            (
                '    return {OLDER_RECORD} if isinstance(older, dict) and set(older) == {"data"} else set()\n',
                '    return set() if isinstance(older, dict) and set(older) == {"data"} else set()\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "replaces_the_last"),
    ),
    Mutant(
        name="the gallery lists every file in an export's folder",
        file="pnp/files/exportrecord.py",
        edits=(
            (
                "        if (name in listed if listed is not None else Path(name).suffix in EXPORTED and name != OLDER_RECORD)\n",
                "        if (True if listed is not None else Path(name).suffix in EXPORTED and name != OLDER_RECORD)\n",
            ),
        ),
        tests=("tests/test_exports.py", "-k", "replaces_the_last"),
    ),
    Mutant(
        name="a print shop's export labelled by its folder's name",
        file="pnp/files/exportrecord.py",
        edits=(('    title = record.get("title")\n', "    title = None\n"),),
        tests=("tests/test_printshop.py", "-k", "gallery_names"),
    ),
    Mutant(
        name="a print shop's deck of pictures linked picture by picture",
        file="pnp/site/gallery.py",
        edits=(("    counted = len(pictures) > SHOWN_PICTURES\n", "    counted = False\n"),),
        tests=("tests/test_printshop.py", "-k", "gallery_names"),
    ),
    Mutant(
        name="an export's pictures counted with its other files",
        file="pnp/site/gallery.py",
        edits=(('    pictures = [name for name in names if name.endswith(".png")]\n', "    pictures = names\n"),),
        tests=("tests/test_printshop.py", "-k", "gallery_names"),
    ),
    Mutant(
        name="the gallery follows a linked export folder",
        file="pnp/site/gallery.py",
        edits=(
            (
                "    return sorted(p for p in exports.iterdir() if p.is_dir() and not p.is_symlink())\n",
                "    return sorted(p for p in exports.iterdir() if p.is_dir())\n",
            ),
        ),
        tests=("tests/test_exports.py", "-k", "linked_export"),
    ),
    Mutant(
        name="the gallery follows a linked exports folder",
        file="pnp/site/gallery.py",
        edits=(("    if exports.is_symlink() or not exports.is_dir():\n", "    if not exports.is_dir():\n"),),
        tests=("tests/test_exports.py", "-k", "linked_export"),
    ),
    Mutant(
        name="the shape cache's converter read by the first game",
        file="pnp/pipeline/workers.py",
        edits=(
            (
                "    converter()  # the shape cache's tool, read from svgelements' installed metadata\n",
                "    # the shape cache's tool, read from svgelements' installed metadata\n",
            ),
        ),
        tests=("tests/test_build_imports.py", "-k", "warm"),
    ),
    Mutant(
        name="a short-edge build tells the print dialog to flip on the long edge",
        file="pnp/source/printoptions.py",
        edits=(
            (
                '            return "DuplexFlipShortEdge" if self is DuplexMode.SHORT else "DuplexFlipLongEdge"\n',
                '            return "DuplexFlipLongEdge"\n',
            ),
        ),
        tests=("tests/test_whole_file_duplex.py", "-k", "print_dialog"),
    ),
    Mutant(
        name="a one-sided file asks the print dialog for duplex",
        file="pnp/source/printoptions.py",
        edits=(("        if two_sided and self.flips:\n", "        if self.flips:\n"),),
        tests=("tests/test_whole_file_duplex.py", "-k", "print_dialog"),
    ),
    Mutant(
        name="a game named in capitals gets no suggestion",
        file="pnp/errors.py",
        edits=(('        return name.strip().lower().replace("_", "-").replace(" ", "-")\n', "        return name\n"),),
        tests=("tests/test_cli.py", "-k", "suggestion"),
    ),
    Mutant(
        name="--bleed 3 taken as millimetres without a word",
        file="pnp/source/printoptions.py",
        edits=(('        if points and str(value).strip().replace(".", "", 1).isdigit():\n', "        if False:\n"),),
        tests=("tests/test_cli.py", "-k", "unit"),
    ),
    Mutant(
        name="DriveThruCards pages front first, against its card specifications",
        file="pnp/export/services.py",
        edits=(("            back_first=True,\n", "            back_first=False,\n"),),
        tests=("tests/test_printshop.py", "-k", "page_pair"),
    ),
    Mutant(
        name="DriveThruCards' 240% ink limit not applied",
        file="pnp/export/services.py",
        edits=(("            max_ink=240,\n", "            max_ink=None,\n"),),
        tests=("tests/test_printshop.py", "-k", "more_ink_than_the_limit"),
    ),
    Mutant(
        name="an ink limit reached by cutting channels off",
        file="pnp/export/cmyk.py",
        edits=(("        return self._within_limit(ink)\n", "        return _scaled(ink, self._ink_limit)\n"),),
        tests=("tests/test_printshop.py", "-k", "keep_close_to_their_look"),
    ),
    Mutant(
        name="a card named =HYPERLINK(...) written as a formula",
        file="pnp/export/pictures.py",
        edits=(
            (
                "    if isinstance(value, str) and value.startswith(FORMULA_STARTS):\n",
                "    if isinstance(value, str) and value.startswith(FORMULA_STARTS[1:]):\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "formulas"),
    ),
    Mutant(
        name="a frame smoothed into the last pixel of a shop's safe band",
        file="pnp/export/services.py",
        edits=(
            (
                "        return (math.ceil(self.safe_px + self.bleed_px) - self.bleed_px + 1) / self.dpi * INCH_MM\n",
                "        return self.safe_px / self.dpi * INCH_MM\n",
            ),
        ),
        tests=("tests/test_printshop.py", "-k", "every_card_size"),
    ),
    Mutant(
        name="a pawn's front a pixel taller than its back",
        file="pnp/export/pictures.py",
        edits=(
            (
                "    front = image.crop((0, image.height - half + fold, image.width, image.height - tab - fold))\n",
                "    front = image.crop((0, image.height - half + fold - 1, image.width, image.height - tab - fold))\n",
            ),
        ),
        tests=("tests/test_exports.py", "-k", "two_sided"),
    ),
    Mutant(
        name="a space in --base-url written raw",
        file="pnp/export/tts.py",
        edits=(
            (
                '        self.base_url = quote(base_url.rstrip("/"), safe=URL_SAFE) if base_url else None\n',
                '        self.base_url = base_url.rstrip("/") if base_url else None\n',
            ),
        ),
        tests=("tests/test_exports.py", "-k", "base_url"),
    ),
    Mutant(
        name="a refused export leaves its empty folder",
        file="pnp/files/atomic.py",
        edits=(("                os.rmdir(parent)\n", "                pass\n"),),
        tests=("tests/test_exports.py", "-k", "refused_export"),
    ),
    Mutant(
        name="the soft proof shows the design's colours as the press's",
        file="pnp/export/proof.py",
        edits=(("        return toColor(inks.press_color(value))\n", "        return toColor(value)\n"),),
        tests=("tests/test_printshop.py", "-k", "soft_proof"),
    ),
    Mutant(
        name="a letter printed through the encoded-line fast path left out of its font subset",
        file="pnp/render/textlines.py",
        edits=(("        ttf.print(doc, text)\n", "        pass\n"),),
        tests=("tests/test_visual_regression.py",),
    ),
    Mutant(
        name="a run of entries kept by a key that leaves out the rest of the game's data",
        file="pnp/games/__init__.py",
        edits=(
            (
                "            tuple(self.templates.items()),\n            rest,\n",
                "            tuple(self.templates.items()),\n",
            ),
        ),
        tests=("tests/test_kept_builds_every_game.py", "-k", "straight"),
    ),
    Mutant(
        name="validate --format json silent on a refusal its options make",
        file="pnp/cli/checking.py",
        edits=(('            if ctx.params.get("form") == "json":\n', "            if False:\n"),),
        tests=("tests/test_installed_project.py", "-k", "refusal"),
    ),
    Mutant(
        name="validate --format json silent on an option it cannot parse",
        file="pnp/cli/checking.py",
        edits=(("            if wanted:\n", "            if False:\n"),),
        tests=("tests/test_installed_project.py", "-k", "refusal"),
    ),
    Mutant(
        name="a file's print line says the long edge where the guide says the short",
        file="pnp/pipeline/printguide.py",
        edits=(('print {f.how}"', "print {f.how.replace('short', 'long')}\""),),
        tests=("tests/test_print_lines.py", "-k", "short"),
    ),
    Mutant(
        name="the gallery leaves out the build's warnings",
        file="pnp/pipeline/gallery_view.py",
        edits=(('        "warnings": manifest.warnings,\n', '        "warnings": [],\n'),),
        tests=("tests/test_print_lines.py", "-k", "gallery"),
    ),
    Mutant(
        name="a kept page taken without its letters (their glyphs left out of the subset)",
        file="pnp/render/pagekeep.py",
        edits=(
            (
                "            printed(self.named[name], canvas._doc).document.update(dict.fromkeys(codes))\n",
                "            pass\n",
            ),
        ),
        tests=("tests/test_document_keep.py", "-k", "deep"),
    ),
    Mutant(
        name="a page spliced in that prints a letter no page printed before",
        file="pnp/render/documentkeep.py",
        edits=(("    if _printed(letters) != last.printed:", "    if False:"),),
        tests=("tests/test_document_keep.py", "-k", "deep"),
    ),
]


def _copy(target: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / name)


def _planted(mutant: Mutant, text: str) -> str:
    for old, new in mutant.edits:
        if text.count(old) != 1:
            raise SystemExit(
                f"mutant {mutant.name!r}: {old[:60]!r} occurs {text.count(old)} times in "
                f"{mutant.file}; update .ci/mutants.py to the code"
            )
        text = text.replace(old, new)
    return text


def _run(mutant: Mutant, workspace: Path) -> tuple[Mutant, bool, float]:
    """True when the tests caught the planted bug."""
    path = workspace / mutant.file
    original = path.read_text(encoding="utf-8")
    path.write_text(_planted(mutant, original), encoding="utf-8")
    started = time.monotonic()
    try:
        env = dict(os.environ, PYTHONPATH=str(workspace), PYTHONDONTWRITEBYTECODE="1")
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p", "no:cacheprovider", *mutant.tests],
            cwd=workspace,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    except subprocess.TimeoutExpired:  # said as a survivor by name, the other mutants' results kept
        print(f"mutant {mutant.name!r}: its tests ran past 300 s", file=sys.stderr)
        return mutant, False, time.monotonic() - started
    finally:
        path.write_text(original, encoding="utf-8")
    if result.returncode == 5:
        raise SystemExit(f"mutant {mutant.name!r}: its tests {' '.join(mutant.tests)} select nothing")
    return mutant, result.returncode != 0, time.monotonic() - started


def main() -> int:
    for mutant in MUTANTS:  # every edit still matches the code, before any run
        _planted(mutant, (ROOT / mutant.file).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        workspaces = [Path(scratch) / f"copy{i}" for i in range(2)]
        for workspace in workspaces:
            workspace.mkdir()
            _copy(workspace)
        # two workers, each with its own copy; mutants in a copy run one at a time
        lanes = [MUTANTS[i::2] for i in range(2)]
        with ThreadPoolExecutor(2) as pool:
            results = [
                r
                for lane in pool.map(lambda pair: [_run(m, pair[1]) for m in pair[0]], zip(lanes, workspaces))
                for r in lane
            ]
    survivors = [m for m, caught, _ in results if not caught]
    for mutant, caught, seconds in results:
        print(f"{'killed ' if caught else 'SURVIVED'} {seconds:5.1f} s  {mutant.name}")
    print(f"mutation check: {len(results) - len(survivors)} of {len(results)} planted bugs caught")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
