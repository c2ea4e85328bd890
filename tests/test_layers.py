"""The layout's rule: one package per pipeline stage, imported only from above.

The contracts live in pyproject.toml ([tool.importlinter]); CONTRIBUTING.md
says where new code goes. Checked here so a wrong import fails the fast lane,
not a review.
"""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def _layer_names() -> set[str]:
    layers = next(c for c in CONFIG["contracts"] if c["type"] == "layers")["layers"]
    return {name.strip() for layer in layers for name in layer.split("|")}


def test_the_import_contracts_are_kept():
    # A subprocess: import-linter builds its graph from the source files, and a
    # fresh interpreter keeps this test's own imports out of it.
    result = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                               "sys.exit(lint_imports(config_filename='pyproject.toml', "
                               "no_cache=True, no_logo=True))"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_every_part_of_app_sits_in_a_layer():
    """A new top-level module or package must be given its place in the layers
    (a module left outside them would be free to import anything)."""
    parts = {f"app.{p.stem}" for p in (ROOT / "app").iterdir()
             if (p.suffix == ".py" or (p / "__init__.py").is_file()) and not p.name.startswith("__")}
    assert parts == _layer_names()


def test_the_core_contract_covers_every_stage():
    forbidden = next(c for c in CONFIG["contracts"] if c["type"] == "forbidden")
    assert set(forbidden["source_modules"]) == _layer_names() - {"app.gui", "app.launch"}
    assert "PySide6" in forbidden["forbidden_modules"]


def test_only_the_store_speaks_sql():
    """Everything above app/store goes through the store contract
    (app/store/contract.py), so the SQLite and PostgreSQL backends answer the
    same calls; SQL written elsewhere would work on one of them only."""
    import re

    sql = re.compile(r"""["'](?:SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA)\b""")
    offenders = [f"{path.relative_to(ROOT)}:{number}"
                 for path in sorted((ROOT / "app").rglob("*.py"))
                 if "store" not in path.relative_to(ROOT / "app").parts[:1]
                 for number, line in enumerate(path.read_text().splitlines(), start=1)
                 if sql.search(line)]
    assert offenders == []


def test_the_front_ends_build_no_searcher_store_or_model():
    """The window and the command line ask app/workspace for these, so one
    choice of the user's takes one route whichever front end it is made in
    (they used to build their own, and wrote the same logic twice)."""
    import re

    built = re.compile(r"\b(Searcher|SeveralSearcher|Store|PostgresStore|ConversationStore|"
                       r"LocalModel|ModelProcess|MiniLM|Indexer|open_store|store_session)\(")
    front_ends = sorted((ROOT / "app" / "gui").rglob("*.py")) + [ROOT / "app" / "cli.py"]
    offenders = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
                 for path in front_ends
                 for number, line in enumerate(path.read_text().splitlines(), start=1)
                 if built.search(line)]
    assert offenders == []
