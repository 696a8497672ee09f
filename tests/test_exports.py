"""Exports: print-on-demand card images, Tabletop Simulator sheets, and the HTML gallery."""

from __future__ import annotations

import contextlib
import csv
import json
import re
import shutil
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pypdfium2 as pdfium
import pytest
from conftest import DATA_GAMES, EVERY_GAME
from PIL import Image, ImageChops, ImageStat

from pnp.export.tts import THUMB_PX
from pnp.files.paths import shipped_layouts_dir
from pnp.games import load_game
from pnp.source.gamesource import read_game
from pnp.source.rules import load_rules


def quantities(folder: Path) -> list[dict]:
    with open(folder / "quantities.csv", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize(
    "game, kinds",
    [
        ("straight-to", {"soul-good", "soul-evil"}),
        ("exit-from-purgatory", {"apple", "worm", "lantern"}),
        ("punished", {"tier-1", "tier-2", "tier-3"}),
    ],
)
def test_images_match_the_rules_model(run, isolated, game, kinds):
    result = run("export", "images", game)
    assert result.exit_code == 0, result.output
    folder = isolated / "output" / game / "exports" / "images"
    rows = quantities(folder)
    rules = load_rules(read_game(game, load_game(game).shipped_folder()))
    players = rules.players.default
    for kind in kinds:
        spec = rules.components[kind]
        total = sum(int(r["quantity"]) for r in rows if r["kind"] == kind and r["side"] == "face")
        assert total >= spec.expected(players) if spec.at_least else total == spec.expected(players)
    faces = sum(int(r["quantity"]) for r in rows if r["side"] == "face")
    backs = sum(int(r["quantity"]) for r in rows if r["side"] == "back")
    assert faces == backs  # every card has a back image
    for back in (r for r in rows if r["side"] == "back"):  # and each face names the one behind it
        assert sum(int(r["quantity"]) for r in rows if r["back"] == back["file"]) == int(back["quantity"])
    for row in rows:
        with Image.open(folder / row["file"]) as image:
            assert image.size == (825, 1125)  # poker + 1/8 in bleed at 300 dpi
    assert len(list(folder.glob("*.png"))) == len(rows)


def test_soul_image_names_are_upload_friendly(run, isolated):
    assert run("export", "images", "straight-to").exit_code == 0
    names = sorted(p.name for p in (isolated / "output/straight-to/exports/images").glob("*.png"))
    assert "soul-good-01.png" in names and "soul-evil-03.png" in names and "back-soul.png" in names
    assert all(re.fullmatch(r"[a-z0-9-]+\.png", name) for name in names)


def test_dpi_and_bleed_options(run, isolated):
    assert run("export", "images", "straight-to", "--dpi", "150", "--bleed", "0").exit_code == 0
    with Image.open(isolated / "output/straight-to/exports/images/soul-good-01.png") as image:
        assert image.size == (375, 525)


def test_a_card_image_matches_its_pdf_card(run, isolated):
    assert run("build", "straight-to").exit_code == 0
    assert run("export", "images", "straight-to", "--bleed", "0").exit_code == 0
    out = isolated / "output" / "straight-to"
    manifest = json.loads((out / "manifest.json").read_text())
    card = next(p for p in manifest["placed"] if p["kind"] == "soul-good" and p["side"] == "face")
    dpi = 300
    page = pdfium.PdfDocument(str(out / card["document"]))[card["page"] - 1]
    rendered = page.render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    left = card["box"]["x"] * px
    top = rendered.height - (card["box"]["y"] + card["box"]["h"]) * px
    from_pdf = rendered.crop((round(left), round(top), round(left) + 750, round(top) + 1050))
    image = Image.open(out / "exports/images/soul-good-01.png").convert("RGB")
    assert image.size == (750, 1050)
    inset = (12, 12, 738, 1038)  # 1 mm in: the PDF draws its cut hairline on the edge
    diff = ImageChops.difference(from_pdf.crop(inset), image.crop(inset))
    assert max(ImageStat.Stat(diff).mean) < 2.0, ImageStat.Stat(diff).mean


FORMAT = json.loads((Path(__file__).parent / "data" / "tts-saved-object-format.json").read_text())
TYPES = {"str": str, "list": list, "dict": dict, "int": int, "bool": bool, "float": (int, float)}


def has_keys(obj: dict, keys: dict, where: str) -> None:
    for key, kind in keys.items():
        assert key in obj, f"{where}: missing {key}"
        assert isinstance(obj[key], TYPES[kind]) and not (kind == "int" and isinstance(obj[key], bool)), (
            f"{where}: {key} is {type(obj[key]).__name__}, expected {kind}"
        )


def local_file(url: str) -> Path:
    assert url.startswith("file:///"), url
    path = Path(unquote(urlparse(url).path))
    assert path.is_file(), f"{url} does not exist"
    return path


def check_custom_deck(key: str, deck: dict, where: str) -> tuple[int, int]:
    has_keys(deck, FORMAT["custom_deck_keys"], f"{where} CustomDeck {key}")
    cols, rows = deck["NumWidth"], deck["NumHeight"]
    assert 1 <= cols <= FORMAT["grid_max"][0] and 1 <= rows <= FORMAT["grid_max"][1], where
    with Image.open(local_file(deck["FaceURL"])) as sheet:
        assert sheet.width <= FORMAT["sheet_max_px"] and sheet.height <= FORMAT["sheet_max_px"]
        assert sheet.width % cols == 0 and sheet.height % rows == 0  # the grid cuts it into equal cards
    with Image.open(local_file(deck["BackURL"])) as back:
        if deck["UniqueBack"]:  # a sheet of backs on the same grid
            assert back.size == Image.open(local_file(deck["FaceURL"])).size
    return cols, rows


def walk(objects: list, where: str, seen: Counter) -> None:
    for number, obj in enumerate(objects):
        here = f"{where}[{number}]"
        has_keys(obj, FORMAT["object_keys"], here)
        assert set(FORMAT["transform_keys"]) <= set(obj["Transform"]), here
        assert obj["Name"] in FORMAT["names"], f"{here}: unknown object {obj['Name']}"
        has_keys(obj, FORMAT["names"][obj["Name"]], here)
        seen[obj["Name"]] += 1
        seen["guid:" + obj["GUID"]] += 1
        if "CustomDeck" in obj:
            grids = {key: check_custom_deck(key, deck, here) for key, deck in obj["CustomDeck"].items()}
            ids = obj["DeckIDs"] if obj["Name"].startswith("Deck") else [obj["CardID"]]
            for card_id in ids:
                key, slot = str(card_id // 100), card_id % 100
                assert key in grids, f"{here}: card {card_id} names no CustomDeck"
                cols, rows = grids[key]
                assert slot < cols * rows - 1, f"{here}: card {card_id} outside its sheet or on the hidden slot"
            if obj["Name"].startswith("Deck"):
                assert [c["CardID"] for c in obj["ContainedObjects"]] == obj["DeckIDs"]
                keys = {str(i // 100) for i in obj["DeckIDs"]}
                assert keys == set(obj["CustomDeck"]), f"{here}: one CustomDeck per sheet used"
        if "CustomImage" in obj:
            has_keys(obj["CustomImage"], FORMAT["custom_image_keys"], here)
            local_file(obj["CustomImage"]["ImageURL"])
            local_file(obj["CustomImage"]["ImageSecondaryURL"])
            if obj["Name"] == "Custom_Tile":
                has_keys(obj["CustomImage"]["CustomTile"], FORMAT["custom_tile_keys"], here)
                assert str(obj["CustomImage"]["CustomTile"]["Type"]) in FORMAT["tile_types"]
        walk(obj.get("ContainedObjects", []), here, seen)


@pytest.fixture(scope="module")
def tts_exports(tmp_path_factory):
    """Every game's saved object, exported once by the CLI for the tests below."""
    from click.testing import CliRunner

    from pnp.cli import cli

    folder = tmp_path_factory.mktemp("tts")
    saved = {}
    with contextlib.chdir(folder):  # no project folder around: each game's shipped data
        for game in sorted(EVERY_GAME):
            result = CliRunner().invoke(cli, ["export", "tts", game, "-o", str(folder)], catch_exceptions=False)
            assert result.exit_code == 0, result.output
            saved[game] = json.loads((folder / game / "exports" / "tts" / f"{game}.json").read_text())
    return folder, saved


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_tts_saved_object_follows_the_documented_format(tts_exports, game):
    folder, saved = tts_exports
    state = saved[game]
    has_keys(state, FORMAT["save_keys"], game)
    seen: Counter = Counter()
    walk(state["ObjectStates"], game, seen)
    assert all(count == 1 for key, count in seen.items() if key.startswith("guid:")), "GUIDs repeat"
    with Image.open(folder / game / "exports" / "tts" / f"{game}.png") as thumb:
        assert thumb.size == (256, 256)
    rules = load_rules(read_game(game, load_game(game).shipped_folder()))
    placed = Counter()

    def count(objects):
        for obj in objects:
            if obj["Name"] in ("Card", "Custom_Tile", "Figurine_Custom"):
                placed[obj["Nickname"]] += 1
            count(obj.get("ContainedObjects", []))

    count(state["ObjectStates"])
    assert sum(placed.values()) > 0 and rules.game.title == state["SaveName"]


def test_soul_cards_take_one_sheet_and_every_card_is_named(tts_exports):
    _, saved = tts_exports
    deck = next(o for o in saved["straight-to"]["ObjectStates"] if o["Nickname"] == "Soul cards")
    assert deck["Name"] == "Deck" and len(deck["DeckIDs"]) == 100 and len(deck["CustomDeck"]) == 1
    (sheet,) = deck["CustomDeck"].values()
    assert sheet["UniqueBack"] is False and (sheet["NumWidth"], sheet["NumHeight"]) == (7, 1)
    names = Counter(card["Nickname"] for card in deck["ContainedObjects"])
    rules = load_rules(read_game("straight-to", shipped_layouts_dir() / "straight-to"))
    players = rules.players.default
    good = rules.components["soul-good"].expected(players)
    assert sum(names.values()) == good + rules.components["soul-evil"].expected(players)
    assert len(set(deck["DeckIDs"])) == 6  # each distinct face once, its ID repeated


def test_a_deck_longer_than_a_sheet_keeps_every_card_off_the_hidden_face(tmp_path):
    """75 designs in one deck: two sheets of at most 69 cards and the hidden face each, and every
    card's crop of its sheet shows that card's own colour, not the hidden face over it."""
    from pnp.export.catalogue import ExportDeck
    from pnp.export.tts import SavedObject
    from pnp.files.paths import shipped_icons_dir
    from pnp.render.elements import Box
    from pnp.render.specs import Piece
    from pnp.source.icons import IconStore

    colours = [(3 * i, 128, 255 - 3 * i) for i in range(75)]
    pieces = [
        Piece(
            kind="card",
            name=f"Card {i}",
            face=(Box(x=0, y=0, w=63.5, h=88.9, fill="#%02x%02x%02x" % c),),
            back=(Box(x=0, y=0, w=63.5, h=88.9, fill="#000000"),),
        )
        for i, c in enumerate(colours)
    ]
    saved = SavedObject(tmp_path, tmp_path, None, IconStore(shipped_icons_dir()), ink_saver=False)
    saved.deck(ExportDeck(title="Long", pieces=pieces, w=63.5, h=88.9), "t")
    (deck,) = saved.objects
    walk([deck], "long deck", Counter())
    assert len(deck["CustomDeck"]) == 2
    assert len({sheet["BackURL"] for sheet in deck["CustomDeck"].values()}) == 1  # one back, one file
    sheets = {key: Image.open(local_file(sheet["FaceURL"])).convert("RGB") for key, sheet in deck["CustomDeck"].items()}
    for card, colour in zip(deck["ContainedObjects"], colours, strict=True):
        key, slot = divmod(card["CardID"], 100)
        cols, rows = deck["CustomDeck"][str(key)]["NumWidth"], deck["CustomDeck"][str(key)]["NumHeight"]
        image = sheets[str(key)]
        w, h = image.width // cols, image.height // rows
        seen = image.getpixel((slot % cols * w + w // 2, slot // cols * h + h // 2))
        assert max(abs(a - b) for a, b in zip(seen, colour)) <= 2, (card["Nickname"], seen, colour)


def test_a_token_sheet_titled_like_the_pawns_keeps_its_own_pictures(run, isolated):
    """A data-only game whose token is called "Pawn": its sheet is titled "Pawns", as the pawns' is,
    and both named their first piece's back pawns-01-back.png, so the first pawn's back showed the
    token's back on the table. Each picture keeps a file of its own."""
    layouts = isolated / "layouts"
    shutil.copytree(DATA_GAMES / "lantern-walk", layouts / "lantern-walk")
    data = layouts / "lantern-walk" / "game.toml"
    assert 'name = "Spark token"' in data.read_text()
    data.write_text(data.read_text().replace('name = "Spark token"', 'name = "Pawn"'))
    result = run("export", "tts", "--layouts", layouts, "lantern-walk")
    assert result.exit_code == 0, result.output
    saved = json.loads((isolated / "output/lantern-walk/exports/tts/lantern-walk.json").read_text())
    bags = [o for o in saved["ObjectStates"] if o["Name"] == "Bag" and o["Nickname"] == "Pawns"]
    tokens = next(b for b in bags if b["ContainedObjects"][0]["Name"] == "Custom_Tile")["ContainedObjects"]
    pawns = next(b for b in bags if b["ContainedObjects"][0]["Name"] == "Figurine_Custom")["ContainedObjects"]
    token_back = local_file(tokens[0]["CustomImage"]["ImageSecondaryURL"])
    pawn_back = local_file(pawns[0]["CustomImage"]["ImageSecondaryURL"])
    assert pawn_back.name == "lantern-walk-pawns-01-back-2.png"  # the name the token's back took first
    with Image.open(token_back) as token, Image.open(pawn_back) as pawn:
        assert token.size != pawn.size  # a round tile, a standee's half
        assert ImageStat.Stat(token.convert("RGB")).mean != ImageStat.Stat(pawn.convert("RGB")).mean


def test_a_game_whose_name_holds_back_shows_its_first_face_as_the_thumbnail(run, isolated):
    """The thumbnail beside the saved object is the first face picture. Told apart by their names,
    pictures were skipped when "back" was in them, and in a game named back-something every one is."""
    layouts = isolated / "layouts"
    shutil.copytree(DATA_GAMES / "lantern-walk", layouts / "backstreet-walk")
    result = run("export", "tts", "--layouts", layouts, "backstreet-walk")
    assert result.exit_code == 0, result.output
    folder = isolated / "output/backstreet-walk/exports/tts"
    saved = json.loads((folder / "backstreet-walk.json").read_text())
    deck = next(o for o in saved["ObjectStates"] if o["Name"] == "Deck")
    with Image.open(local_file(next(iter(deck["CustomDeck"].values()))["FaceURL"])) as sheet:
        face = sheet.convert("RGB")
    face.thumbnail((THUMB_PX, THUMB_PX))
    with Image.open(folder / "backstreet-walk.png") as thumb:
        shown = thumb.convert("RGB").crop(
            (
                (THUMB_PX - face.width) // 2,
                (THUMB_PX - face.height) // 2,
                (THUMB_PX + face.width) // 2,
                (THUMB_PX + face.height) // 2,
            )
        )
    assert ImageChops.difference(shown, face).getbbox() is None


def test_an_export_replaces_the_last_one_and_records_its_data_beside_its_folder(run, isolated):
    """An export recorded the data it was made from in its folder as source.json, the name under
    which a game called "source" saves its Tabletop Simulator object: the record replaced the save.
    The record lies beside the folder now, with the files the export wrote. And a card renamed since
    the last export left its old picture among the new ones, to be uploaded with them: an export
    removes what the last one wrote and it did not, and leaves the files pnp did not write."""
    layouts = isolated / "layouts"
    shutil.copytree(DATA_GAMES / "lantern-walk", layouts / "source")
    assert run("build", "--layouts", layouts, "source").exit_code == 0
    exports = isolated / "output/source/exports"
    (exports / "images").mkdir(parents=True)
    (exports / "images/source.json").write_text('{"data": "made by an older pnp"}\n')  # its record
    (exports / "images/box-art.png").write_bytes(b"a designer's own picture")
    for kind in ("tts", "images"):
        result = run("export", kind, "--layouts", layouts, "source")
        assert result.exit_code == 0, result.output
    saved = json.loads((exports / "tts/source.json").read_text())
    assert saved["SaveName"] == "Lantern Walk" and saved["ObjectStates"]
    assert not (exports / "images/source.json").exists() and (exports / "images/shade-01.png").is_file()
    gallery = (isolated / "output/index.html").read_text()
    assert 'href="source/exports/tts/source.json"' in gallery and "data-stale" not in gallery
    assert "images/source.json" not in gallery and "box-art.png" not in gallery
    for name, old, new in (
        ("game.toml", 'id = "shade"', 'id = "wraith"'),
        ("rules.toml", "[components.shade]", "[components.wraith]"),
    ):
        data = layouts / "source" / name
        assert data.read_text().count(old) == 1
        data.write_text(data.read_text().replace(old, new))
    assert run("build", "--layouts", layouts, "source").exit_code == 0
    gallery = (isolated / "output/index.html").read_text()
    assert 'data-stale="tts"' in gallery and 'data-stale="images"' in gallery
    assert run("export", "images", "--layouts", layouts, "source").exit_code == 0
    images = exports / "images"
    listed = {row["file"] for row in quantities(images)}
    assert "wraith-01.png" in listed and "shade-01.png" not in listed
    assert {p.name for p in images.iterdir()} == listed | {"quantities.csv", "box-art.png"}
    gallery = (isolated / "output/index.html").read_text()
    assert 'data-stale="tts"' in gallery and 'data-stale="images"' not in gallery
    assert "wraith-01.png" in gallery and "shade-01.png" not in gallery


def test_a_linked_export_folder_is_left_out_of_the_gallery(run, isolated, tmp_path):
    """The gallery reads an export's folder through no link, as pnp writes it: a linked folder, or a
    linked exports folder, is left out of the gallery, not followed, and not an error after a good
    build (it failed the build, refusing "to write through" a folder it only read)."""
    layouts = isolated / "layouts"
    shutil.copytree(DATA_GAMES / "lantern-walk", layouts / "walk")
    assert run("build", "--layouts", layouts, "walk").exit_code == 0
    assert run("export", "images", "--layouts", layouts, "walk").exit_code == 0
    exports = isolated / "output/walk/exports"
    assert "walk/exports/images/" in (isolated / "output/index.html").read_text()
    for linked, target in ((exports / "images", tmp_path / "images"), (exports, tmp_path / "exports")):
        shutil.move(linked, target)
        linked.symlink_to(target, target_is_directory=True)
        result = run("build", "--layouts", layouts, "walk", "--force")
        assert result.exit_code == 0, result.output
        assert "walk/exports/" not in (isolated / "output/index.html").read_text()
        linked.unlink()
        shutil.move(target, linked)


def test_decks_with_several_backs_get_a_sheet_of_backs(tts_exports):
    _, saved = tts_exports
    tiers = [o for o in saved["punished"]["ObjectStates"] if o["Name"] == "Deck"]
    assert len(tiers) == 3
    for deck in tiers:
        assert all(sheet["UniqueBack"] for sheet in deck["CustomDeck"].values())


def test_tokens_boards_and_pawns_have_table_forms(tts_exports):
    _, saved = tts_exports
    names = Counter()

    def walk_names(objects):
        for obj in objects:
            names[obj["Name"]] += 1
            walk_names(obj.get("ContainedObjects", []))

    for state in saved.values():
        walk_names(state["ObjectStates"])
    assert names["Figurine_Custom"] >= 4  # Particle Panic's pawn standees stand up
    pawns = [o for o in saved["straight-to"]["ObjectStates"] if o["Nickname"] == "Pawns"][0]["ContainedObjects"]
    assert all(p["CustomImage"]["CustomTile"]["Type"] == 2 for p in pawns)  # Straight-to's flat pawns are round
    tokens = [o for o in saved["exit-from-purgatory"]["ObjectStates"] if o["Nickname"] == "Tokens"][0]
    token = tokens["ContainedObjects"][0]["CustomImage"]
    assert token["CustomTile"]["Type"] == 2 and token["ImageURL"] != token["ImageSecondaryURL"]  # apple / worm
    assert any(
        o["Name"] == "Custom_Tile" and o["Nickname"] == "Heaven/Hell track"
        for o in saved["straight-to"]["ObjectStates"]
    )


# What Tabletop Simulator makes of an object's size, stated here apart from the exporter: an unscaled
# tile is 2 x 2 units (its image laid on it as it is, "Stretch" off), an unscaled card 2.5 x 3.5,
# a bag about 3 across; a unit is about an inch.
UNSCALED = {"Custom_Tile": (2.0, 2.0), "Figurine_Custom": (2.0, 2.0), "Card": (2.5, 3.5), "Deck": (2.5, 3.5)}
BAG = 3.0


def tiles(objects):
    for obj in objects:
        if obj["Name"] == "Custom_Tile":
            yield obj
        yield from tiles(obj.get("ContainedObjects", []))


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_tts_tiles_keep_their_images_proportions(tts_exports, game):
    """Each tile's scales, across and deep, stand as its image's width to its height, and no tile is
    stretched again from its image."""
    _, saved = tts_exports
    found = list(tiles(saved[game]["ObjectStates"]))
    assert found
    for tile in found:
        with Image.open(local_file(tile["CustomImage"]["ImageURL"])) as image:
            aspect = image.height / image.width
        scale = tile["Transform"]
        assert tile["CustomImage"]["CustomTile"]["Stretch"] is False
        assert scale["scaleZ"] / scale["scaleX"] == pytest.approx(aspect, rel=0.02), (tile["Nickname"], aspect)


@pytest.mark.parametrize("game", sorted(EVERY_GAME))
def test_tts_objects_lie_side_by_side(tts_exports, game):
    """Each object's footprint on the table, from its scale (and a tile's from its image, the test
    above), overlaps no other's."""
    _, saved = tts_exports
    boxes = []
    for obj in saved[game]["ObjectStates"]:
        t = obj["Transform"]
        w, d = (
            (BAG, BAG)
            if obj["Name"] == "Bag"
            else (UNSCALED[obj["Name"]][0] * t["scaleX"], UNSCALED[obj["Name"]][1] * t["scaleZ"])
        )
        boxes.append((obj["Nickname"], t["posX"] - w / 2, t["posX"] + w / 2, t["posZ"] - d / 2, t["posZ"] + d / 2))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap = min(a[2], b[2]) - max(a[1], b[1]), min(a[4], b[4]) - max(a[3], b[3])
            assert min(overlap) <= 0, f"{a[0]} and {b[0]} overlap by {overlap[0]:.2f} x {overlap[1]:.2f} units"


PILED = {
    "straight-to": {"Power tokens", "Combat Power tokens"},
    "exit-from-purgatory": {"Tokens"},
    "particle-panic": {"Particle tokens"},
    "punished": {"Resource tokens"},
    "seven-steps": set(),
}


def test_every_token_kind_piles_up(tts_exports):
    """The tokens each game's rules heap up (Power and Combat Power, apples and worms, particles,
    resources) stack on the table; trackers, aids, boards, mats and sheets do not."""
    _, saved = tts_exports
    assert set(PILED) <= set(saved)
    for game in PILED:  # pnp's own games: what their rules heap up is known here
        for obj in saved[game]["ObjectStates"]:
            for tile in tiles([obj]):
                piled = obj["Nickname"] in PILED[game]
                assert tile["CustomImage"]["CustomTile"]["Stackable"] is piled, (
                    game,
                    obj["Nickname"],
                    tile["Nickname"],
                )


def test_base_url_replaces_file_paths(run, isolated):
    assert run("export", "tts", "exit-from-purgatory", "--base-url", "https://example.org/pnp/").exit_code == 0
    text = (isolated / "output/exit-from-purgatory/exports/tts/exit-from-purgatory.json").read_text()
    assert "file://" not in text and "https://example.org/pnp/exit-from-purgatory-cards-1.png" in text


def test_a_base_url_as_typed_is_encoded_once(run, isolated):
    """A space in the address is percent-encoded (Tabletop Simulator fetches the URL as written),
    an escape already there and the query's delimiters stay as they are."""
    address = "https://example.org/my games/pnp%20x?v=1&w=2"
    assert run("export", "tts", "exit-from-purgatory", "--base-url", address).exit_code == 0
    saved = json.loads((isolated / "output/exit-from-purgatory/exports/tts/exit-from-purgatory.json").read_text())
    urls = {url for obj in saved["ObjectStates"] for url in _image_urls(obj)}
    assert urls and all(url.startswith("https://example.org/my%20games/pnp%20x?v=1&w=2/") for url in urls)
    assert all(" " not in url for url in urls)


def _image_urls(obj: dict) -> list[str]:
    urls = [value for key, value in obj.get("CustomImage", {}).items() if key.endswith("URL") and value]
    urls += [value for deck in obj.get("CustomDeck", {}).values() for key, value in deck.items() if key.endswith("URL")]
    return urls + [url for child in obj.get("ContainedObjects", []) for url in _image_urls(child)]


def test_both_sides_of_every_two_sided_piece_are_one_size(tts_exports):
    """A pawn's front and back (cut from one standee strip at the folds) and a token's two faces, in
    every game: the same pixels across and down, so neither side is stretched on the table."""
    folder, saved = tts_exports

    def pieces(objects):
        for obj in objects:
            if "CustomImage" in obj:
                yield obj
            yield from pieces(obj.get("ContainedObjects", []))

    checked = Counter()
    for game, state in saved.items():
        for piece in pieces(state["ObjectStates"]):
            image = piece["CustomImage"]
            if image["ImageSecondaryURL"] != image["ImageURL"]:
                with (
                    Image.open(local_file(image["ImageURL"])) as front,
                    Image.open(local_file(image["ImageSecondaryURL"])) as back,
                ):
                    assert front.size == back.size, (game, piece["Nickname"])
                checked[piece["Name"]] += 1
    assert checked["Figurine_Custom"] >= 4 and checked["Custom_Tile"] > 0


def test_a_refused_export_leaves_no_folder_behind(run, isolated):
    """An export refused after its options were read (a card size the service does not print, a
    game without cards) leaves no empty exports folder for the gallery or the player to find."""
    result = run("export", "printshop", "punished", "--card", "tarot")
    assert result.exit_code == 2 and "--card tarot" in result.output
    assert run("export", "images", "seven-steps").exit_code == 2
    assert not (isolated / "output" / "punished" / "exports").exists()
    assert not (isolated / "output" / "seven-steps" / "exports").exists()


def test_pngs_say_their_resolution(run, isolated):
    assert run("export", "images", "punished", "--dpi", "150").exit_code == 0
    folder = isolated / "output/punished/exports/images"
    for png in folder.glob("*.png"):
        with Image.open(png) as image:
            assert image.info["dpi"] == pytest.approx((150, 150), abs=0.05), png.name  # pHYs counts pixels per metre


def test_exports_honour_ink_saver_and_card(run, isolated):
    assert run("export", "images", "exit-from-purgatory", "--bleed", "0").exit_code == 0
    assert run("export", "images", "exit-from-purgatory", "--bleed", "0", "--ink-saver", "-o", "ink").exit_code == 0
    assert (
        run("export", "images", "exit-from-purgatory", "--bleed", "0", "--card", "bridge", "-o", "bridge").exit_code
        == 0
    )
    colour = Image.open(isolated / "output/exit-from-purgatory/exports/images/back-lift-back.png").convert("L")
    saver = Image.open(isolated / "ink/exit-from-purgatory/exports/images/back-lift-back.png").convert("L")
    dark = lambda image: sum(1 for p in image.tobytes() if p < 90) / (image.width * image.height)
    assert dark(colour) > 0.3 and dark(saver) < 0.1
    with Image.open(isolated / "bridge/exit-from-purgatory/exports/images/apple-01.png") as bridge:
        assert bridge.size == (675, 1050)  # 57.15 x 88.9 mm at 300 dpi


@pytest.mark.parametrize(
    "option",
    [["--paper", "a4"], ["--duplex", "short"], ["--back-offset", "1,1"], ["--margin", "3mm"], ["--copies", "2"]],
)
def test_options_that_mean_nothing_to_an_export_are_refused(run, option):
    result = run("export", "tts", "straight-to", *option)
    assert result.exit_code == 2 and f"{option[0]} does not apply to exports" in result.output


def test_games_without_cards_say_so(run):
    result = run("export", "images", "seven-steps")
    assert result.exit_code == 2 and "no cards to export" in result.output


def test_gallery_in_a_real_headless_browser(run, isolated, browser):
    assert run("build").exit_code == 0
    assert run("export", "images", "straight-to").exit_code == 0
    assert run("export", "tts", "straight-to").exit_code == 0
    index = isolated / "output" / "index.html"
    html = index.read_text()
    links = re.findall(r'(?:href|src)="([^"#][^"]*)"', html)
    assert links and all((index.parent / link).exists() for link in links), [
        link for link in links if not (index.parent / link).exists()
    ]
    dom = browser(index.as_uri())
    images = int(re.search(r'data-images="(\d+)"', dom).group(1))
    broken = int(re.search(r'data-broken="(\d+)"', dom).group(1))
    assert images >= 20 and broken == 0
    for title in ("Exit from Purgatory", "Seven Steps", "Particle Panic", "Punished", "Straight to"):
        assert title in dom
    shot = isolated / "gallery.png"
    browser(index.as_uri(), screenshot=shot)
    with Image.open(shot) as picture:
        assert picture.size == (1280, 1800)
        assert len(picture.convert("RGB").getcolors(1 << 20) or []) > 50  # a real page, not a blank


def test_image_names_stay_apart_across_decks_of_one_kind(tmp_path):
    """Two decks of one kind (a designer's tarot and mini cards) share the images folder: their
    faces are numbered on through both, and a back name two different backs share gets a number,
    so no image overwrites another and each row names the picture of its own side."""
    from pnp.export.catalogue import ExportDeck
    from pnp.export.images import export_images, image_rows
    from pnp.files.paths import shipped_icons_dir
    from pnp.render.elements import Text
    from pnp.render.specs import Piece
    from pnp.source.icons import IconStore

    def card(name, back_colour):
        return Piece(
            kind="card",
            name=name,
            face=(Text(text=name, x=2, y=2, w=30, h=8),),
            background="#ffffff",
            back=(Text(text="back", x=2, y=2, w=30, h=8),),
            back_name="plain",
            back_background=back_colour,
        )

    big = ExportDeck(title="Big", pieces=[card("A", "#202060"), card("B", "#202060")], w=70, h=120)
    small = ExportDeck(title="Small", pieces=[card("C", "#602020")] * 2, w=44, h=63)
    export_images(
        image_rows([big, small]),
        IconStore(shipped_icons_dir()),
        dpi=50,
        bleed_mm=0,
        ink_saver=False,
        folder=tmp_path,
        root=tmp_path,
    )
    rows = quantities(tmp_path)
    assert [(r["file"], r["quantity"], r["back"]) for r in rows if r["side"] == "face"] == [
        ("card-01.png", "1", "back-plain.png"),
        ("card-02.png", "1", "back-plain.png"),
        ("card-03.png", "2", "back-plain-2.png"),
    ]
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "back-plain-2.png",
        "back-plain.png",
        "card-01.png",
        "card-02.png",
        "card-03.png",
    ]
    for name, colour in (("back-plain.png", (32, 32, 96)), ("back-plain-2.png", (96, 32, 32))):
        with Image.open(tmp_path / name) as image:
            assert image.convert("RGB").getpixel((1, 1)) == colour, name
