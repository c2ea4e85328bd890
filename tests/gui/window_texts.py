"""What a user reads in the window: every visible string of its chrome
(labels, buttons, tabs, menus, headers, tooltips, placeholders), the
conversation's own words with the handbook's and the model's text taken out,
and the widgets whose text does not fit them. Shared by the translation
tests and the layout probe run at 200 %."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from PySide6.QtWidgets import (QAbstractButton, QComboBox, QGroupBox, QHeaderView, QLabel,
                               QLineEdit, QMenu, QStatusBar, QTabBar, QTextBrowser,
                               QTreeWidget, QTreeWidgetItemIterator, QWidget)

from app.gui.catalogues import I18N

_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def plain(text: str) -> str:
    return _TAG.sub(" ", text or "").replace("&nbsp;", " ").replace("&amp;", "&")


def chrome_texts(root: QWidget) -> list[str]:
    """The window's own words, where a user sees them or hovers to see them."""
    texts = [root.windowTitle()]
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and not isinstance(widget, QMenu):
            continue
        texts.append(widget.toolTip())
        if isinstance(widget, QLabel):
            texts.append(widget.text())
        elif isinstance(widget, QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QComboBox):
            texts += [widget.itemText(i) for i in range(widget.count())]
        elif isinstance(widget, QTabBar):
            texts += [widget.tabText(i) for i in range(widget.count())]
            texts += [widget.tabToolTip(i) for i in range(widget.count())]
        elif isinstance(widget, QMenu):
            texts += [action.text() for action in widget.actions()]
            texts += [action.toolTip() for action in widget.actions()
                      if action.toolTip() != action.text().replace("&", "")]
        if isinstance(widget, QStatusBar):
            texts.append(widget.currentMessage())
        if isinstance(widget, QTreeWidget):  # the library: a file's status and reason
            texts += [item.toolTip(column) for item in _items(widget)
                      for column in range(widget.columnCount())]
        if isinstance(widget, QHeaderView) and widget.model() is not None:
            texts += [str(widget.model().headerData(widget.logicalIndex(i), widget.orientation())
                          or "") for i in range(widget.count())]
    for action in root.menuBar().actions() if hasattr(root, "menuBar") else []:
        texts.append(action.text())
    return [plain(t) for t in texts if t]


def _items(tree: QTreeWidget) -> list:
    found, it = [], QTreeWidgetItemIterator(tree)
    while it.value() is not None:
        found.append(it.value())
        it += 1
    return found


def conversation_words(view, turns) -> str:
    """The conversation as read, less what the handbook and the model wrote."""
    text = view.toPlainText()
    content = []
    for turn in turns:
        content += [turn.question, turn.answer]
        for e in turn.evidence:
            content += [e.text, e.context or "", e.source, e.heading]
        for c in turn.citations:
            content += [c["source"], c["heading"]]
    for piece in sorted(filter(None, content), key=len, reverse=True):
        text = text.replace(piece, " ")
    return text


def english_words(language: str, allowed: set[str]) -> set[str]:
    """Words of the window's English strings that its `language` catalogue
    never uses: any of them on screen is English left in the window."""
    root = ET.parse(I18N / f"handbook_qa_{language}.ts").getroot()
    source, translated = set(), set()
    for message in root.iter("message"):
        source |= _words(message.findtext("source") or "")
        translation = message.find("translation")
        forms = translation.findall("numerusform")
        for text in ([f.text or "" for f in forms] if forms else [translation.text or ""]):
            translated |= _words(text)
    return {w for w in source - translated - {w.lower() for w in allowed} if len(w) > 2}


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(plain(re.sub(r"\{[a-z_]+\}", " ", text)))}


def english_in(texts: list[str], vocabulary: set[str]) -> list[str]:
    return [t for t in texts if _words(t) & vocabulary]


def cut_widgets(root: QWidget) -> list[str]:
    """Visible labels and buttons narrower than their text needs, and tabs
    whose titles are elided: what the user would see cut."""
    cut = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisibleTo(root) or widget.width() == 0:
            continue
        need = None
        if isinstance(widget, QLabel) and not widget.wordWrap() and widget.text() \
                and not isinstance(widget.parent(), QTextBrowser):
            need = widget.minimumSizeHint().width()
        elif isinstance(widget, QAbstractButton) and widget.text():
            need = widget.sizeHint().width()
        if need is not None and widget.width() + 1 < need:
            cut.append(f"{type(widget).__name__} {plain(widget.text())!r}: "
                       f"{widget.width()} px of {need}")
        if isinstance(widget, QTabBar):
            for i in range(widget.count()):
                rect = widget.tabRect(i)
                if rect.width() + 1 < widget.tabSizeHint(i).width() or \
                        rect.right() > widget.width():  # elided, or off the end of the bar
                    cut.append(f"tab {widget.tabText(i)!r}")
    return cut


