"""The calibrate command: one double-sided sheet that measures a printer's back offset."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.files.atomic import check_writable, write_bytes_atomic
from pnp.games.calibration import FILENAME, calibration_document
from pnp.pipeline.build import render_options
from pnp.render.document import render_document
from pnp.source.icons import IconStore
from pnp.source.printers import profile_lines
from pnp.source.settings import Settings


@dataclass(frozen=True, kw_only=True)
class Calibration:
    """The sheet written, and for a printer named, what to keep in pnp.toml once its offset is read."""

    path: Path
    profile: str | None


def calibrate(settings: Settings, store: IconStore) -> Calibration:
    """Write OUTPUT/calibrate.pdf."""
    check_writable(settings.output_dir(), root=settings.output_dir())
    print_options = render_options(settings)
    document = render_document(calibration_document(print_options), print_options, store)
    path = settings.output_dir() / FILENAME
    write_bytes_atomic(path, document.pdf, root=settings.output_dir())
    printer = settings.printer
    profile = None
    if printer:
        paper, duplex, margin = str(settings.paper), settings.duplex.value, str(settings.margin)
        profile = profile_lines(printer, paper=paper, duplex=duplex, margin=margin, known=printer in settings.printers)
    return Calibration(path=path, profile=profile)
