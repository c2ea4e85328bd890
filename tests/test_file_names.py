"""File names as people's folders have them: not always valid UTF-8."""
import json
import os

import pytest

from app.cli import main
from app.ingest.scan import display_path, file_path

pytestmark = pytest.mark.slow  # the real embedder indexes the folder

BAD_NAME = os.fsdecode(b"bad-name-\xff.txt")  # a Latin-1 byte, as old zips and Samba give


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "handbook"
    root.mkdir()
    (root / BAD_NAME).write_text("Leave\n=====\n\nBadges are replaced at the front desk.\n")
    (root / "parking.txt").write_text("The car park opens at 7:00 and closes at 20:00.\n")
    return root


def test_a_name_that_is_not_utf8_is_indexed_shown_escaped_and_the_rest_goes_on(folder, tmp_path,
                                                                            capsys):
    db = str(tmp_path / "index.sqlite")
    assert main(["index", str(folder), "--db", db, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["indexed"] == 2 and report["failed"] == 0
    assert {f["path"] for f in report["files"]} == {"bad-name-\\xff.txt", "parking.txt"}
    assert main(["search", "Where are badges replaced?", "--db", db, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["results"][0]["source"] == "bad-name-\\xff.txt"
    assert found["evidence"][0]["text"] == "Badges are replaced at the front desk."
    assert main(["search", "When does the car park open?", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"][0]["source"] == "parking.txt"


def test_the_escaped_name_leads_back_to_the_file(folder):
    shown = display_path(folder / BAD_NAME, folder)
    assert shown == "bad-name-\\xff.txt"
    assert file_path(folder, shown).read_bytes() == (folder / BAD_NAME).read_bytes()
    assert file_path(folder, "parking.txt") == folder / "parking.txt"
