"""The core's messages the window shows are Saids (app/common/said.py): the
English the CLI and the tests read, plus the marked template and its values,
so the window words them in its own language (tests/gui/test_worded_messages.py)."""
import pytest

from app.common.said import Said, message_of


def said(message, template: str) -> Said:
    """`message` as a Said of `template` (a failing assert says which it was)."""
    assert isinstance(message, Said), repr(message)
    assert message.template == template, message.template
    return message


def test_the_chunk_health_verdict_and_warnings():
    from app.evaluation import health
    from app.evaluation.health import HealthReport, LengthStats

    stats = LengthStats(median=40, p95=231.5, max=300, mean=45.0)
    report = HealthReport(profile="fitted", window=128, budget=120, overlap=0, documents=1,
                          failed_documents=0, sections=3, chunks=12345, wordpiece=stats,
                          cl100k=stats, over_window=[], visible_share=1.0,
                          split_levels={"character": 0.065})
    verdict = said(report.verdict, health.VERDICT)
    assert verdict == "0 of 12,345 chunks exceed the 128-token window · p95 231.5 tokens"
    assert verdict.values["chunks"] == 12345  # a count: the window groups it its way
    character, p95 = report.warnings()
    assert said(character, health.CHARACTER_SPLITS).startswith("6% of chunks needed")
    assert said(p95, health.P95_OVER_WINDOW).startswith("p95 chunk length (231.5) exceeds")


def test_an_answer_model_that_cannot_be_used(tmp_path):
    from app.llm import catalogue, discovery, gguf_header, local
    from app.llm.contract import ModelError

    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(ModelError) as refused:
        local.check_model_file(empty)
    message = said(message_of(refused.value), local.EMPTY_FILE)
    assert message == (f"the model file {empty} is empty (0 bytes); choose another .gguf file "
                       "in Settings, or leave the setting empty for the default model")
    said(message.values["advice"], local.ADVICE)

    truncated = tmp_path / "truncated.gguf"
    truncated.write_bytes(b"GGUF\x03\x00")
    model = discovery.describe(truncated)
    assert said(model.error, gguf_header._TRUNCATED).startswith("truncated: the file ends")
    said(discovery.USER_FOLDER, "your folder")
    assert model.app == "your folder" and said(discovery.PACKAGED, "bundled") == "bundled"
    reason = catalogue.missing_reason(catalogue.MODELS[0], [tmp_path])
    assert said(reason, "not installed; {hint}").startswith("not installed; scripts/setup-env")


def test_a_question_that_cannot_be_searched():
    from app.search.retrieval import SearchError, checked_question

    with pytest.raises(SearchError) as refused:
        checked_question(" ?! ")
    assert message_of(refused.value).template.startswith("the question has no words")


def test_the_stores_and_the_workspace_say_what_failed(tmp_path):
    from app.common import about
    from app.store import postgres_requirements as requirements
    from app.store.contract import StoreError
    from app.store.conversations import ConversationStore
    from app.store.postgres_uri import UNREADABLE
    from app.store.recovery import quick_check
    from app.workspace.embedders import UNKNOWN_EMBEDDER, EmbedderUnavailable, make_embedder

    with pytest.raises(EmbedderUnavailable) as unknown:
        make_embedder("no-such-embedder")
    said(message_of(unknown.value), UNKNOWN_EMBEDDER)

    damaged = tmp_path / "conversations.sqlite"
    damaged.write_bytes(b"this is not a database" * 200)
    with pytest.raises(StoreError) as refused:
        ConversationStore(damaged)
    assert "damaged" in message_of(refused.value).template
    assert message_of(refused.value).values["path"] == str(damaged)

    [problem] = quick_check(damaged)
    said(problem, "the index cannot be opened: {reason}")

    facts = requirements.ServerFacts(role="maint", database="handbook", schema="public",
                                     superuser=False, schema_create=False,
                                     database_create=False, installed=None, available=None,
                                     trusted=False, major=16)
    refusal = requirements.refusal("db.example.com", requirements.creating_problems(facts),
                                   creating=True)
    assert refusal.template.startswith("a shared index cannot be made in {where}")
    causes = refusal.values["causes"]  # two causes, each worded on its own
    assert said(causes.values["first"], causes.values["first"].template).startswith(
        "the server has no pgvector")
    assert refusal.startswith("a shared index cannot be made in db.example.com: the server has")
    assert isinstance(UNREADABLE, Said)  # a constant the window words, not plain text

    lines = about.about_lines()
    assert all(isinstance(line, Said) for line in lines if line)
    said(lines[1], about.TAGLINE)
    from app import __version__

    assert __version__ in about.about_text() and str(lines[1]) in about.about_text()
