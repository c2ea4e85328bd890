"""The application layer, without Qt: handbooks, writers, reads, searchers, the model host."""
from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.common.said import Said

from app.search.retrieval import Searcher, SearchSettings
from app.search.several import SeveralSearcher
from app.workspace.answering import ModelHost, own_model
from app.workspace.embedders import EmbedderCache
from app.workspace.handbooks import Handbooks, MemoryPreferences, file_of
from app.workspace.reading import IndexReader, sentence
from app.workspace.indexes import NoIndex, app_index
from app.workspace.searching import open_searcher
from app.workspace.settings import AppSettings
from app.workspace.writers import Writers


def folders(tmp_path: Path, *names: str) -> list[Path]:
    made = []
    for name in names:
        (tmp_path / name).mkdir(parents=True)
        made.append(tmp_path / name)
    return made


def indexed(folder: Path, profile: str = "fitted") -> Path:
    """Pretend the app has an index of `folder` (only its existence is read here)."""
    index = Handbooks.index_of(folder, profile)
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_bytes(b"")
    return index


# -- handbooks ---------------------------------------------------------------------------

def test_opened_folders_become_handbooks_and_recent_ones_newest_first(tmp_path):
    hr, it = folders(tmp_path, "hr", "it")
    handbooks = Handbooks(MemoryPreferences())
    handbooks.remember(hr)
    handbooks.remember(it)
    handbooks.remember(hr)
    assert handbooks.known() == [str(hr), str(it)]      # the library: oldest first, once each
    assert handbooks.recent() == [str(hr), str(it)]     # Open recent: newest first
    assert handbooks.last_opened() == hr


def test_a_removed_folder_is_not_recent_and_forgetting_keeps_its_index(tmp_path):
    hr, it = folders(tmp_path, "hr", "it")
    handbooks = Handbooks(MemoryPreferences())
    for folder in (hr, it):
        handbooks.remember(folder)
    index = indexed(it)
    handbooks.forget(str(it))
    assert str(it) not in handbooks.known() and str(it) not in handbooks.recent()
    assert index.exists()
    assert handbooks.last_opened() == it  # where the app opens next time, known or not
    hr.rmdir()
    it.rmdir()
    assert handbooks.recent() == [] and handbooks.last_opened() is None


def test_only_indexed_folders_that_still_exist_can_be_asked_with_the_open_one(tmp_path):
    hr, it, legal, gone = folders(tmp_path, "hr", "it", "legal", "gone")
    handbooks = Handbooks(MemoryPreferences())
    for folder in (hr, it, legal, gone):
        handbooks.remember(folder)
    indexed(it)
    indexed(gone)
    gone.rmdir()
    assert handbooks.askable(hr, "fitted") == [str(it)]  # legal has no index, gone is gone
    assert handbooks.askable(hr, "spring-default") == []  # each profile keeps its own index


def test_asked_handbooks_come_open_one_first_with_unique_labels(tmp_path):
    a, b = folders(tmp_path, "one/handbook", "two/handbook")
    handbooks = Handbooks(MemoryPreferences())
    for folder in (a, b):
        handbooks.remember(folder)
    indexed(a)
    indexed(b)
    asked = handbooks.asked(a, [str(b), str(tmp_path / "never-opened")], "fitted")
    assert [h.folder for h in asked] == [str(a), str(b)]
    assert len({h.label for h in asked}) == 2 and all(h.label.endswith("handbook") for h in asked)
    assert asked[1].location == str(Handbooks.index_of(b, "fitted"))
    # a shared index is asked alone: the others' indexes are this computer's
    shared = handbooks.asked(a, [str(b)], "fitted", shared_index="service=team")
    assert [(h.folder, h.location) for h in shared] == [(str(a), "service=team")]


def test_a_source_of_an_answer_from_several_handbooks_is_found_in_its_own_folder(tmp_path):
    from app.search.several import SEPARATOR

    it, it_handbook = folders(tmp_path, "it", "x/it/handbook")
    asked = [("it", str(it), "a.sqlite"), ("it/handbook", str(it_handbook), "b.sqlite")]
    second = (1 << 40) + 7  # handbook 1's section 7
    assert file_of("it/handbook" + SEPARATOR + "vpn.md", second, asked, it) == \
        it_handbook / "vpn.md"
    assert file_of("vpn.md", 7, [], it) == it / "vpn.md"


# -- one writer per folder -----------------------------------------------------------------

class Locks:
    """File locks as another process would hold them: by path, with an owner."""

    def __init__(self):
        self.held: dict[Path, int] = {}

    def __call__(self, path: Path):
        locks = self

        class Lock:
            def try_lock(self, timeout_ms: int) -> bool:
                if path in locks.held:
                    return False
                locks.held[path] = 1234
                self.mine = True
                return True

            def unlock(self) -> None:
                if getattr(self, "mine", False):
                    del locks.held[path]

            def owner(self) -> int | None:
                return locks.held.get(path)
        return Lock()


def test_the_open_folder_is_written_by_one_app_only(tmp_path):
    (folder,) = folders(tmp_path, "hr")
    locks = Locks()
    first, second = Writers(locks), Writers(locks)
    assert first.lock_open(folder) is None           # this app indexes it
    assert second.lock_open(folder) == 1234          # the other one is told who does
    first.release_open()
    assert second.lock_open(folder) is None


def test_other_handbooks_are_refreshed_in_order_and_questions_wait_the_first_time(tmp_path):
    hr, it, legal = folders(tmp_path, "hr", "it", "legal")
    writers = Writers(Locks())
    assert writers.refresh(str(it), hr, first=True)
    assert not writers.refresh(str(it), hr)                    # queued already
    assert not writers.refresh(str(hr), hr)                    # the open folder has its indexer
    assert writers.refresh(str(legal), hr)
    assert writers.waiting_for([str(it), str(legal)]) == [str(it)]
    assert writers.refreshed() == (str(it), False)             # in the order sent
    assert writers.waiting_for([str(it)]) == []
    assert writers.refresh(str(it), hr)                         # its lock was let go


def test_a_folder_refreshed_by_another_app_is_not_refreshed_here(tmp_path):
    hr, it = folders(tmp_path, "hr", "it")
    locks = Locks()
    assert Writers(locks).lock_open(it) is None                 # another app has it open
    assert not Writers(locks).refresh(str(it), hr, first=True)


def test_a_folder_opened_while_refreshed_is_handed_over_when_the_refresh_ends(tmp_path):
    hr, it, legal = folders(tmp_path, "hr", "it", "legal")
    writers = Writers(Locks())
    writers.refresh(str(it), hr)
    writers.refresh(str(legal), hr)
    assert writers.open_folder(legal) is False   # queued, not running: nothing to cancel
    assert writers.open_folder(it) is True        # the run in progress: cancel it
    assert writers.lock_open(it) == 0             # read-only until the refresh lets go
    assert writers.refreshed() == (str(it), True)
    assert writers.lock_open(it) is None          # now the window writes it


# -- reads, searchers ----------------------------------------------------------------------

def test_a_damaged_index_is_read_as_nothing_with_the_reason_in_words(tmp_path):
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"this is not a database" * 100)
    said = []
    reader = IndexReader(lambda: broken, said.append)
    assert reader.read(lambda store: store.documents(), default=[]) == []
    assert len(said) == 1 and isinstance(said[0], Said)  # the front end words it
    assert sentence(said[0])[0].isupper() and sentence(said[0]).endswith(".")
    assert str(broken) in said[0] or broken.name in said[0]


@pytest.mark.slow
def test_one_index_gives_a_searcher_and_several_give_one_ranking(sample_index, tmp_path):
    copy = tmp_path / "copy.sqlite"
    copy.write_bytes(sample_index.read_bytes())
    settings = SearchSettings(results=3)
    embedders = EmbedderCache()
    with open_searcher([("sample", sample_index)], embedders, settings) as searcher:
        assert type(searcher) is Searcher
        one = searcher.search("How many days of annual leave do I get?")
    with open_searcher([("hr", str(sample_index)), ("it", str(copy))], embedders,
                       settings) as searcher:
        assert isinstance(searcher, SeveralSearcher)
        both = searcher.search("How many days of annual leave do I get?")
    assert one.results and both.results
    assert {r.source.split("/")[0] for r in both.results} <= {"hr", "it"}
    assert both.results[0].heading == one.results[0].heading


def test_a_missing_index_is_named_not_made(tmp_path):
    missing = tmp_path / "none.sqlite"
    with pytest.raises(NoIndex, match="none.sqlite"):
        with open_searcher([("x", missing)], EmbedderCache(), SearchSettings()):
            pass
    assert not missing.exists()


def test_the_app_index_of_a_folder_is_the_fitted_one_else_the_spring_one(tmp_path):
    (folder,) = folders(tmp_path, "hr")
    assert app_index(folder) == Handbooks.index_of(folder, "fitted")   # neither: named anyway
    spring = indexed(folder, "spring-default")
    assert app_index(folder) == spring
    assert app_index(folder) != (fitted := indexed(folder)) or fitted.exists()
    assert app_index(folder) == fitted


# -- the answer model host -----------------------------------------------------------------

class Model:
    made: list[Model] = []

    def __init__(self, settings: AppSettings):
        self.settings, self.loaded, self.closed = settings, 0, False
        Model.made.append(self)

    def load(self) -> None:
        self.loaded += 1

    def close(self) -> None:
        self.closed = True


def test_the_model_is_made_once_per_file_and_context_and_the_old_one_closed():
    Model.made = []
    host = ModelHost(Model)
    with host.using(AppSettings()) as first:
        pass
    with host.using(AppSettings(answer_tokens=100)) as same:  # not the model's business
        pass
    with host.using(AppSettings(n_ctx=8192)) as other:
        pass
    assert first is same and other is not first
    assert first.closed and not other.closed
    host.close()
    assert other.closed


def test_a_borrowed_model_makes_the_next_question_wait_until_released():
    host = ModelHost(Model)
    model, release = host.borrow(AppSettings())
    host.warm(AppSettings())  # never waits: a borrowed model is loaded already
    assert model.loaded == 0
    got = []
    asker = threading.Thread(target=lambda: got.append(host.using(AppSettings()).__enter__()))
    asker.start()
    asker.join(0.2)
    assert asker.is_alive() and not got
    release()
    asker.join(5)
    assert got == [model]


def test_the_writing_speed_is_kept_for_the_model_that_wrote(tmp_path):
    from types import SimpleNamespace

    from app.llm.speeds import measured_speed

    path = tmp_path / "m.gguf"
    path.write_bytes(b"GGUF")  # a speed is kept for the file as it is
    host = ModelHost(Model)
    with host.using(AppSettings(model_path=str(path))):
        pass
    timings = {"written_tokens": 41, "writing_s": 2.0, "first_token_s": 1.0}
    host.record_speed(SimpleNamespace(refused=True, timings=timings))
    assert measured_speed(path) is None           # a refusal wrote nothing of its own
    host.record_speed(SimpleNamespace(refused=False, timings=timings))
    assert measured_speed(path) == pytest.approx(20, rel=0.01)


def test_a_model_of_its_own_is_closed_when_released():
    model, release = own_model(Model)(AppSettings())
    release()
    assert model.closed
