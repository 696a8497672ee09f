"""The README's designer path with pnp installed from its wheel (not editable, not the checkout):
a project folder's layouts are what validate and build read, and the first line says so."""

from __future__ import annotations

import ast
import json
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, placed_in
from conftest import run_installed as _run


def test_edits_in_a_project_folder_take_effect(installed, tmp_path):
    pnp = installed / "bin" / "pnp"
    shipped = Path(
        _run(
            installed / "bin" / "python",
            "-c",
            "from pnp.files.paths import shipped_layouts_dir; print(shipped_layouts_dir())",
            cwd=tmp_path,
        ).stdout.strip()
    )
    assert str(shipped).startswith(str(installed))
    project = tmp_path / "my-game"
    shutil.copytree(shipped, project / "layouts", ignore=shutil.ignore_patterns("__pycache__", "*.py", "*.pyc"))
    folder = project / "layouts" / "exit-from-purgatory"
    rules = folder / "rules.toml"
    rules.write_text(
        rules.read_text().replace('label = "Apple card"\nper_player = 5', 'label = "Apple card"\nper_player = 6')
    )
    data = folder / "components.toml"
    data.write_text(
        data.read_text()
        .replace('name = "Apple"', 'name = "Crab Apple"')
        .replace('icon = "lorc/paper-lantern"', 'icon = "lorc/sun"')
    )

    checked = _run(pnp, "validate", "exit-from-purgatory", cwd=project)
    assert checked.stderr.splitlines()[0].startswith(f"layouts: {(project / 'layouts').resolve()};")
    assert "all rules hold" in checked.stdout

    built = _run(pnp, "build", "exit-from-purgatory", cwd=project)
    assert built.stderr.splitlines()[0].startswith(f"layouts: {(project / 'layouts').resolve()};")
    import pypdfium2 as pdfium

    guide = project / "output" / "exit-from-purgatory" / "rules.pdf"
    text = " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(str(guide)))
    assert "24 Crab Apple, 20 Worm" in text  # the print guide counts the edit
    cards = project / "output" / "exit-from-purgatory" / "cards.pdf"
    text = "".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(cards)))
    assert text.count("Crab Apple") == 6 * 4  # and 24 cards carry the new name
    forms = _form_names(cards)
    assert any("icon_lorc__sun" in name for name in forms) and not any("paper_lantern" in name for name in forms)

    rules.write_text(
        rules.read_text().replace('label = "Apple card"\nper_player = 6', 'label = "Apple card"\nper_player = 1')
    )
    broken = _run(pnp, "validate", "exit-from-purgatory", cwd=project, check=False)
    assert broken.returncode == 1
    assert placed_in("exit-from-purgatory: rules.toml:components.apple.per_player: setup deals 2", broken.stdout)


def test_pnp_new_then_edit_and_build(installed, tmp_path):
    pnp = installed / "bin" / "pnp"
    _run(pnp, "new", "sheets", "--game", "seven-steps", cwd=tmp_path)
    project = tmp_path / "sheets"
    sheet = project / "layouts" / "seven-steps" / "gamesheet.toml"
    sheet.write_text(sheet.read_text().replace("Climb Mount Purgatory", "Climb the Terraces"))
    built = _run(pnp, "build", cwd=project)
    assert built.stderr.splitlines()[0].startswith(
        f"layouts: {(project / 'layouts').resolve()}; icons: {(project / 'icons').resolve()}"
    )
    import pypdfium2 as pdfium

    pdf = project / "output" / "seven-steps" / "gamesheets.pdf"
    text = "".join(page.get_textpage().get_text_range() for page in pdfium.PdfDocument(str(pdf)))
    assert "Climb the Terraces" in text and "Climb Mount Purgatory" not in text
    # the designer keeps the project in git: what the build made stays out of it, their data does not
    _run("git", "init", "-q", cwd=project)
    status = _run("git", "status", "--porcelain", "--untracked-files=all", cwd=project).stdout
    assert "output/" not in status and "layouts/seven-steps/gamesheet.toml" in status and ".gitignore" in status


def test_a_project_is_found_from_any_folder_inside_it(installed, tmp_path):
    """Run from `layouts/<game>/` inside a project, pnp finds the project's pnp.toml above it (as
    git finds its repository): it validates and builds the project's data into the project's
    output/, says which layouts it read on stderr (stdout stays the results), and refuses an output
    folder inside the layouts."""
    pnp = installed / "bin" / "pnp"
    _run(pnp, "new", "proj", "--game", "punished", cwd=tmp_path)
    project, inside = tmp_path / "proj", tmp_path / "proj" / "layouts" / "punished"
    checked = _run(pnp, "validate", cwd=inside)
    assert checked.stderr.splitlines()[0].startswith(f"layouts: {(project / 'layouts').resolve()};")
    assert "layouts:" not in checked.stdout and "punished: 1 player: ok" in checked.stdout
    built = _run(pnp, "build", cwd=inside)
    assert "-> ../../output/punished" in built.stdout
    assert (project / "output" / "punished" / "cards.pdf").is_file()
    assert not (inside / "output").exists() and not list(project.joinpath("layouts").rglob("*.pdf"))
    for command in (["build", "-o", "layouts/out"], ["watch", "-o", "layouts", "--port", "0"]):
        refused = _run(pnp, *command, cwd=project, check=False)
        assert refused.returncode == 2, refused.stdout + refused.stderr
        assert f"--output {command[2]}: inside the layouts folder" in refused.stderr
    assert not (project / "layouts" / "out").exists()


def test_a_csv_card_list_ships_in_the_wheel(installed, tmp_path):
    """The wheel was built from data whose Soul cards are a CSV list: it ships, and the game validates."""
    checked = _run(installed / "bin" / "pnp", "validate", "straight-to", cwd=tmp_path)
    assert "(shipped with pnp)" in checked.stderr and "all rules hold" in checked.stdout


OWN = ["exit-from-purgatory", "particle-panic", "punished", "seven-steps", "straight-to"]


def test_pnp_s_own_games_come_through_the_entry_point_group(installed, tmp_path):
    """Installed from its wheel, pnp registers its five games as a published game registers its
    own: `pnp.games` entry points of the purgatory-pnp distribution, which `pnp list` names."""
    listed = _run(
        installed / "bin" / "python",
        "-c",
        "from importlib.metadata import entry_points as e; "
        "print(sorted((p.name, p.value, p.dist.name) for p in e(group='pnp.games')))",
        cwd=tmp_path,
    ).stdout
    found = ast.literal_eval(listed)  # a list of tuples, printed by the installed interpreter
    registered = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"]
    assert [name for name, _, _ in found] == sorted(registered["pnp.games"])  # a copy may register more
    assert set(OWN) <= {name for name, _, _ in found}
    assert {dist for _, _, dist in found} == {"purgatory-pnp"}
    assert all(value == f"pnp.games.{name.replace('-', '_')}:GAME" for name, value, _ in found)
    shown = _run(installed / "bin" / "pnp", "list", cwd=tmp_path).stdout
    for name in registered["pnp.games"]:
        assert re.search(rf"^{name}  \(.*; from pnp itself\)$", shown, re.M), name
    source = "".join(path.read_text(encoding="utf-8") for path in (ROOT / "pnp").rglob("*.py"))
    assert "OWN_GAMES" not in source


@pytest.mark.parametrize(
    "blocked, command, extra",
    [
        (("numpy", "matplotlib"), ["report", "seven-steps"], "report"),
        (("pikepdf",), ["export", "printshop", "punished"], "printshop"),
    ],
)
def test_a_command_without_its_extra_names_it(installed, tmp_path, blocked, command, extra):
    """`pip install .` brings no plotting, array or PDF/X library: a command that needs one exits 2
    naming the extra to install, before it writes anything (the libraries are hidden from the
    installed pnp here, as if never installed); a build needs none of them."""
    hide = "import sys; sys.modules.update({m: None for m in %r}); " % (blocked,)
    run = f"from pnp.cli import main; sys.argv = ['pnp', *{command!r}]; main()"
    result = _run(installed / "bin" / "python", "-c", hide + run, cwd=tmp_path, check=False)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"needs pnp's {extra} extra" in result.stderr and f'pip install "purgatory-pnp[{extra}]"' in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "output").exists()
    built = _run(
        installed / "bin" / "python",
        "-c",
        hide + "from pnp.cli import main; sys.argv = ['pnp', 'build', 'seven-steps']; main()",
        cwd=tmp_path,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr


def test_a_workbook_a_printer_profile_and_json_findings_from_the_installed_pnp(installed, tmp_path):
    """This round's designer path from the wheel: the Soul cards kept in an .xlsx workbook, a
    printer profile chosen by name, and validate's findings as JSON for an editor."""
    import csv
    import io
    import json

    import pypdfium2 as pdfium
    import tomli_w
    import tomllib
    from workbooks import xlsx

    pnp = installed / "bin" / "pnp"
    _run(pnp, "new", "proj", "--game", "straight-to", cwd=tmp_path)
    project = tmp_path / "proj"
    game = project / "layouts" / "straight-to"
    data = tomllib.loads((game / "components.toml").read_text())
    souls = data["souls"]
    if isinstance(souls, dict):  # the wheel's data keeps them in souls.csv already
        souls = list(csv.DictReader(io.StringIO((game / souls["csv"]).read_text())))
    columns = list(souls[0])
    (game / "souls.xlsx").write_bytes(xlsx([columns, *[[str(soul[key]) for key in columns] for soul in souls]]))
    data["souls"] = {"csv": "souls.xlsx"}
    (game / "components.toml").write_text(tomli_w.dumps(data))
    (project / "pnp.toml").write_text(
        (project / "pnp.toml").read_text() + '\n[printers.office]\npaper = "letter"\nduplex = "short"\n'
    )
    checked = _run(pnp, "validate", "--format", "json", cwd=project)
    assert json.loads(checked.stdout)["ok"] is True
    _run(pnp, "build", "--printer", "office", "-q", cwd=project)
    page = pdfium.PdfDocument(project / "output" / "straight-to" / "cards.pdf")[0]
    assert page.get_size() == (612.0, 792.0)
    assert "letter, poker cards, duplex short" in page.get_textpage().get_text_range()
    (game / "souls.xlsx").write_bytes(xlsx([columns, [*(str(souls[0][key]) for key in columns[:-1]), ""], ["x"]]))
    broken = _run(pnp, "validate", "--format", "json", cwd=project, check=False)
    assert broken.returncode == 1
    found = json.loads(broken.stdout)["problems"]
    assert found and all(p["path"].startswith("layouts/straight-to/") and p["line"] >= 1 for p in found), found


def _form_names(path: Path) -> set[str]:
    """The names of the forms a PDF's pages and their forms place (its icons among them)."""
    import pikepdf

    def names(resources) -> set[str]:
        found = set()
        for name, xobject in (resources.get("/XObject") or {}).items():
            found.add(str(name))
            if "/Resources" in xobject:
                found |= names(xobject.Resources)
        return found

    with pikepdf.open(path) as pdf:
        return set().union(*(names(page.Resources) for page in pdf.pages))


def test_pnp_run_in_a_python_without_its_libraries_names_them_all(tmp_path):
    """`python -m pnp validate` from a checkout, in a Python where pnp was never installed: one
    line naming every library pnp needs that this Python lacks (click, which the command line itself
    needs, among them), and the command that installs them; exit 1, no traceback."""
    import subprocess
    import sys

    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    checkout = Path(__file__).resolve().parent.parent
    command = [str(bare / "bin" / "python"), "-m", "pnp", "validate"]
    result = subprocess.run(command, cwd=checkout, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result
    (line,) = result.stderr.splitlines()
    assert "Traceback" not in result.stderr and line.startswith(f"Error: this Python ({bare}"), line
    for library in ("click", "reportlab", "tomli", "pydantic", "fonttools"):
        assert library in line, line
    assert "`pip install .` in the folder that holds pyproject.toml" in line


@pytest.mark.parametrize(
    ("args", "toml", "said"),
    [
        (("--paper", "bogus"), "", "'bogus' is not a paper size"),
        (("nosuch",), "", "'nosuch' is not one of"),
        (("--colour-blind",), "", "No such option '--colour-blind'"),
        ((), "paper = \n", "TOML syntax error"),
    ],
)
def test_validate_says_a_refusal_as_one_json_document(installed, tmp_path, args, toml, said):
    """`pnp validate --format json` prints one JSON document whatever the exit: a bad option, an
    unknown game or option and a pnp.toml that is not TOML are refused (exit 2) as a document whose
    one problem says why, at its line and column where it has one."""
    pnp = installed / "bin" / "pnp"
    _run(pnp, "new", "proj", "--game", "punished", cwd=tmp_path)
    project = tmp_path / "proj"
    if toml:
        (project / "pnp.toml").write_text(toml)
    refused = _run(pnp, "validate", *args, "--format", "json", cwd=project, check=False)
    assert refused.returncode == 2, refused.stderr
    document = json.loads(refused.stdout)
    assert document["ok"] is False and document["exit_code"] == 2 and document["games"] == []
    (problem,) = document["problems"]
    assert said in problem["message"], problem
    if toml:
        assert (problem["path"], problem["line"], problem["col"]) == ("pnp.toml", 1, 9), problem
