"""The handbooks a user has: every folder opened, the recent ones, which are asked.

Each handbook keeps its own index (per folder and chunking profile, in the
user's data folder). The list is kept in the user's preferences: any object
with `value(key, default)` and `setValue(key, value)` — the desktop app's
QSettings, or a dict-backed one in tests.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple, Protocol

from app.common import paths
from app.ingest.scan import file_path
from app.search.several import SEPARATOR, labels, split_id

RECENT_FOLDERS = 8


class Preferences(Protocol):
    def value(self, key: str, default: Any = None) -> Any: ...
    def setValue(self, key: str, value: Any) -> None: ...  # noqa: N802 - QSettings' name


class MemoryPreferences:
    """Preferences kept in memory (tests, and the command line, which remembers nothing)."""

    def __init__(self, values: dict | None = None):
        self.values = dict(values or {})

    def value(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def setValue(self, key: str, value: Any) -> None:  # noqa: N802 - QSettings' name
        self.values[key] = value


class Asked(NamedTuple):
    """A handbook a question goes to: its label in citations, folder, index
    (a tuple, as a saved conversation keeps it)."""
    label: str
    folder: str
    location: str


class Handbooks:
    """The library of handbooks: every folder opened, oldest first."""

    def __init__(self, preferences: Preferences):
        self.preferences = preferences

    def known(self) -> list[str]:
        return _strings(self.preferences.value("handbooks", []))

    def recent(self) -> list[str]:
        """The last folders opened that are still there, newest first (File › Open recent)."""
        return [f for f in _strings(self.preferences.value("recent_folders", []))
                if Path(f).is_dir()][:RECENT_FOLDERS]

    def last_opened(self) -> Path | None:
        saved = self.preferences.value("folder", "")
        return Path(saved) if saved and Path(saved).is_dir() else None

    def remember(self, folder: Path) -> None:
        """Opened: first of the recent folders, and one of the handbooks from now on."""
        self.preferences.setValue("folder", str(folder))
        folders = [str(folder)] + [f for f in self.recent() if f != str(folder)]
        self.preferences.setValue("recent_folders", folders[:RECENT_FOLDERS])
        known = self.known()
        if str(folder) not in known:
            self.preferences.setValue("handbooks", known + [str(folder)])

    def forget(self, folder: str) -> None:
        """Off the list of handbooks (and Open recent); its documents, index
        and conversations stay, and opening it again brings it back."""
        self.preferences.setValue("handbooks", [f for f in self.known() if f != folder])
        self.preferences.setValue("recent_folders", [f for f in self.recent() if f != folder])

    @staticmethod
    def index_of(folder: str | Path, profile: str) -> Path:
        """The index the app keeps of a handbook folder for a chunking profile."""
        return paths.index_for(Path(folder), profile)

    def askable(self, current: Path, profile: str) -> list[str]:
        """The other handbooks that can be asked with this one: indexed, still there."""
        return [f for f in self.known() if f != str(current) and Path(f).is_dir()
                and self.index_of(f, profile).exists()]

    def asked(self, current: Path, also: list[str], profile: str,
              shared_index: str = "") -> list[Asked]:
        """Every handbook a question goes to, this one first. A shared index
        is asked alone: the others' indexes are this computer's own."""
        if shared_index:
            return [Asked(current.name, str(current), shared_index)]
        askable = self.askable(current, profile)
        folders = [str(current)] + [f for f in also if f in askable]
        return [Asked(name, folder, str(self.index_of(folder, profile)))
                for name, folder in zip(labels(folders), folders)]


def file_of(source: str, section_id: int, asked: list, folder: Path) -> Path:
    """The file a source names: in `folder`, or, in an answer from several
    handbooks, in the folder of the handbook its section's id belongs to
    (labels may be prefixes of one another: "it", "it/handbook")."""
    if len(asked) > 1:
        place = split_id(section_id)[0]
        if place < len(asked):
            label, handbook, _ = asked[place]
            return file_path(Path(handbook), source.removeprefix(label + SEPARATOR))
    return file_path(folder, source)


def _strings(saved) -> list[str]:
    """A list as QSettings hands it back: one string alone when it held one."""
    return [saved] if isinstance(saved, str) else list(saved or [])
