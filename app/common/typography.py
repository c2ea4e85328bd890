"""Typeset glyphs as a reader reads them: ligatures as letters, minus signs as "-".

PDF text layers keep the glyphs a typesetter chose ("ﬁle", "−−login"); a user
types "file" and "--login". The PDF reader folds them out of its text, and the
evaluation folds both sides when it looks for a span, with the same table.
"""
from __future__ import annotations

# Minus sign, hyphen, non-breaking hyphen.
MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2010": "-", "\u2011": "-"})
_GLYPHS = str.maketrans({
    "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
    "\ufb05": "st", "\ufb06": "st",
    "\u2212": "-", "\u2010": "-", "\u2011": "-",
    "\u00ad": None,  # a soft hyphen is invisible where the line does not break
})


def fold_glyphs(text: str) -> str:
    """Ligatures as their letters, typographic minus and hyphens as "-", no soft hyphens."""
    return text.translate(_GLYPHS)
