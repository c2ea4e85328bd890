"""The menu of the button left of the question: which handbooks are asked."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu

from app.gui.locale_format import number


def numbered(number: int) -> str:
    """A numbered menu item's mnemonic: 1-9 only, so none is bound twice."""
    return f"&{number}" if number < 10 else str(number)


def fill_scope_menu(menu: QMenu, name: str, others: list[str], asked: list[str], shared: bool,
                    ask: Callable[[list[str]], None], forget: Callable[[str], None]) -> None:
    """This handbook only, all, or each other one (`others`, those that can be
    asked) checked when it is in `asked`; `ask(folders)` sets the others
    asked, `forget(folder)` takes one off the list of handbooks."""
    menu.clear()
    this = menu.addAction(QCoreApplication.translate(
        "ScopeMenu", "&This handbook only ({name})").format(name=name))
    this.setCheckable(True)
    this.setChecked(not asked)
    this.triggered.connect(lambda checked=False: ask([]))
    if shared:
        menu.addAction(QCoreApplication.translate(
            "ScopeMenu", "Several handbooks are asked from their own indexes, not from a "
            "shared index")).setEnabled(False)
        return
    if not others:
        menu.addAction(QCoreApplication.translate(
            "ScopeMenu", "Open other folders (File › Open folder) to ask them with this "
            "one")).setEnabled(False)
        return
    every = menu.addAction(QCoreApplication.translate("ScopeMenu", "&All handbooks ({count})")
                           .format(count=number(len(others) + 1)))
    every.setCheckable(True)
    every.setChecked(set(asked) == set(others))
    every.triggered.connect(lambda checked=False: ask(others))
    menu.addSeparator()
    for position, folder in enumerate(others, start=1):
        action = menu.addAction(numbered(position) + " " + QCoreApplication.translate(
            "ScopeMenu", "Also {name} ({folder})", "a handbook asked with this one").format(
                name=Path(folder).name, folder=folder))
        action.setCheckable(True)
        action.setChecked(folder in asked)
        action.triggered.connect(lambda checked, f=folder: ask(
            [g for g in asked if g != f] + ([f] if checked else [])))
    menu.addSeparator()
    forget_menu = menu.addMenu(QCoreApplication.translate("ScopeMenu", "&Forget a handbook"))
    for position, folder in enumerate(others, start=1):
        forget_menu.addAction(f"{numbered(position)} {Path(folder).name} ({folder})").triggered \
            .connect(lambda checked=False, f=folder: forget(f))
