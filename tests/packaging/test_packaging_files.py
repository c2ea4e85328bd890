"""Fast checks of the packaging files (no build needed): they parse and agree."""
from __future__ import annotations

import configparser
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


def test_icons_are_a_square_png_and_an_svg():
    data = (PACKAGING / "icons" / "handbook-qa.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    assert struct.unpack(">II", data[16:24]) == (256, 256)
    svg = ET.parse(PACKAGING / "icons" / "handbook-qa.svg").getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 256 256"


def test_spec_and_entry_points_compile():
    for name in ("handbook-qa.spec", "handbook_qa_main.py", "handbook_qa_gui.py"):
        compile((PACKAGING / name).read_text(), name, "exec")


@pytest.mark.parametrize("script", ["build-linux.sh", "smoke.sh",
                                    "linux/install-desktop-entry.sh"])
def test_shell_scripts_parse(script):
    path = PACKAGING / script
    assert path.stat().st_mode & 0o111, f"{script} is not executable"
    shell = "sh" if script.startswith("linux/") else "bash"
    subprocess.run([shell, "-n", str(path)], check=True)


def test_frozen_entry_dispatches_like_the_console_script(monkeypatch):
    """No arguments → app.cli.main → the GUI; `--reader-process` → the reader child."""
    import sys

    monkeypatch.syspath_prepend(str(PACKAGING))
    import handbook_qa_main

    calls = []
    import app.cli

    monkeypatch.setattr(app.cli, "main", lambda argv=None: calls.append(argv) or 0)
    monkeypatch.setattr(sys, "argv", ["handbook-qa", "index", "x"])
    assert handbook_qa_main.main() == 0 and calls == [["index", "x"]]
    import app.reader_process

    monkeypatch.setattr(app.reader_process, "serve", lambda memory_mb: calls.append(memory_mb))
    monkeypatch.setattr(sys, "argv", ["handbook-qa", "--reader-process"])
    monkeypatch.setenv("HBQA_READER_MEMORY_MB", "123")
    assert handbook_qa_main.main() == 0 and calls[-1] == 123
