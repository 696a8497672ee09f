"""The calibrate command: one double-sided sheet that measures a printer's back offset."""

from __future__ import annotations

from pathlib import Path

from pnp.files.atomic import check_writable, write_bytes_atomic
from pnp.games.calibration import FILENAME, calibration_document
from pnp.pipeline.build import render_options
from pnp.render.document import render_document
from pnp.source.icons import IconStore
from pnp.source.settings import Settings


def calibrate(settings: Settings, store: IconStore) -> Path:
    """Write OUTPUT/calibrate.pdf; its path."""
    check_writable(settings.output_dir(), root=settings.output_dir())
    print_options = render_options(settings)
    document = render_document(calibration_document(print_options), print_options, store)
    path = settings.output_dir() / FILENAME
    write_bytes_atomic(path, document.pdf, root=settings.output_dir())
    return path
