"""What the contradiction check finds: the answer's words, and what the source says instead."""
from __future__ import annotations

from dataclasses import dataclass

from app.common.said import QT_TRANSLATE_NOOP, Said


POLARITY, VALUE, ROLE, BOUND, NAME_KIND = "polarity", "value", "role", "bound", "name"


@dataclass(frozen=True)
class Contradiction:
    kind: str       # POLARITY, VALUE (another number or truth value), ROLE (a number said of
                    # another thing), BOUND ("at least" for "up to"), NAME_KIND (another name)
    text: str       # the answer's words that contradict the quote
    start: int      # offsets in the answer
    end: int
    quote_says: str = ""   # what the quote says instead (a number; "" for a yes/no)

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "start": self.start, "end": self.end,
                "quote_says": self.quote_says}

    @classmethod
    def from_json(cls, item: dict) -> Contradiction:
        return cls(str(item["kind"]), str(item["text"]), int(item["start"]), int(item["end"]),
                   str(item.get("quote_says", "")))

    @property
    def said(self) -> Said:
        """The answer's words and what the source says instead, for a list
        under the card: “Yes” (the source says otherwise), “15” (the source
        says “20”)."""
        if self.quote_says:
            return Said(SAYS_INSTEAD, text=self.text, says=self.quote_says)
        return Said(SAYS_OTHERWISE, text=self.text)


SAYS_OTHERWISE = QT_TRANSLATE_NOOP("Core", "“{text}” (the source says otherwise)")
SAYS_INSTEAD = QT_TRANSLATE_NOOP("Core", "“{text}” (the source says “{says}”)")


def overlaps(fact, found: list[Contradiction]) -> bool:
    """Whether a fact (or a contradiction) stands where one of `found` does."""
    return any(c.start < fact.end and fact.start < c.end for c in found)
