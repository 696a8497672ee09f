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
    edits: tuple[tuple[str, str], ...]      # (old, new): each old text must occur exactly once
    tests: tuple[str, ...]                  # pytest arguments that must fail with the bug planted


MUTANTS = [
    Mutant(name="the print-shop PDF paints in RGB", file="pnp/export/printshop.py",
           edits=(('enforceColorSpace="cmyk",', ""), ("colors=inks.color", "")),
           tests=("tests/test_printshop.py", "-k", "preflight and not planted")),
    Mutant(name="cyan and magenta swapped on the way to the press", file="pnp/export/cmyk.py",
           edits=(("return CMYKColor(c / 255, m / 255, y / 255, k / 255)", "return CMYKColor(m / 255, c / 255, y / 255, k / 255)"),),
           tests=("tests/test_printshop.py", "-k", "inks")),
    Mutant(name="the print-shop PDF does not say it is PDF/X", file="pnp/export/pdfx.py",
           edits=(("        document.docinfo.GTS_PDFXVersion = PDFX_VERSION", "        pass"),),
           tests=("tests/test_printshop.py", "-k", "preflight and not planted")),
    Mutant(name="frames stay 1 mm inside the trim for a print shop", file="pnp/export/safearea.py",
           edits=(("    if inset >= safe_mm:", "    if True:"),),
           tests=("tests/test_printshop.py", "-k", "safe_margin and drivethrucards")),
    Mutant(name="each Punished front behind the first card's back", file="pnp/export/upload.py",
           edits=(('back = f"{stem}-back.png" if one_back else f"{stem}-back-{number:03d}.png"',
                   'back = f"{stem}-back.png" if one_back else f"{stem}-back-{1:03d}.png"'),),
           tests=("tests/test_printshop.py", "-k", "paired")),
    Mutant(name="MakePlayingCards' bleed taken as 1/8 in", file="pnp/export/services.py",
           edits=(('Service(name="makeplayingcards", title="MakePlayingCards", pdf=False, dpi=300, bleed_px=36,',
                   'Service(name="makeplayingcards", title="MakePlayingCards", pdf=False, dpi=300, bleed_px=37.5,'),),
           tests=("tests/test_printshop.py", "-k", "cited_size and makeplayingcards")),
    Mutant(name="ink-saver pawns differ only by a small name", file="pnp/games/kit.toml",
           edits=(('text = "{number}"\nx = "100% - 8mm"', 'text = ""\nx = "100% - 8mm"'),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "ink_saver and letter-short")),
    Mutant(name="the print guide orders Punished's decks by colour alone", file="layouts/punished/board.toml",
           edits=(("Play deck I (red backs), then deck II (purple), then deck III (black)",
                   "Play the red deck, then the purple, then the black"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "ink_saver and a4-fold")),
    Mutant(name="a short section never shares a tall one's band", file="pnp/render/pieces.py",
           edits=(("beside = _beside(blocks, section, area, (cw, ch), left, bleed, turned)", "beside = None"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "few_sheets")),
    Mutant(name="a reprint opens on a blank page", file="pnp/render/document.py",
           edits=(("if has_backs and len(out) % 2 == 1:", "if has_backs and len(out) % 2 == 0:"),),
           tests=("tests/test_designer_loop.py", "-k", "reprint_holds")),
    Mutant(name="Straight-to's Combat Power tokens before the pawns, on a Letter page of their own",
           file="pnp/games/straight_to.py",
           edits=(("                pawn_standees(ctx, d.pawns, n),\n                PieceSheet(     # after the tall pawns",
                   "                PieceSheet(     # after the tall pawns"),
                  ("            ],\n            cover=Cover(\n                contents=[\n                    f\"{power_count} Power",
                   "                pawn_standees(ctx, d.pawns, n),\n            ],\n            cover=Cover(\n                contents=[\n                    f\"{power_count} Power")),
           tests=("tests/test_whole_file_duplex.py", "-k", "as_reached and letter")),
    Mutant(name="ink-saver icons solid black", file="pnp/render/painter.py",
           edits=(("self.set_fill(LIGHT_ICON_FILL if e.size > SOLID_ICON_MM else INK)", "self.set_fill(INK)"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "light_inside")),
    Mutant(name="ink-saver icons light grey with no outline", file="pnp/render/document.py",
           edits=(("outlined=options.ink_saver", "outlined=False"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "light_inside")),
    Mutant(name="A3 prints one A4-sized page component to a sheet", file="pnp/render/sheets.py",
           edits=(("return pages if half is None else impose_two_up(pages, half)", "return pages"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "two_to_a_large")),
    Mutant(name="the right half page drawn over the left", file="pnp/render/sheets.py",
           edits=(("ctx.canvas.translate(i * width / 2, 0)", "ctx.canvas.translate(0, 0)"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "two_to_a_large")),
    Mutant(name="the print guide tells nobody to cut two-up pages apart", file="pnp/build/printguide.py",
           edits=(("how += CUT_IN_TWO", "how += \"\""),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "two_to_a_large")),
    Mutant(name="the scoring mat's token spots pile up at the snowflake's centre",
           file="layouts/exit-from-purgatory/components.toml",
           edits=(("spot_along = 0.9 ", "spot_along = 0.6 "),),
           tests=("tests/test_exit_from_purgatory.py", "-k", "token_spots")),
    Mutant(name="the scoring mat's letters drawn at the centre's side of their token spots",
           file="pnp/games/exit_from_purgatory.py",
           edits=(("reach = length * mat.spot_along + spot_d / 2", "reach = length * mat.spot_along - spot_d / 2"),),
           tests=("tests/test_exit_from_purgatory.py", "-k", "lie_on_the_snowflake")),
    Mutant(name="a space's pawns crowd onto its particle spots", file="pnp/games/particle_panic.py",
           edits=(("MOST_PAWNS = 4 ", "MOST_PAWNS = 2 "),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "particle_panic_spaces and a4-long")),
    Mutant(name="particle spots no larger than the tokens", file="layouts/particle-panic/components.toml",
           edits=(("particle_spot = 18 ", "particle_spot = 16 "),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "particle_panic_spaces and letter-fold")),
    Mutant(name="LIMBO holds six pawns however many play", file="pnp/games/straight_to.py",
           edits=(("count = max(t.limbo.pawns, players)\n    cols", "count = t.limbo.pawns\n    cols"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "limbo_holds")),
    Mutant(name="stacked slots keep their own boxes", file="pnp/render/compose.py",
           edits=(("stacked = [by_name[name] for name in stack if name in by_name and self.shown(by_name[name])]",
                   "stacked: list[Slot] = []"),),
           tests=("tests/test_templates.py", "-k", "card_size and tarot")),
    Mutant(name="texts on one layer may overlap unreported", file="pnp/render/compose.py",
           edits=(("if one.slot.layer == other.slot.layer and one.area.overlaps(other.area):",
                   "if one.slot.layer != other.slot.layer and one.area.overlaps(other.area):"),),
           tests=("tests/test_templates.py", "-k", "mistake")),
    Mutant(name="an icon slot's scale ignored", file="pnp/render/compose.py",
           edits=(("size=min(a.w, a.h) * slot.scale, color=color,", "size=min(a.w, a.h), color=color,"),),
           tests=("tests/test_templates.py", "-k", "designer")),
    Mutant(name="back offset's y sign flipped", file="pnp/render/pieces.py",
           edits=(("mirrored.y + dy", "mirrored.y - dy"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "a4-0-short")),
    Mutant(name="pages name the wrong flip edge", file="pnp/source/printoptions.py",
           edits=(('LONG_EDGE = "flip on long edge"', 'LONG_EDGE = "flip on short edge"'),
                  ('SHORT_EDGE = "flip on short edge"', 'SHORT_EDGE = "flip on long edge"')),
           tests=("tests/test_whole_file_duplex.py", "-k", "a4-0-short")),
    Mutant(name="icon hash not checked on read", file="pnp/source/icons.py",
           edits=(('if len(data) != entry.get("size") or sha256(data) != entry.get("sha256"):',
                   'if len(data) != entry.get("size"):'),),
           tests=("tests/test_icons_store.py", "-k", "tampered")),
    Mutant(name="direct write instead of the atomic one", file="pnp/files/atomic.py",
           edits=(('    tmp = f".{relative.name}', '    path.write_bytes(data)\n    return\n    tmp = f".{relative.name}'),),
           tests=("tests/test_safety.py", "-k", "write_that_fails")),
    Mutant(name="writes follow links under the output folder", file="pnp/files/atomic.py",
           edits=(("os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)",
                   "os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=fd)"),),
           tests=("tests/test_output_confinement.py", "-k", "link_in")),
    Mutant(name="the watch server answers any Host", file="pnp/site/watch.py",
           edits=(('not in (f"127.0.0.1:{port}", f"localhost:{port}")', 'is None'),),
           tests=("tests/test_output_confinement.py", "-k", "foreign_host")),
    Mutant(name="Exit's Lantern card and aid print the author's variant as the rule",
           file="layouts/exit-from-purgatory/components.toml",
           edits=(('rule = "dice"', 'rule = "single-die"'),),
           tests=("tests/test_rules_as_written.py", "-k", "exit_prints")),
    Mutant(name="player aids print their back on the front", file="pnp/games/kit.py",
           edits=(("face, back = layout(w, h)", "back, face = layout(w, h)"),),
           tests=("tests/test_player_aids.py", "-k", "letter-fold")),
    Mutant(name="aid cards sized for a whole page, too wide for a gutterfold half", file="pnp/render/pieces.py",
           edits=(("w = min(area.width / 2, _fold_half(options).width - 2 * MARK_ROOM) - DRIFT_ROOM",
                   "w = area.width / 2 - DRIFT_ROOM"),),
           tests=("tests/test_player_aids.py", "-k", "a4-fold")),
    Mutant(name="a placeholder's format spec is ignored, not refused", file="pnp/source/placeholders.py",
           edits=(("        if spec or conversion:\n", "        if conversion:\n"),),
           tests=("tests/test_bounded_inputs.py", "-k", "seven-steps-2")),
    Mutant(name="card-text templates may format to any width", file="pnp/source/sandbox.py",
           edits=(('SIZED_FILTERS = frozenset({"format", ', 'SIZED_FILTERS = frozenset({'),),
           tests=("tests/test_bounded_inputs.py", "-k", "punished-3")),
    Mutant(name="ink-saver ignored for polygons", file="pnp/render/painter.py",
           edits=(("fill, stroke = self._fill_stroke(e.fill, e.stroke, (max(xs) - min(xs)) * (max(ys) - min(ys)) / 2)",
                   "fill, stroke = e.fill, e.stroke"),),
           tests=("tests/test_print_engine.py", "-k", "ink_saver")),
    Mutant(name="PRIDE and ENVY challenge texts swapped", file="layouts/seven-steps/gamesheet.toml",
           edits=(('challenge = "Roll at or under the challenge die."', 'challenge = "@ENVY@"'),
                  ('challenge = "Roll under {plus} minus the challenge die."',
                   'challenge = "Roll at or under the challenge die."'),
                  ('challenge = "@ENVY@"', 'challenge = "Roll under {plus} minus the challenge die."')),
           tests=("tests/test_seven_steps.py", "-k", "terrace")),
    Mutant(name="back offset left out of the build digest", file="pnp/build/incremental.py",
           edits=(('"duplex", "back_offset", "copies")', '"duplex", "copies")'),),
           tests=("tests/test_incremental.py", "-k", "digest or back_offset")),
    Mutant(name="icon bytes left out of the build digest", file="pnp/build/incremental.py",
           edits=(('digest.update(read_regular(icon, MAX_DOWNLOAD, links=False))', 'digest.update(b"")'),),
           tests=("tests/test_incremental.py", "-k", "icon_bytes")),
    Mutant(name="PDF file name dropped from render errors", file="pnp/build/pipeline.py",
           edits=(("where if where else ''}: {filename}: {exc.message}\")",
                   "where if where else ''}: {exc.message}\")"),),
           tests=("tests/test_safety.py", "-k", "drawn_text_that_cannot_fit")),
    Mutant(name="standee's back figure not turned", file="pnp/games/kit.py",
           edits=(("Group(elements=side, dx=w, dy=t + 2 * h, rotate=180),", "Group(elements=side, dx=0, dy=t + h),"),),
           tests=("tests/test_print_engine.py", "-k", "standees")),
    Mutant(name="sections never share a sheet", file="pnp/render/pieces.py",
           edits=(("    for section in sections:\n        turned",
                   "    for section in sections:\n        if blocks:\n            sheets.append(blocks)\n"
                   "            blocks, top = [], area.top\n        turned"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "few_sheets")),
    Mutant(name="pieces never turn to fit more", file="pnp/render/pieces.py",
           edits=(("    return turned > upright and len(section.pieces) > upright", "    return False"),),
           tests=("tests/test_print_engine.py", "-k", "bleed_layout")),
    Mutant(name="centred lines start at their centre", file="pnp/render/textlines.py",
           edits=(("            x -= width / 2\n", "            x -= 0\n"),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="one document's line encodings reused in the next", file="pnp/render/textlines.py",
           edits=(("KEPT = 1024 ", "_ENCODED: dict[tuple[bool, float, str], tuple[str, float]] = {}\nKEPT = 1024 "),
                  ("self._encoded: dict[tuple[bool, float, str], tuple[str, float]] = {}", "self._encoded = _ENCODED")),
           tests=("tests/test_print_engine.py", "-k", "own_letters")),
    Mutant(name="fill colours written blue-green-red", file="pnp/render/painter.py",
           edits=(("fp_str(color.red, color.green, color.blue)", "fp_str(color.blue, color.green, color.red)"),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="press fills with cyan and magenta swapped", file="pnp/render/painter.py",
           edits=(("fp_str(d * color.cyan, d * color.magenta,", "fp_str(d * color.magenta, d * color.cyan,"),),
           tests=("tests/test_printshop.py", "-k", "layout_names")),
    Mutant(name="card art not clipped at the bleed edge", file="pnp/render/pieces.py",
           edits=(("{'W* ' if bleed > 0 else ''}", "{''}"),),
           tests=("tests/test_print_engine.py", "-k", "bleed_edge")),
    Mutant(name="tight bands never tried for one section", file="pnp/render/pieces.py",
           edits=(("    return all(_fit(section, options, roomy, way) == _fit(section, options, tight, way)",
                   "    return any(_fit(section, options, roomy, way) == _fit(section, options, tight, way)"),),
           tests=("tests/test_print_engine.py", "-k", "tight_bands")),
    Mutant(name="tokens do not bleed", file="pnp/render/pieces.py",
           edits=(("clip.circle(*trim.center, trim.width / 2 + bleed)", "clip.circle(*trim.center, trim.width / 2)"),),
           tests=("tests/test_print_engine.py", "-k", "honour_bleed")),
    Mutant(name="a composed text drawn as written, not as it was fitted", file="pnp/render/compose.py",
           edits=(("fitted=(size, lines))]", "fitted=(slot.size, (text,)))]"),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="a paragraph kept on one line whatever its width", file="pnp/render/textfit.py",
           edits=(("if text_width(paragraph, bold, size) <= width:", "if text_width(paragraph, bold, size) <= 2 * width:"),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="a placeholder text checked only where names are listed, not where it is filled",
           file="pnp/source/placeholders.py",
           edits=(("    placeholder_names(text)\n    return tuple(", "    return tuple("),),
           tests=("tests/test_bounded_inputs.py", "-k", "seven-steps-2")),
    Mutant(name="an outline's colour set as a fill", file="pnp/render/painter.py",
           edits=(("{'RG' if stroke else 'rg'}", "rg"),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="rounded boxes drawn with square corners", file="pnp/render/painter.py",
           edits=(("        if e.radius:\n            self.canvas.addLiteral(f\"{round_rect(", "        if False:\n            self.canvas.addLiteral(f\"{round_rect("),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="kept icon shapes named by the SVG's opening bytes, not all of them", file="pnp/source/icons.py",
           edits=(("    digest = sha256(data)\n    kept = ", "    digest = sha256(data[:150])\n    kept = "),),
           tests=("tests/test_icons_store.py", "-k", "kept_between")),
    Mutant(name="a kept icon shape trusted whatever its numbers count", file="pnp/source/shapecache.py",
           edits=(("        if (len(points) != sum(POINTS[op] for op in ops)\n                or not all(",
                   "        if (False\n                or not all("),),
           tests=("tests/test_icons_store.py", "-k", "kept_between")),
    Mutant(name="a kept icon shape read through a link", file="pnp/files/atomic.py",
           edits=(("os.open(path.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK", "os.open(path.name, os.O_RDONLY | os.O_NONBLOCK"),),
           tests=("tests/test_icons_store.py", "-k", "kept_between")),
    Mutant(name="icon shapes written as they are parsed, by a build that is then refused",
           file="pnp/source/shapecache.py",
           edits=(("        self._new[digest] = shape\n", "        self._new[digest] = shape\n        self.save()\n"),),
           tests=("tests/test_fuzz_layouts.py", "-k", "particle-panic")),
    Mutant(name="board cuts ignore the spaces", file="pnp/render/boards.py",
           edits=(("key=lambda c: (_intrusion([c], near), abs(c - ideal)))",
                   "key=lambda c: abs(c - ideal))"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "seams")),
    Mutant(name="token names run to the edge of the circle", file="layouts/punished/board.toml",
           edits=(('x = "21%"\ny = "19%"\nw = "58%"\nh = "23%"\nsize = 6\n',
                   'x = "2%"\ny = "5%"\nw = "96%"\nh = "20%"\nsize = 6\nmin_size = 3.5\n'),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "text_on_cut")),
    Mutant(name="the print guide counts pages as sheets", file="pnp/build/printguide.py",
           edits=(("sheets=sheet_count(len(body), two_sided)", "sheets=len(body)"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "few_sheets")),
    Mutant(name="workers outlive a killed parent", file="pnp/build/pipeline.py",
           edits=(("ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)", "pass"),),
           tests=("tests/test_interrupts_and_paths.py", "-k", "dies_with")),
    Mutant(name="no lock on the output folder", file="pnp/files/outputlock.py",
           edits=(("fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)", "pass"),),
           tests=("tests/test_interrupts_and_paths.py", "-k", "second_build")),
    Mutant(name="a card's title moved 1 mm", file="layouts/exit-from-purgatory/components.toml",
           edits=(('y = "3.3mm"\nw = "68%"', 'y = "4.3mm"\nw = "68%"'),),
           tests=("tests/test_visual_regression.py",)),
    Mutant(name="the gallery trusts a manifest that does not match its PDFs", file="pnp/site/gallery.py",
           edits=(("if manifest is not None and not files_match(folder, manifest.documents):", "if False:"),),
           tests=("tests/test_interrupts_and_paths.py", "-k", "do_not_match")),
    Mutant(name="Seven Steps' sun holds failed dice again", file="layouts/seven-steps/gamesheet.toml",
           edits=(('sun_hint = "Punishment dice and unused rolled dice', 'sun_hint = "Failed and unused dice'),),
           tests=("tests/test_rules_as_written.py", "-k", "seven_steps")),
    Mutant(name="the optimal Seven Steps policy ignores the pips a pass costs",
           file="pnp/analysis/seven_steps_optimal.py",
           edits=(("passed[:, spent, :, spent:] = after[:, :, : most + 1 - spent]",
                   "passed[:, spent, :, spent:] = after[:, :, spent:]"),),
           tests=("tests/test_report.py", "-k", "best_play")),
    Mutant(name="Punished's token lint forgets MAW + BONE at most ICHOR", file="pnp/games/punished.py",
           edits=(("for i in range(1, top + 1) for m in range(i + 1) for b in range(i - m + 1)",
                   "for i in range(1, top + 1) for m in range(top + 1) for b in range(top + 1)"),),
           tests=("tests/test_punished.py", "-k", "token")),
    Mutant(name="a game's data read afresh for every reader", file="pnp/source/gamesource.py",
           edits=(("    if known is None or known.digest != hexdigest or known.slug != slug:",
                   "    if True:"),),
           tests=("tests/test_read_once.py",)),
    Mutant(name="the print guide plans a document again", file="pnp/build/pipeline.py",
           edits=(("documents.append(render_document(spec, options, store, pages))",
                   "documents.append(render_document(spec, options, store))"),),
           tests=("tests/test_read_once.py",)),
    Mutant(name="the gamesheet's scoring area sized in code, not by its data", file="pnp/games/seven_steps.py",
           edits=(("    score_y = top - lay.scoring\n", "    score_y = top - 30\n"),),
           tests=("tests/test_templates.py", "-k", "boards_sheets")),
    Mutant(name="short-edge backs printed upright (upside down once the card is turned over)",
           file="pnp/render/pieces.py",
           edits=(("        return (-1, 0, 0, -1, trim.right, trim.top)", "        return (1, 0, 0, 1, trim.x, trim.y)"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "upright and a4-short")),
    Mutant(name="glued backs moved by the printer's back offset", file="pnp/build/pipeline.py",
           edits=(("    offset = settings.back_offset.points if settings.duplex.flips else (0.0, 0.0)",
                   "    offset = settings.back_offset.points"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "described")),
    Mutant(name="a folded file described as plain single-sided", file="pnp/render/pages.py",
           edits=(("    return any(page.backs or page.folded for page in pages)", "    return any(page.backs for page in pages)"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "described")),
    Mutant(name="a single-sided page headed fronts", file="pnp/render/pieces.py",
           edits=(('        side = f"{title}: fronts" if behind.slots else f"{title}: one side only"',
                   '        side = f"{title}: fronts"'),),
           tests=("tests/test_whole_file_duplex.py", "-k", "a4-0-long")),
    Mutant(name="a published game's data looked for in pnp's own layouts", file="pnp/games/__init__.py",
           edits=(("        return self.folder if self.folder is not None else own_folder(self.slug)",
                   "        return own_folder(self.slug)"),),
           tests=("tests/test_published_game.py",)),
    Mutant(name="calibration X numbers printed under the Y ruler", file="pnp/games/calibration.py",
           edits=(("y=y + (-4.6 if t > 0 else 2.4)", "y=y - REACH - 4"),),
           tests=("tests/test_calibrate.py", "-k", "beside_its_own_ruler")),
    Mutant(name="both fonts' subsets tagged AAAAAA+", file="pnp/render/fonts.py",
           edits=(("first_tag=100_000", "first_tag=0"),),
           tests=("tests/test_pdf_structure.py", "-k", "a4-long-colour")),
    Mutant(name="no room kept for crop marks outside the bleed", file="pnp/render/cropmarks.py",
           edits=(("MARK_ROOM = MARK_CLEAR + 2.0 * MM + 0.3 * MM", "MARK_ROOM = 0.0"),),
           tests=("tests/test_whole_file_duplex.py", "-k", "marked_at_both and a4-3mm")),
    Mutant(name="a hairline on the trim through the bleed", file="pnp/render/pieces.py",
           edits=(("            elif not bleed:\n                c.rect(", "            else:\n                c.rect("),),
           tests=("tests/test_whole_file_duplex.py", "-k", "marked_at_both and letter-3mm-long")),
    Mutant(name="board seams allowed next to a space's outline", file="pnp/render/boards.py",
           edits=(("SEAM_CLEAR = 3.0 ", "SEAM_CLEAR = 0.3 "),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "seams")),
    Mutant(name="the track's middle columns as close as any", file="layouts/straight-to/components.toml",
           edits=(("middle_gap = 7 ", "middle_gap = 0 "),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "seams and straight")),
    Mutant(name="a board's edge colours stop at the cut under --bleed", file="pnp/render/boards.py",
           edits=(("    elements = bleeding(board.elements, board.width, board.height, bleed / MM)",
                   "    elements = board.elements"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "beyond and 3mm")),
    Mutant(name="HELL's entry rule printed past the track's edge", file="pnp/games/straight_to.py",
           edits=(("rule_x = min(max(x - rule_w / 2, EDGE_CLEAR), w - EDGE_CLEAR - rule_w)", "rule_x = x - rule_w / 2"),),
           tests=("tests/test_pieces_on_the_table.py", "-k", "beyond and straight")),
    Mutant(name="boards without crop marks", file="pnp/render/boards.py",
           edits=(("    crop_marks(c, [trim], art, within=area)\n", ""),),
           tests=("tests/test_whole_file_duplex.py", "-k", "marked_at_both and a4-0-long")),
    Mutant(name="an odd file read as data (the regular-file check skipped)", file="pnp/files/safefiles.py",
           edits=(('f"it is {_kind(info.st_mode)}, not a regular file" if not stat.S_ISREG(info.st_mode) else',
                   'f"it is {_kind(info.st_mode)}, not a regular file" if False else'),),
           tests=("tests/test_bounded_inputs.py", "-k", "fifo_deck or rules_folder")),
    Mutant(name="TOML nested past any depth", file="pnp/source/tomlfiles.py",
           edits=(("        if len(loc) > MAX_DEPTH:\n", "        if False:\n"),),
           tests=("tests/test_bounded_inputs.py", "-k", "deep_tables")),
    Mutant(name="a cached icon trusted for the hash the manifest records", file="pnp/source/icons.py",
           edits=(("        refusal = content_refusal(data)\n", "        refusal = None\n"),),
           tests=("tests/test_bounded_inputs.py", "-k", "scripted_icon")),
    Mutant(name="the up-to-date check reads a linked icon whole", file="pnp/build/incremental.py",
           edits=(("digest.update(read_regular(icon, MAX_DOWNLOAD, links=False))", "digest.update(icon.read_bytes())"),),
           tests=("tests/test_bounded_inputs.py", "-k", "icon_to_huge")),
    Mutant(name="CSV columns that fill the same key", file="pnp/source/tomlfiles.py",
           edits=(("    clash = _column_clash(header)\n", "    clash = None\n"),),
           tests=("tests/test_bounded_inputs.py", "-k", "clashing")),
    Mutant(name="the fetch deadline ignored", file="pnp/source/icons.py",
           edits=(("                if time.monotonic() - started > deadline:\n", "                if False:\n"),),
           tests=("tests/test_icons_fetch.py", "-k", "deadline")),
    Mutant(name="Tabletop Simulator sheets in all 70 slots of 10 x 7", file="pnp/export/tts.py",
           edits=(("TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1", "TTS_PER_SHEET = TTS_COLS * TTS_ROWS"),),
           tests=("tests/test_exports.py", "-k", "longer_than_a_sheet")),
    Mutant(name="Tabletop Simulator tiles stretched again from their images", file="pnp/export/tts.py",
           edits=(('"CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": False}',
                   '"CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}'),),
           tests=("tests/test_exports.py", "-k", "proportions")),
    Mutant(name="Tabletop Simulator objects 4 units apart whatever their size", file="pnp/export/tts.py",
           edits=(('obj["Transform"]["posX"] = (self.row_x + w_mm / 2) / UNIT_MM',
                   'obj["Transform"]["posX"] = 4.0 * len(self.objects)'),
                  ('obj["Transform"]["posZ"] = -(self.row_z + h_mm / 2) / UNIT_MM', 'obj["Transform"]["posZ"] = 0.0')),
           tests=("tests/test_exports.py", "-k", "side_by_side")),
    Mutant(name="square tokens that do not stack", file="pnp/export/tts.py",
           edits=(('"Stackable": pieces.piles,', '"Stackable": pieces.piles and pieces.shape == "round",'),),
           tests=("tests/test_exports.py", "-k", "piles_up")),
    Mutant(name="a signal taken while the build's workers fork", file="pnp/build/pipeline.py",
           edits=(("    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)\n", ""),),
           tests=("tests/test_interrupts_and_paths.py", "-k", "while_the_workers_fork")),
    Mutant(name="the n-th [[souls]] found counting from the last", file="pnp/source/tomlfiles.py",
           edits=(('headers = self.headers.get(f"[[{name}]]", [])', 'headers = self.headers.get(f"[[{name}]]", [])[::-1]'),),
           tests=("tests/test_designer_loop.py", "-k", "long_list")),
    Mutant(name="an icon named in a CSV cell left out of the up-to-date digest", file="pnp/source/icons.py",
           edits=(('ICON_REF_IN_BYTES = re.compile(rf"(?<![\\w/-])', 'ICON_REF_IN_BYTES = re.compile(rf"(?<=\\")'),),
           tests=("tests/test_read_once.py", "-k", "icons_a_digest")),
    Mutant(name="a report kept though the game's data changed", file="pnp/analysis/publish.py",
           edits=(('        if data["inputs"] != inputs:\n            return None\n', ""),),
           tests=("tests/test_report.py", "-k", "unchanged or data_change")),
    Mutant(name="a report kept though its page was edited", file="pnp/analysis/publish.py",
           edits=(("            if hashlib.sha256(read_regular(target / name, MAX_FIGURES, links=False)).hexdigest() != digest:\n"
                   "                return None\n", ""),),
           tests=("tests/test_report.py", "-k", "unchanged")),
    Mutant(name="the Straight-to climb draws the wrong kind of soul", file="pnp/analysis/straight_to_balance.py",
           edits=(("drew = rng.random(games) * total < good", "drew = rng.random(games) * total < evil"),),
           tests=("tests/test_report.py", "-k", "climbs")),
    Mutant(name="a Straight-to battle with every soul held still hands one out",
           file="pnp/analysis/straight_to_balance.py",
           edits=(("        took = ~held\n", "        took = held | ~held\n"),),
           tests=("tests/test_report.py", "-k", "climbs")),
    Mutant(name="the best play's ties follow rounding", file="pnp/analysis/seven_steps_optimal.py",
           edits=(("if option[0] >= top - TIE)", "if option[0] >= top)"),),
           tests=("tests/test_report.py", "-k", "ties")),
    Mutant(name="Punished's remembered encounters forget the carried gains", file="pnp/analysis/punished_balance.py",
           edits=(("key = (id(card), stats, carried)", "key = (id(card), stats, NOTHING)"),),
           tests=("tests/test_report.py", "-k", "plain_replay")),
    Mutant(name="report plots name their parts with a random salt", file="pnp/analysis/publish.py",
           edits=(('rc_context({"svg.hashsalt": plot.key})', 'rc_context({"svg.hashsalt": None})'),),
           tests=("tests/test_report.py", "-k", "same_bytes")),
    Mutant(name="small rolls drawn from a sixth of the table", file="pnp/analysis/draws.py",
           edits=(("[int(rng.random() * 6 ** dice)]", "[int(rng.random() * 6 ** (dice - 1))]"),),
           tests=("tests/test_report.py", "-k", "uniform")),
    Mutant(name="thumbnails kept though the PDFs changed", file="pnp/build/pipeline.py",
           edits=(("if previous is not None and _same_files(previous.documents, build.manifest.documents) and",
                   "if previous is not None and"),),
           tests=("tests/test_incremental.py", "-k", "thumbnails")),
    Mutant(name="thumbnails cut again on every --force", file="pnp/build/pipeline.py",
           edits=(("    if build.kept_thumbnails is not None:", "    if False:"),),
           tests=("tests/test_incremental.py", "-k", "thumbnails")),

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
            raise SystemExit(f"mutant {mutant.name!r}: {old[:60]!r} occurs {text.count(old)} times in "
                             f"{mutant.file}; update .ci/mutants.py to the code")
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
        result = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *mutant.tests],
                                cwd=workspace, env=env, capture_output=True, text=True, timeout=300)
    finally:
        path.write_text(original, encoding="utf-8")
    if result.returncode == 5:
        raise SystemExit(f"mutant {mutant.name!r}: its tests {' '.join(mutant.tests)} select nothing")
    return mutant, result.returncode != 0, time.monotonic() - started


def main() -> int:
    for mutant in MUTANTS:                       # every edit still matches the code, before any run
        _planted(mutant, (ROOT / mutant.file).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        workspaces = [Path(scratch) / f"copy{i}" for i in range(2)]
        for workspace in workspaces:
            workspace.mkdir()
            _copy(workspace)
        # two workers, each with its own copy; mutants in a copy run one at a time
        lanes = [MUTANTS[i::2] for i in range(2)]
        with ThreadPoolExecutor(2) as pool:
            results = [r for lane in pool.map(lambda pair: [_run(m, pair[1]) for m in pair[0]],
                                              zip(lanes, workspaces)) for r in lane]
    survivors = [m for m, caught, _ in results if not caught]
    for mutant, caught, seconds in results:
        print(f"{'killed ' if caught else 'SURVIVED'} {seconds:5.1f} s  {mutant.name}")
    print(f"mutation check: {len(results) - len(survivors)} of {len(results)} planted bugs caught")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
