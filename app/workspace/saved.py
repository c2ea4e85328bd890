"""The conversation on screen, saved as it is shown.

A turn is written three times, each its own transaction: when it is asked,
when its quote is shown, when its answer ends — a kill loses at most the
answer being written. Saving that fails (a full disk) is said in words through
`on_failure` (the store's reason, a Said: the front end words it and makes it
a sentence); the conversation goes on unsaved. Reopened, each turn's sources
are compared with their sections as the index holds them now, so one that
changed since is marked and never opened on other text.
"""
from __future__ import annotations

from typing import Callable

from app.answers.records import changed_sources, section_ids
from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.store.contract import StoreError
from app.store.conversations import ConversationStore, default_path
from app.workspace.reading import IndexReader
from app.workspace.turns import Turn, turn_from_record, turn_record

NOT_SAVED = QT_TRANSLATE_NOOP("Core", "Conversations will not be saved: {reason}.")


def open_conversations() -> tuple[ConversationStore, str]:
    """The user's saved conversations, or (when their file cannot be opened)
    a store in memory and the reason: the app still answers; what is asked is
    kept until it closes."""
    try:
        return ConversationStore(default_path()), ""
    except StoreError as error:
        return ConversationStore(":memory:"), Said(NOT_SAVED, reason=message_of(error))


class SavedConversation:
    """Which saved conversation is on screen, and its turns' writes."""

    def __init__(self, store: ConversationStore, on_failure: Callable[[str], None]):
        self.store = store
        self.id: int | None = None  # saved when its first question is asked
        self._on_failure = on_failure

    def start_new(self) -> None:
        self.id = None

    def save_new(self, folder: str, turn: Turn) -> bool:
        """A question just asked: the conversation is made with its first one."""
        try:
            if self.id is None:
                self.id = self.store.create(folder, turn.question)
            turn.saved_id = self.store.add_turn(self.id, turn.question, turn_record(turn))
        except StoreError as error:
            self._on_failure(message_of(error))
            return False
        return True

    def save(self, turn: Turn) -> None:
        """The turn as it is shown now, replacing what was saved of it."""
        if turn.saved_id is None:
            return
        try:
            self.store.update_turn(turn.saved_id, turn_record(turn))
        except StoreError as error:
            self._on_failure(message_of(error))

    def reopen(self, conversation_id: int, reader: IndexReader) -> list[Turn]:
        """A saved conversation's turns as they were shown, each source that
        changed since marked; new questions go on in it."""
        turns = [turn_from_record(t.question, t.record, t.id)
                 for t in self.store.turns(conversation_id)]
        mark_changed(turns, reader)
        self.id = conversation_id
        return turns

    def forget_deleted(self, turns: list[Turn]) -> None:
        """Deleted while its answer is written: that answer is not saved, and
        the next question starts a new conversation."""
        self.id = None
        for turn in turns:
            turn.saved_id = None

    def title(self, turns: list[Turn]) -> str:
        info = self.store.info(self.id) if self.id else None
        return info.title if info else turns[0].question


def mark_changed(turns: list[Turn], reader: IndexReader) -> None:
    """Each turn's sources whose section no longer reads as it did. The open
    folder's turns are checked in one read of its index; an answer from
    several handbooks reads theirs. An index that cannot be read claims
    nothing either way."""
    own = [t for t in turns if len(t.handbooks) < 2]
    ids = set().union(*(section_ids(t.results, t.evidence) for t in own)) if own else set()
    sections = reader.read(lambda store: store.sections_by_id(sorted(ids)), None) \
        if ids and reader.exists() else {}
    for turn in turns:
        now = sections if any(turn is t for t in own) else reader.read(
            lambda store, t=turn: store.sections_by_id(sorted(section_ids(t.results,
                                                                          t.evidence))),
            None, turn.handbooks)
        turn.changed = changed_sources(now, turn.results, turn.evidence) \
            if now is not None else set()
