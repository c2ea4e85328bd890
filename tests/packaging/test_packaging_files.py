"""Fast checks of the packaging files (no build needed): they parse and agree."""
from __future__ import annotations

import configparser
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"


def test_desktop_entry_launches_the_gui_with_the_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / "linux" / "handbook-qa.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Handbook QA"
    assert desktop["Exec"].split()[:2] == ["handbook-qa", "gui"]
    assert desktop["Icon"] == "handbook-qa" and desktop["Terminal"] == "false"
    assert desktop["Categories"].endswith(";")
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate",
                                 str(PACKAGING / "linux" / "handbook-qa.desktop")],
                                capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_icons_are_a_square_png_and_an_svg():
    data = (PACKAGING / "icons" / "handbook-qa.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (256, 256)
    svg = ET.parse(PACKAGING / "icons" / "handbook-qa.svg").getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 256 256"


def test_spec_and_entry_points_compile():
    for name in ("handbook-qa.spec", "handbook_qa_main.py", "handbook_qa_gui.py",
                 "bundle_check.py"):
        compile((PACKAGING / name).read_text(), name, "exec")


@pytest.mark.parametrize("script", ["build-linux.sh", "smoke.sh", "measure-startup.sh",
                                    "linux/install-desktop-entry.sh"])
def test_shell_scripts_parse(script):
    path = PACKAGING / script
    assert path.stat().st_mode & 0o111, f"{script} is not executable"
    shell = "sh" if script.startswith("linux/") else "bash"
    subprocess.run([shell, "-n", str(path)], check=True)


def test_frozen_entry_dispatches_like_the_console_script(monkeypatch):
    """Everything but --bundle-check goes through app.launch to app.cli.main,
    --reader-process included (the frozen indexer's child: app.cli must keep
    handling that flag), with the desktop app passed in to open."""
    import sys

    monkeypatch.syspath_prepend(str(PACKAGING))
    import app.cli
    import handbook_qa_main

    calls = []
    monkeypatch.setattr(app.cli, "main",
                        lambda argv=None, open_gui=None: calls.append(argv) or callable(open_gui) - 1)
    for argv in (["index", "x"], [], ["--reader-process"]):
        monkeypatch.setattr(sys, "argv", ["handbook-qa", *argv])
        assert handbook_qa_main.main() == 0 and calls[-1] == argv
    import bundle_check

    monkeypatch.setattr(bundle_check, "run", lambda argv: calls.append(("check", argv)) or 0)
    monkeypatch.setattr(sys, "argv", ["handbook-qa", "--bundle-check", "page.png"])
    assert handbook_qa_main.main() == 0 and calls[-1] == ("check", ["page.png"])


def test_the_frozen_child_flag_is_the_one_the_app_uses(monkeypatch):
    monkeypatch.syspath_prepend(str(PACKAGING))
    import app.ingest.reader_process
    import handbook_qa_main

    assert app.ingest.reader_process.FROZEN_FLAG == handbook_qa_main.READER_FLAG


@pytest.mark.slow
def test_bundle_check_passes_from_the_source_tree(monkeypatch, tmp_path, capsys):
    """The frozen app's --bundle-check uses app code (viewer, store, bundled):
    it must keep working as that code changes, before anyone builds."""
    import json

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.syspath_prepend(str(PACKAGING))
    import bundle_check

    png = tmp_path / "page.png"
    code = bundle_check.run([str(png)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report
    assert report["qt_pdf_render"]["detail"]["highlight_rects"] > 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
