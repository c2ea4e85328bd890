"""Handbooks in other languages: the language told, the embedder that reads it, the search."""
from __future__ import annotations

import pytest

from app.common.language import UNDETERMINED, detect
from app.search.several import ID_SPACE, fused_rankings
from app.store.sqlite import Store
from app.workspace.embedders import ENGLISH, MULTILINGUAL, EmbedderCache
from app.workspace.indexing import index_as_chosen
from app.workspace.searching import open_searcher
from app.workspace.settings import AppSettings

LEAVE = {
    "en": "# Leave\n\nEvery employee gets 27 days of paid annual leave a year. Unused days can "
          "be carried over to the next year with the approval of your manager. Sick leave is "
          "recorded separately and does not reduce the annual allowance.\n",
    "ru": "# Отпуск\n\nКаждый сотрудник получает 27 дней оплачиваемого ежегодного отпуска. "
          "Неиспользованные дни можно перенести на следующий год с согласия руководителя. "
          "Больничные учитываются отдельно и не уменьшают ежегодный отпуск.\n",
    "de": "# Urlaub\n\nJeder Mitarbeiter erhält 27 Tage bezahlten Jahresurlaub. Nicht genommene "
          "Tage können mit Zustimmung der Führungskraft in das nächste Jahr übertragen werden. "
          "Krankheitstage werden getrennt erfasst und mindern den Urlaub nicht.\n",
    "es": "# Vacaciones\n\nCada empleado recibe 27 días de vacaciones pagadas al año. Los días "
          "no disfrutados se pueden pasar al año siguiente con la aprobación de su responsable. "
          "Las bajas por enfermedad se registran aparte y no reducen las vacaciones.\n",
}
PARKING = {
    "en": "# Parking\n\nThe car park behind building B opens at six in the morning; your badge "
          "opens the barrier, and visitors get a ticket at the reception desk.\n",
    "ru": "# Парковка\n\nПарковка за корпусом Б открывается в шесть утра; шлагбаум открывается "
          "вашим пропуском, а посетители получают талон на стойке регистрации.\n",
}


@pytest.mark.parametrize("language", ["en", "ru", "de", "es"])
def test_a_documents_language_is_told_by_its_words(language):
    assert detect(LEAVE[language]) == language


@pytest.mark.parametrize("question, language", [
    ("Сколько дней отпуска у меня в году?", "ru"),
    ("Wie viele Urlaubstage habe ich im Jahr?", "de"),
    ("¿Cuántos días de vacaciones tengo al año?", "es"),
    ("How many days of leave do I get a year?", "en"),
    ("How do I roll back a failed deploy?", "en"),
])
def test_a_questions_language_is_told_too(question, language):
    assert detect(question) == language


@pytest.mark.parametrize("text", ["", "42 17 2024-01-01", "pg_hba.conf", "-- x --"])
def test_too_little_text_is_undetermined(text):
    assert detect(text) == UNDETERMINED


def test_distances_of_different_embedders_are_fused_by_rank_not_compared():
    english = ([(1, 0.10), (2, 0.50)], [1])
    russian = ([(7, 0.30), (8, 0.31)], [8])
    vector, lexical = fused_rankings([english, russian], comparable=False)
    assert [hit for hit, _ in vector] == [1, 7 + ID_SPACE, 2, 8 + ID_SPACE]
    assert lexical == [1, 8 + ID_SPACE]
    same, _ = fused_rankings([english, russian], comparable=True)
    assert [hit for hit, _ in same] == [1, 7 + ID_SPACE, 8 + ID_SPACE, 2]


def folder_of(tmp_path, name: str, files: dict[str, str]):
    folder = tmp_path / name
    folder.mkdir()
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder


def index(folder, db, embedder: str = "auto"):
    return index_as_chosen(folder, db, EMBEDDERS, AppSettings(embedder=embedder))


def built_with(db) -> tuple[str, dict[str, str]]:
    with Store(db) as store:
        return (store.meta()["embedder_id"],
                {d["path"]: d["language"] for d in store.documents()})


EMBEDDERS = EmbedderCache()


@pytest.mark.slow
def test_an_english_folder_keeps_minilm(tmp_path):
    db = tmp_path / "en.sqlite"
    index(folder_of(tmp_path, "en", {"leave.md": LEAVE["en"], "parking.md": PARKING["en"]}), db)
    assert built_with(db) == (ENGLISH, {"leave.md": "en", "parking.md": "en"})


@pytest.mark.slow
def test_one_russian_document_makes_the_whole_index_multilingual(tmp_path):
    db = tmp_path / "mixed.sqlite"
    folder = folder_of(tmp_path, "mixed", {"a-leave.md": LEAVE["en"]})
    index(folder, db)
    assert built_with(db)[0] == ENGLISH
    (folder / "parking.md").write_text(PARKING["ru"], encoding="utf-8")
    report = index(folder, db)
    assert not report.failed and report.rebuilt  # every vector remade, no mix of two models
    assert built_with(db) == (MULTILINGUAL, {"a-leave.md": "en", "parking.md": "ru"})
    with open_searcher([("mixed", db)], EMBEDDERS, AppSettings().search()) as searcher:
        assert searcher.embedder.id == MULTILINGUAL  # searched with what it was built with
        found = searcher.search("Где можно оставить машину?").results
    assert found[0].source == "parking.md"


@pytest.mark.slow
def test_english_when_asked_for_reads_russian_as_it_is(tmp_path):
    db = tmp_path / "ru.sqlite"
    index(folder_of(tmp_path, "ru", {"leave.md": LEAVE["ru"]}), db, embedder="english")
    assert built_with(db) == (ENGLISH, {"leave.md": "ru"})


@pytest.mark.slow
@pytest.mark.parametrize("language, question", [
    ("ru", "How many vacation days do I get per year?"),
    ("de", "Can I move unused vacation days to next year?"),
    ("es", "Do sick days count against my vacation?"),
])
def test_an_english_question_finds_the_passage_in_another_language(tmp_path, language,
                                                                    question):
    db = tmp_path / f"{language}.sqlite"
    other = {"ru": PARKING["ru"]}.get(language, PARKING["en"])
    index(folder_of(tmp_path, language, {"leave.md": LEAVE[language], "parking.md": other}), db)
    with open_searcher([("h", db)], EMBEDDERS, AppSettings().search()) as searcher:
        assert searcher.search(question).results[0].source == "leave.md"


@pytest.mark.slow
def test_an_english_question_finds_the_handbooks_own_text_before_english_leftovers(tmp_path):
    """A translated page keeps paragraphs nobody translated (manpages-l10n: 12 %
    of the Russian man pages). An English question must still reach the
    Russian paragraph that answers it, not only the English one beside it."""
    leftover = ("\n## Leave requests\n\nLeave requests for paid annual leave days go to the "
                "HR office two weeks before the first day of leave, by e-mail or on paper.\n")
    db = tmp_path / "ru.sqlite"
    index(folder_of(tmp_path, "ru", {"leave.md": LEAVE["ru"] + leftover,
                                     "parking.md": PARKING["ru"]}), db)
    assert built_with(db)[1] == {"leave.md": "ru", "parking.md": "ru"}
    with open_searcher([("h", db)], EMBEDDERS, AppSettings().search()) as searcher:
        found = searcher.search("How many days of paid annual leave do I get a year?").results
    assert found[0].heading == "Отпуск" and "27" in found[0].text


@pytest.mark.slow
def test_handbooks_of_two_embedders_are_asked_together(tmp_path):
    english, russian = tmp_path / "en.sqlite", tmp_path / "ru.sqlite"
    index(folder_of(tmp_path, "en", {"leave.md": LEAVE["en"]}), english)
    index(folder_of(tmp_path, "ru", {"parking.md": PARKING["ru"]}), russian)
    assert built_with(english)[0] != built_with(russian)[0]
    asked = [("HR", english), ("Офис", russian)]
    with open_searcher(asked, EMBEDDERS, AppSettings().search()) as searcher:
        assert searcher.embedder.id == MULTILINGUAL  # the evidence step reads both
        sources = {r.source for r in searcher.search("Where do I park my car?").results}
    assert "Офис/parking.md" in sources


@pytest.mark.slow
def test_an_off_topic_question_on_a_multilingual_handbook_is_refused_in_its_language(tmp_path):
    """e5 puts every text close to every other (distances of 0.1 to 0.2,
    MiniLM's 0.3 to 0.9): MiniLM's threshold would let everything through
    to the model. The searcher's own embedder says where "about nothing"
    begins; the refusal is the asker's language."""
    from fakes import FakeChatModel

    from app.answers.answerer import Answerer, Finished
    from app.answers.prompting.languages import NOTHING_FOUND_IN

    db = tmp_path / "ru.sqlite"
    index(folder_of(tmp_path, "ru", {"leave.md": LEAVE["ru"], "parking.md": PARKING["ru"]}), db)
    model = FakeChatModel()
    with open_searcher([("h", db)], EMBEDDERS, AppSettings().search()) as searcher:
        assert searcher.relevance_threshold < 0.74  # not MiniLM's
        answerer = Answerer(searcher, model)
        asked = [e for e in answerer.ask("Как испечь хлеб на закваске?")
                 if isinstance(e, Finished)][0].answer
        assert asked.refused and asked.text == NOTHING_FOUND_IN["ru"]
        assert model.prompts == []
        found = searcher.search("Сколько дней отпуска в год?")
        assert min(c.vector_distance for c in found.candidates) <= searcher.relevance_threshold


@pytest.mark.slow
def test_an_off_topic_question_asked_of_two_embedders_handbooks_is_refused(tmp_path):
    """Each candidate is held to its own embedder's threshold: MiniLM's 0.74
    must not let e5's close-together distances through."""
    from fakes import FakeChatModel

    from app.answers.answerer import Answerer, Finished

    english, russian = tmp_path / "en.sqlite", tmp_path / "ru.sqlite"
    index(folder_of(tmp_path, "en", {"leave.md": LEAVE["en"]}), english)
    index(folder_of(tmp_path, "ru", {"parking.md": PARKING["ru"]}), russian)
    with open_searcher([("HR", english), ("Офис", russian)], EMBEDDERS,
                       AppSettings().search()) as searcher:
        answerer = Answerer(searcher, FakeChatModel())
        for question, refused in (("How do I bake sourdough bread?", True),
                                  ("Как испечь хлеб на закваске?", True),
                                  ("Когда открывается парковка?", False)):
            answer = [e for e in answerer.ask(question) if isinstance(e, Finished)][0].answer
            assert bool(answer.refused == "nothing relevant was retrieved") == refused, question
