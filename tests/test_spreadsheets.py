"""Card lists in spreadsheets: the same Soul cards kept in CSV, in an .xlsx and in an .ods
workbook build the same PDF, byte for byte; a cell is typed by the data model, so a card named
`1984` with the flavour line `42` prints as written; and a bad cell is said at its row and column."""

from __future__ import annotations

import csv
import io
import re
import shutil
from pathlib import Path

import pytest
import tomli_w
import tomllib
from click.testing import CliRunner
from conftest import souls_to_csv
from workbooks import ods, xlsx

from pnp.cli import cli


pytestmark = pytest.mark.named_games  # Straight to's Soul cards alone


@pytest.fixture(scope="module")
def csv_project(tmp_path_factory) -> Path:
    """A Straight to project whose Soul cards are in souls.csv, the first named 1984 and saying 42."""
    folder = tmp_path_factory.mktemp("sheets") / "proj"
    assert CliRunner().invoke(cli, ["new", str(folder), "--game", "straight-to"]).exit_code == 0
    souls_to_csv(folder / "layouts")
    path = folder / "layouts" / "straight-to" / "souls.csv"
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    name, line = rows[0].index("name"), rows[0].index("line")
    rows[1][name], rows[1][line] = "1984", "42"
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    path.write_text(buffer.getvalue(), encoding="utf-8")
    return folder


def _rows(project: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO((project / "layouts" / "straight-to" / "souls.csv").read_text())))


def _as_workbook(project: Path, suffix: str, rows: list[list[str]]) -> None:
    folder = project / "layouts" / "straight-to"
    (folder / "souls.csv").unlink()
    (folder / f"souls{suffix}").write_bytes(xlsx(rows) if suffix == ".xlsx" else ods(rows))
    data = tomllib.loads((folder / "components.toml").read_text(encoding="utf-8"))
    data["souls"] = {"csv": f"souls{suffix}"}
    (folder / "components.toml").write_text(tomli_w.dumps(data), encoding="utf-8")


def _build(project: Path, monkeypatch) -> bytes:
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "straight-to", "--force"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return (project / "output" / "straight-to" / "cards.pdf").read_bytes()


@pytest.fixture(scope="module")
def from_csv(csv_project, tmp_path_factory) -> bytes:
    project = tmp_path_factory.mktemp("csv") / "proj"
    shutil.copytree(csv_project, project)
    with pytest.MonkeyPatch.context() as monkeypatch:
        return _build(project, monkeypatch)


def test_a_name_that_looks_like_a_number_prints_as_written(from_csv):
    import pypdfium2 as pdfium

    text = "".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(from_csv))
    assert "1984" in text and "42" in text


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_workbook_builds_the_same_cards_as_its_csv(suffix, csv_project, from_csv, tmp_path, monkeypatch):
    project = tmp_path / "proj"
    shutil.copytree(csv_project, project)
    _as_workbook(project, suffix, _rows(csv_project))
    assert _build(project, monkeypatch) == from_csv


@pytest.mark.parametrize("suffix", [".csv", ".xlsx", ".ods"])
def test_a_bad_cell_is_said_at_its_row_and_column(suffix, csv_project, tmp_path, monkeypatch):
    project = tmp_path / "proj"
    shutil.copytree(csv_project, project)
    rows = _rows(csv_project)
    count = rows[0].index("count")
    rows[3][count] = "many"
    if suffix == ".csv":
        with (project / "layouts" / "straight-to" / "souls.csv").open("w", newline="") as handle:
            csv.writer(handle).writerows(rows)
    else:
        _as_workbook(project, suffix, rows)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["validate", "straight-to"], catch_exceptions=False)
    assert result.exit_code == 1
    placed = [line for line in result.output.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    column = (
        len(",".join(rows[3][:count])) + 2 if suffix == ".csv" else count + 1
    )  # a CSV's character column, a sheet's column
    assert placed == [
        f"layouts/straight-to/souls{suffix}:4:{column}: souls[2].count: input should be a valid integer (found 'many')"
    ]


def test_a_workbook_that_unpacks_to_too_much_is_refused_unread(csv_project, tmp_path, monkeypatch):
    import zipfile

    project = tmp_path / "proj"
    shutil.copytree(csv_project, project)
    _as_workbook(project, ".xlsx", _rows(csv_project))
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as packed:
        packed.writestr("xl/worksheets/sheet1.xml", b"\0" * (40 * 1024 * 1024))
    (project / "layouts" / "straight-to" / "souls.xlsx").write_bytes(bomb.getvalue())
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["validate", "straight-to"], catch_exceptions=False)
    assert result.exit_code == 1
    assert "layouts/straight-to/souls.xlsx:1:1: it unpacks to 41,943,040 bytes, over the" in result.output
