"""The evaluation view: run a golden set against the open index, and compare profiles.

A golden TSV (question, answer_span, optional position/kind/source_file/id)
runs in a worker thread with a progress bar; the view shows chunk and context
recall@k overall, by position and by kind, MRR, the average context size, each
miss with what was retrieved instead, and the cases that could not be counted
(with their line). "Compare profiles" indexes the open folder with both
profiles (app.evaluation.comparison.compare) and shows them side by side.
"Evaluate answers" runs the first N questions through the whole answer path
with the answer model (app.evaluation.answer_accuracy, as `handbook-qa eval
--answers`): evidence@1/@3, accuracy, unsupported facts, citation precision,
times, and each wrong answer beside the span it should hold. Everything
shown from documents or the TSV is plain text (table and tree items).
"""
from __future__ import annotations

import logging
import threading
from pathlib import Path

from PySide6.QtCore import (QCoreApplication, QLocale, QObject, QRectF, QThread,
                            QT_TRANSLATE_NOOP, Qt, Signal, Slot)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QHeaderView,
                               QProgressBar, QPushButton, QSpinBox, QSplitter,
                               QStyledItemDelegate, QTableWidget, QTableWidgetItem, QTabWidget,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from app.common import paths
from app.common.bundled import SAMPLE_GOLDEN, SAMPLE_HANDBOOK
from app.common.said import message_of
from app.evaluation.export import write_eval_csv, write_json
from app.evaluation.recall import CasesError, EvalReport, evaluate, load_cases
from app.evaluation.tables import ANSWER_COLUMNS, COUNTED, answer_rows, recall_rows
from app.gui.locale_format import locale, number, percent
from app.gui.safe_text import SafeTextBrowser, display_table, esc, plain_label
from app.gui.words import worded
from app.store.backends import parse_location
from app.workspace.embedders import shared_embedders

log = logging.getLogger(__name__)

DEFAULT_K = 5
DEFAULT_ANSWER_LIMIT = 20  # "Evaluate answers" asks this many questions unless told otherwise
# translated where it is shown: QCoreApplication.translate("EvalView", MODEL_BUSY)
MODEL_BUSY = QT_TRANSLATE_NOOP("EvalView", "A question is being answered with the answer model: "
                               "evaluate the answers when it is done.")


class Cancelled(Exception):
    pass


# ---------------------------------------------------------------- showing a report

def _bold(item: QTableWidgetItem) -> QTableWidgetItem:
    font = item.font()
    font.setBold(True)
    item.setFont(font)
    return item


def group_words(key: str) -> str:
    """A position of the answer or a kind of content, as the golden set names
    it (app.evaluation.recall.POSITIONS, KINDS), in the window's language; a
    key it does not know is shown as written."""
    words = {
        "start": QCoreApplication.translate("EvalView", "start",
                                            "position of the answer in its section"),
        "middle": QCoreApplication.translate("EvalView", "middle",
                                             "position of the answer in its section"),
        "end": QCoreApplication.translate("EvalView", "end",
                                          "position of the answer in its section"),
        "prose": QCoreApplication.translate("EvalView", "prose", "kind of content"),
        "table": QCoreApplication.translate("EvalView", "table", "kind of content"),
        "code": QCoreApplication.translate("EvalView", "code", "kind of content"),
        "list": QCoreApplication.translate("EvalView", "list", "kind of content"),
        "config": QCoreApplication.translate("EvalView", "config",
                                             "kind of content: configuration files"),
    }
    return words.get(key, key)


def recall_text(figures: dict | None, decimals: int = 1) -> str:
    """A recall cell: "73.3% (11/15)" as the language writes it, "—" when
    the recall does not apply."""
    if not figures or figures.get("recall") is None:
        return "—"
    return QCoreApplication.translate(
        "EvalView", "{recall} ({hits}/{cases})",
        "a recall cell: the share found, then the cases found of the cases asked").format(
            recall=percent(figures["recall"], decimals), hits=number(figures["hits"]),
            cases=number(figures["cases"]))


def answer_figure(key: str, value) -> str:
    """An answer figure (app.evaluation.tables.ANSWER_COLUMNS): the count of
    cases, or a share; "—" where it does not apply."""
    if value is None:
        return "—"
    return number(value) if key == COUNTED else percent(value)


def comparison_figure(kind: str, value) -> str:
    """A figure of the comparison table (app.evaluation.comparison.Row)."""
    if kind in ("recall", "part"):
        return recall_text(value, decimals=0)
    return percent(value) if kind == "share" else number(value)


def answer_misses_html(report) -> str:
    """Each wrong answer: the question, the span it should hold, what the
    model said and where the span stood among the quotes (all escaped)."""
    items = []
    for miss in report.misses:
        rank = miss["evidence_rank"]
        quote = (QCoreApplication.translate("EvalView", "the quote shown first held it")
                 if rank == 1 else
                 QCoreApplication.translate("EvalView", "quote {rank} held it").format(
                     rank=number(rank)) if rank else
                 QCoreApplication.translate("EvalView", "no quote held it"))
        unsupported = (" · " + QCoreApplication.translate(
            "EvalView", "not backed by the sources: {facts}").format(
                facts=esc(", ".join(miss["unsupported"])))
            if miss["unsupported"] else "")
        span = f"<span style='background:#e6f2d9'>{esc(miss['answer_span'])}</span>"
        items.append(
            "<p><b>" + QCoreApplication.translate("EvalView", "Line {line}").format(
                line=miss["line"]) + f" · {esc(miss['id'])}</b>: {esc(miss['question'])}<br/>"
            + QCoreApplication.translate("EvalView", "expected “{span}” ({quote})").format(
                span=span, quote=quote)
            + "<br/>" + QCoreApplication.translate("EvalView", "answered: {answer}").format(
                answer=esc(miss["answer"][:400]) or "—")
            + f"<span style='color:#8a4b00'>{unsupported}</span></p>")
    return "".join(items) or (
        "<p>" + QCoreApplication.translate("EvalView", "Every answer was accurate.") + "</p>")


def _chunk_words(rank: int | None, k: int) -> str:
    if rank is None:
        return QCoreApplication.translate("EvalView", "in none of the chunks the search found")
    if rank > k:
        return QCoreApplication.translate(
            "EvalView", "only in chunk #{rank}, outside the top {k}").format(
                rank=number(rank), k=number(k))
    return QCoreApplication.translate("EvalView", "in chunk #{rank}").format(rank=number(rank))


def _context_words(rank: int | None) -> str:
    if rank is None:
        return QCoreApplication.translate("EvalView", "not in the context sent to the model")
    return QCoreApplication.translate("EvalView", "in context result #{rank}").format(
        rank=number(rank))


def misses_html(report: EvalReport) -> str:
    """Each miss: the question, the expected span, where it was (not) found, and what
    was retrieved instead. Every value is escaped: it comes from documents and the TSV."""
    blocks = []
    for miss in report.misses:
        tags = " · ".join(esc(group_words(miss[key])) for key in ("position", "kind")
                          if miss[key])
        found = esc(f"{_chunk_words(miss['chunk_rank'], report.k)}; "
                    f"{_context_words(miss['context_rank'])}")
        span = f"<span style='background:#e6f2d9'>{esc(miss['answer_span'])}</span>"
        if miss["source_file"]:
            expected = QCoreApplication.translate(
                "EvalView", "expected “{span}” in {file}: {found}").format(
                    span=span, file=esc(miss["source_file"]), found=found)
        else:
            expected = QCoreApplication.translate(
                "EvalView", "expected “{span}”: {found}").format(span=span, found=found)
        items = []
        for got in miss["retrieved"]:
            page = (" " + QCoreApplication.translate("EvalView", "(p. {page})").format(
                page=esc(got["page"])) if got.get("page") else "")
            snippet = esc(" ".join(got["snippet"].split()))
            items.append(f"<li>{esc(got['source'])} › {esc(got['heading'])}{page}<br>"
                         f"<span style='color:#666'>{snippet}…</span></li>")
        line = QCoreApplication.translate("EvalView", "line {line}").format(line=esc(miss["line"]))
        blocks.append(
            f"<p style='margin-top:8px'><b>{line} · {esc(miss['id'])}</b>"
            f"{' · ' + tags if tags else ''}<br>{esc(miss['question'])}<br>"
            f"{expected}</p><ol style='margin-top:0'>{''.join(items)}</ol>")
    return "".join(blocks)


def _seconds(value: float | None) -> str:
    """A median time as the report rounds it (1.2, 0.034), with the language's
    decimal mark; "—" when there is none (no answer had a first token)."""
    if value is None:
        return "—"
    return locale().toString(float(value), "f",
                             QLocale.FloatingPointPrecisionOption.FloatingPointShortest)


class RecallBarDelegate(QStyledItemDelegate):
    """A recall cell with a bar behind its text, as long as the recall."""

    def paint(self, painter, option, index) -> None:
        value = index.data(Qt.ItemDataRole.UserRole)
        if isinstance(value, float):
            rect = QRectF(option.rect).adjusted(2, 3, -2, -3)
            rect.setWidth(rect.width() * max(0.0, min(value, 1.0)))
            color = QColor("#cfe8c0") if value >= 0.9 else (
                QColor("#f3e2a9") if value >= 0.7 else QColor("#f4c2c2"))
            painter.fillRect(rect, color)
        super().paint(painter, option, index)


def index_state(db: Path | None) -> tuple | None:
    """Enough to tell whether an index changed: its path, documents and chunks."""
    from app.store.contract import StoreError
    from app.workspace.indexes import opened_index

    if db is None or not parse_location(db).exists():
        return None
    try:
        with opened_index(db) as store:
            counts = store.counts()
            return (str(db), counts.chunks, (counts.documents + counts.failed_documents,
                                             counts.last_indexed_at))
    except StoreError:
        return None


def default_golden(folder: Path | None) -> Path | None:
    """The bundled golden set goes with the bundled sample handbook."""
    if folder is not None and Path(folder).resolve() == SAMPLE_HANDBOOK.resolve() \
            and SAMPLE_GOLDEN.is_file():
        return SAMPLE_GOLDEN
    return None


# ---------------------------------------------------------------- the worker

class EvalWorker(QObject):
    """Runs one evaluation or one comparison in its own thread, then stops."""

    progress = Signal(int, int)     # cases done, cases to do
    message = Signal(object)        # comparison stages (a Said, worded by the view)
    finished = Signal(object)       # EvalReport
    compared = Signal(object)       # the comparison dict
    answered = Signal(object)       # AnswerReport
    failed = Signal(str)            # a message in words (or "cancelled")

    def __init__(self, embedders, job: str, folder: str, db: str, tsv: str, k: int,
                 answerer_factory=None, limit: int = 0):
        super().__init__()
        self._embedders = embedders  # app.workspace.embedders.EmbedderCache
        self._answerer_factory = answerer_factory
        self.job, self.folder, self.db, self.tsv, self.k = job, folder, db, tsv, k
        self.limit = limit
        self.cancel_event = threading.Event()

    def cancel(self) -> None:
        self.cancel_event.set()

    @Slot()
    def run(self) -> None:
        from app.llm.contract import ModelError
        from app.answers.prompting.prompt import PromptTooLarge
        from app.search.retrieval import SearchError
        from app.store.contract import StoreError

        try:
            cases = load_cases(Path(self.tsv))
            if self.job == "compare":
                self.compared.emit(self._compare(cases))
            elif self.job == "answers":
                self.answered.emit(self._answers(cases[:self.limit] if self.limit else cases))
            else:
                self.finished.emit(self._evaluate(cases))
        except Cancelled:
            self.failed.emit("cancelled")
        except CasesError as error:
            self.failed.emit(self.tr("The golden set cannot be used: {error}").format(
                error=worded(error.message)))
        except (SearchError, StoreError, ModelError, PromptTooLarge, OSError,
                ValueError) as error:
            self.failed.emit(self.tr("The evaluation stopped: {error}").format(
                error=worded(message_of(error))))
        except Exception as error:  # never let a worker die silently
            log.exception("evaluation failed")
            self.failed.emit(self.tr("The evaluation stopped by an unexpected error: {error}")
                             .format(error=error))

    def _evaluate(self, cases) -> EvalReport:
        from app.search.retrieval import SearchSettings
        from app.workspace.searching import open_searcher

        def on_progress(done: int, total: int) -> None:
            if self.cancel_event.is_set():
                raise Cancelled()
            self.progress.emit(done, total)

        with open_searcher([("index", self.db)], self._embedders,
                           SearchSettings(results=self.k)) as searcher:
            return evaluate(searcher, cases, self.k, on_progress=on_progress)

    def _answers(self, cases):
        from app.evaluation.answer_accuracy import evaluate_answers
        from app.workspace.indexes import opened_index

        def on_progress(done: int, total: int) -> None:
            if self.cancel_event.is_set():
                raise Cancelled()
            self.progress.emit(done, total)

        with opened_index(self.db) as store:
            answerer, close = self._answerer_factory(store)  # the app's search and model
            try:
                return evaluate_answers(answerer, cases, on_progress=on_progress)
            finally:
                close()

    def _compare(self, cases) -> dict:
        from app.evaluation.comparison import compare

        def on_progress(message: str) -> None:
            if self.cancel_event.is_set():
                raise Cancelled()
            self.message.emit(message)

        # MiniLM: the comparison shows what Spring AI's defaults cost with it
        return compare(Path(self.folder), cases, self.k, self._embedders.get(),
                       # its own indexes: the app's may use other settings than the defaults
                       db_for=lambda profile: paths.index_for(Path(self.folder),
                                                              f"{profile}-comparison"),
                       on_progress=on_progress)


# ---------------------------------------------------------------- the view

class EvalView(QWidget):
    """Golden-set evaluation of the open index, and the two profiles side by side."""

    evaluated = Signal(object)   # EvalReport, once shown
    compared = Signal(object)    # the comparison dict, once shown
    answered = Signal(object)    # AnswerReport, once shown
    stopped = Signal(str)        # a run ended without results (the message)

    def __init__(self, embedders=None, parent=None, answerer_factory=None,
                 model_busy=lambda: False):
        """`answerer_factory(store)` → (Answerer, close): the app's search and
        answer model over an open store, for "Evaluate answers"; without one
        the button is hidden. `model_busy()`: whether the window is answering
        a question with that model now (the run would wait for it, and the
        question for the whole run)."""
        super().__init__(parent)
        self._embedders = embedders or shared_embedders()
        self._answerer_factory = answerer_factory
        self._model_busy = model_busy
        self.answer_report = None
        self.db: Path | None = None
        self.folder: Path | None = None
        self.tsv: Path | None = None
        self._tsv_chosen = False
        self.report: EvalReport | None = None
        self.comparison: dict | None = None
        self._thread: QThread | None = None
        self._worker: EvalWorker | None = None
        self._evaluated_state: tuple | None = None
        self._says_model_busy = False  # the status line says MODEL_BUSY
        self._build()
        self._update_buttons()

    # -- construction -----------------------------------------------------------------
    def _build(self) -> None:
        self.tsv_label = plain_label()
        self.tsv_label.setWordWrap(True)
        self.choose_button = QPushButton(self.tr("Choose golden set…"))
        self.choose_button.clicked.connect(self.choose_tsv)
        file_row = QHBoxLayout()
        file_row.addWidget(self.tsv_label, 1)
        file_row.addWidget(self.choose_button)

        self.k_box = QSpinBox()
        self.k_box.setRange(1, 50)
        self.k_box.setValue(DEFAULT_K)
        self.k_box.setPrefix(self.tr("k = ", "spin box prefix: the results counted, recall@k"))
        self.k_box.setAccessibleName(self.tr("Results counted (k)"))
        self.k_box.setToolTip(self.tr("recall@k: the answer must be in the top k results"))
        self.k_box.valueChanged.connect(self._on_k_changed)
        self.run_button = QPushButton(self.tr("Run evaluation"))
        self.run_button.clicked.connect(self.run_evaluation)
        self.compare_button = QPushButton(self.tr("Compare profiles"))
        self.compare_button.setToolTip(self.tr("Index this folder with both profiles (fitted and "
                                               "spring-default) and evaluate both on this "
                                               "golden set"))
        self.compare_button.clicked.connect(self.run_comparison)
        self.answers_button = QPushButton(self.tr("Evaluate answers"))
        self.answers_button.setToolTip(self.tr(
            "Ask the first questions of the golden set with the answer model, as the app "
            "does, and measure the quotes and the answers (a few seconds a question with "
            "the default model)"))
        self.answers_button.clicked.connect(self.run_answers)
        self.answers_button.setVisible(self._answerer_factory is not None)
        self.limit_box = QSpinBox()
        self.limit_box.setRange(0, 100_000)
        self.limit_box.valueChanged.connect(self._word_limit)
        self.limit_box.setValue(DEFAULT_ANSWER_LIMIT)
        self._word_limit(self.limit_box.value())
        self.limit_box.setAccessibleName(self.tr("Questions to ask"))
        self.limit_box.setSpecialValueText(self.tr("all questions"))
        self.limit_box.setToolTip(self.tr("How many questions Evaluate answers asks "
                                          "(0: all of them)"))
        self.limit_box.setVisible(self._answerer_factory is not None)
        self.cancel_button = QPushButton(self.tr("Cancel", "button: stop the evaluation running"))
        self.cancel_button.clicked.connect(self.cancel)
        run_row = QHBoxLayout()
        run_row.addWidget(self.k_box)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.compare_button)
        # a row of its own: one row of five controls would widen the side panel
        answers_row = QHBoxLayout()
        answers_row.addWidget(self.answers_button)
        answers_row.addWidget(self.limit_box)
        answers_row.addStretch(1)
        run_row.addStretch(1)
        run_row.addWidget(self.cancel_button)

        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.status = plain_label()
        self.status.setWordWrap(True)
        self.status.hide()

        self.summary = plain_label()
        self.summary.setWordWrap(True)
        font = self.summary.font()
        font.setBold(True)
        self.summary.setFont(font)
        self.explanation = plain_label(self.tr(
            "Chunk recall: the answer span lies inside one of the top-k chunks the search "
            "found. Context recall: it lies inside the text that would be sent to the model."))
        self.explanation.setWordWrap(True)
        self.explanation.setStyleSheet("color: #555")
        self.recall_table = display_table(0, 3)
        header = self.recall_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.save_json = QPushButton(self.tr("Save JSON…"))
        self.save_json.setToolTip(self.tr("The results as `handbook-qa eval --json` writes them"))
        self.save_json.clicked.connect(lambda: self._save("json"))
        self.save_csv = QPushButton(self.tr("Save CSV…"))
        self.save_csv.setToolTip(self.tr("One row per miss and per case not counted"))
        self.save_csv.clicked.connect(lambda: self._save("csv"))
        self.save_note = plain_label()
        self.save_note.setStyleSheet("color: #555")
        self.save_note.setWordWrap(True)
        save_row = QHBoxLayout()
        save_row.addWidget(self.save_note, 1)
        save_row.addWidget(self.save_json)
        save_row.addWidget(self.save_csv)
        self.recall_table.setItemDelegateForColumn(1, RecallBarDelegate(self.recall_table))
        self.recall_table.setItemDelegateForColumn(2, RecallBarDelegate(self.recall_table))
        self.recall_table.verticalHeader().setDefaultSectionSize(22)
        self.misses_title = plain_label()
        self.misses_title.setWordWrap(True)
        self.misses = SafeTextBrowser()
        self.misses.setAccessibleName(self.tr("Questions missed"))
        misses_box = QWidget()
        misses_layout = QVBoxLayout(misses_box)
        misses_layout.setContentsMargins(0, 0, 0, 0)
        misses_layout.addWidget(self.misses_title)
        misses_layout.addWidget(self.misses, 1)
        self.results_splitter = QSplitter(Qt.Orientation.Vertical)
        self.results_splitter.addWidget(self.recall_table)
        self.results_splitter.addWidget(misses_box)
        self.results_splitter.setChildrenCollapsible(False)
        self.results_splitter.setSizes([330, 300])
        recall_page = QWidget()
        recall_layout = QVBoxLayout(recall_page)
        recall_layout.addWidget(self.summary)
        recall_layout.addWidget(self.explanation)
        recall_layout.addWidget(self.results_splitter, 1)
        recall_layout.addLayout(save_row)

        self.invalid = QTreeWidget()
        self.invalid.setHeaderLabels([self.tr("Line", "column: the line of the golden set"),
                                      self.tr("Id", "column: the case's id"),
                                      self.tr("Why it is not counted")])
        self.invalid.setRootIsDecorated(False)
        self.invalid.header().setStretchLastSection(True)

        self.compare_table = display_table(0, 3)
        self.compare_table.setHorizontalHeaderLabels(["", "fitted", "spring-default"])
        self.compare_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch)
        self.compare_table.verticalHeader().setDefaultSectionSize(22)
        self.compare_note = plain_label(self.tr(
            "Compare profiles indexes this folder a second time with the other profile "
            "(kept next to the app's index) and evaluates both on the golden set."))
        self.compare_note.setWordWrap(True)
        self.compare_note.setStyleSheet("color: #555")
        compare_page = QWidget()
        compare_layout = QVBoxLayout(compare_page)
        compare_layout.addWidget(self.compare_note)
        compare_layout.addWidget(self.compare_table, 1)

        self.answers_summary = plain_label()
        self.answers_summary.setWordWrap(True)
        self.answers_table = display_table(0, len(ANSWER_COLUMNS) + 1)
        self.answers_table.setHorizontalHeaderLabels(
            [""] + [worded(title) for title, _ in ANSWER_COLUMNS])
        self.answers_table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)  # the figures as wide as they need
        self.answers_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch)
        self.answers_table.verticalHeader().setDefaultSectionSize(22)
        self.answers_explanation = plain_label(self.tr(
            "Quote@1 / @3: the answer span lies inside the quote shown first / one of the "
            "three. Accurate: the model's answer holds every number of the span and half its "
            "words. Unsupported: answers with a fact the sources lack. Not in quote: answers "
            "with a number the first quote lacks. Citations: cited sources that hold the span."))
        self.answers_explanation.setWordWrap(True)
        self.answers_explanation.setStyleSheet("color: #555")
        self.answer_misses = SafeTextBrowser()
        self.answer_misses.setAccessibleName(self.tr("Answers to check"))
        answers_page = QWidget()
        answers_layout = QVBoxLayout(answers_page)
        answers_layout.addWidget(self.answers_summary)
        answers_layout.addWidget(self.answers_explanation)
        answers_splitter = QSplitter(Qt.Orientation.Vertical)
        answers_splitter.addWidget(self.answers_table)
        answers_splitter.addWidget(self.answer_misses)
        answers_splitter.setChildrenCollapsible(False)
        answers_splitter.setSizes([260, 370])
        answers_layout.addWidget(answers_splitter, 1)

        self.tabs = QTabWidget()
        self.tabs.addTab(recall_page, self.tr("Results", "tab: the recall figures"))
        self.tabs.addTab(self.invalid, self.tr("Not counted", "tab: the cases not counted"))
        self.tabs.addTab(compare_page, self.tr("Profiles side by side"))
        self.tabs.addTab(answers_page, self.tr("Answers", "tab: the answers evaluated"))
        self.tabs.setTabVisible(3, self._answerer_factory is not None)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(file_row)
        layout.addLayout(run_row)
        layout.addLayout(answers_row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)
        self._show_report(None)
        self.show_answers(None)

    # -- inputs -------------------------------------------------------------------------
    def refresh(self, db: Path | None, folder: Path | None = None) -> None:
        """The open index changed (indexing finished): remember it; results shown so far
        belong to the previous state of the index."""
        folder = Path(folder) if folder else None
        if folder != self.folder and not self._tsv_chosen:
            self.tsv = default_golden(folder)
        self.db = parse_location(db) if db else None
        self.folder = folder
        if self.report is not None and not self.busy and \
                index_state(self.db) != self._evaluated_state:
            self._say(self.tr("The index has changed since these results: run the "
                              "evaluation again to update them."))
        self._update_buttons()

    def set_tsv(self, path: Path | None) -> None:
        self.tsv = Path(path) if path else None
        self._tsv_chosen = path is not None
        self._update_buttons()

    def choose_tsv(self) -> None:
        start = str(self.tsv or self.folder or Path.home())
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a golden set"), start,
                                              self.tr("Golden sets (*.tsv *.txt);;All files (*)"))
        if path:
            self.set_tsv(Path(path))

    def _word_limit(self, limit: int) -> None:
        """"first 20 questions": one phrase for the translator (its plural follows
        the number), cut around the number into the spin box's prefix and suffix."""
        phrase = self.tr("first %n questions", "spin box: how many questions are asked", limit)
        prefix, found, suffix = phrase.partition(str(limit))
        if not found:  # a translation that writes the number otherwise: no words around it
            prefix, suffix = "", ""
        if (prefix, suffix) != (self.limit_box.prefix(), self.limit_box.suffix()):
            self.limit_box.setPrefix(prefix)
            self.limit_box.setSuffix(suffix)

    def _on_k_changed(self) -> None:
        if self.report is not None and self.report.k != self.k_box.value():
            self._say(self.tr("These results are for k = {old}: run again for k = {new}.")
                      .format(old=number(self.report.k), new=number(self.k_box.value())))

    def _say(self, text: str, model_busy: bool = False) -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        self._says_model_busy = model_busy

    def model_free(self) -> None:
        """The window's question ended: "wait for the question" no longer holds."""
        if self._says_model_busy:
            self._say("")

    @property
    def busy(self) -> bool:
        return self._thread is not None

    @property
    def answers_running(self) -> bool:
        """Whether "Evaluate answers" is running (it holds the window's model)."""
        return self._worker is not None and self._worker.job == "answers"

    def _update_buttons(self) -> None:
        self.tsv_label.setText(self.tr("Golden set: {path}").format(path=self.tsv) if self.tsv else
                               self.tr("Golden set: none chosen (a TSV with the columns question "
                                       "and answer_span; optional position, kind, source_file, "
                                       "id)"))
        ready = self.tsv is not None and not self.busy
        self.run_button.setEnabled(ready and self.db is not None and self.db.exists())
        self.compare_button.setEnabled(ready and self.folder is not None)
        self.answers_button.setEnabled(ready and self.db is not None and self.db.exists())
        self.limit_box.setEnabled(not self.busy)
        self.choose_button.setEnabled(not self.busy)
        self.k_box.setEnabled(not self.busy)
        self.cancel_button.setVisible(self.busy)
        self.save_json.setEnabled(self.report is not None)
        self.save_csv.setEnabled(self.report is not None)

    # -- running --------------------------------------------------------------------------
    def _can_run(self, not_indexed: str) -> bool:
        """Whether a run may start now; says why not (`not_indexed`) when the index
        is missing."""
        if self.busy or self.tsv is None or self.db is None:
            return False
        if not self.db.exists():
            self._say(not_indexed)
            return False
        self.progress.setRange(0, 0)
        return True

    def run_evaluation(self) -> None:
        if not self._can_run(self.tr("The folder has not been indexed yet: wait for indexing "
                                     "to finish, then run the evaluation.")):
            return
        self._evaluated_state = index_state(self.db)
        self._start("evaluate", self.tr("Evaluating: loading the golden set…"))

    def run_answers(self) -> None:
        if self._answerer_factory is None or self.busy:
            return
        if self._model_busy():
            self._say(QCoreApplication.translate("EvalView", MODEL_BUSY), model_busy=True)
            return
        if not self._can_run(self.tr("The folder has not been indexed yet: wait for indexing "
                                     "to finish, then evaluate the answers.")):
            return
        self._start("answers", self.tr("Evaluating answers: loading the answer model…"))

    def run_comparison(self) -> None:
        if self.busy or self.tsv is None or self.folder is None:
            return
        self.progress.setRange(0, 0)  # compare reports stages, not counts
        self._start("compare", self.tr("Comparing profiles: indexing the folder with both "
                                       "profiles can take a while on a large folder…"))

    def _start(self, job: str, message: str) -> None:
        worker = EvalWorker(self._embedders, job, str(self.folder or ""),
                            str(self.db or ""), str(self.tsv), self.k_box.value(),
                            self._answerer_factory, self.limit_box.value())
        thread = QThread()
        thread.setObjectName(f"evaluation-{job}")
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progress.connect(self._on_progress)
        worker.message.connect(self._on_message)
        worker.finished.connect(self._on_finished)
        worker.compared.connect(self._on_compared)
        worker.answered.connect(self._on_answered)
        worker.failed.connect(self._on_failed)
        self._thread, self._worker = thread, worker
        self.progress.show()
        self._say(message)
        self._update_buttons()
        thread.start()

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self._say(self.tr("Cancelling… (a comparison stops between its stages)"))

    def shutdown(self, timeout_ms: int = 30_000) -> None:
        """Stop a running job and its thread (the window is closing)."""
        if self._worker is not None:
            self._worker.cancel()
        if self._thread is not None:
            self._thread.quit()
            if not self._thread.wait(timeout_ms):
                log.warning("the evaluation thread did not stop within %d ms", timeout_ms)
                return
            self._thread = self._worker = None

    def _join(self) -> None:
        """The worker has sent its last signal: let its thread end."""
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()
        self._thread = self._worker = None
        self.progress.hide()
        self._update_buttons()

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        # %Ln: the count as the language writes it; QProgressBar's own %v/%m are not used
        self.progress.setFormat(self.tr("{done}/%Ln questions", "progress bar", total)
                                .format(done=number(done)))
        self._say(self.tr("Evaluating: {done} of %Ln questions…", "", total)
                  .format(done=number(done)))

    def _on_message(self, message: str) -> None:
        self._say(self.tr("Comparing profiles: {stage}").format(stage=worded(message)))

    def _on_finished(self, report: EvalReport) -> None:
        self._join()
        self._say("")
        self._show_report(report)
        self.tabs.setCurrentIndex(0)
        self.evaluated.emit(report)

    def _on_compared(self, comparison: dict) -> None:
        self._join()
        self._say("")
        self.show_comparison(comparison)
        self.tabs.setCurrentIndex(2)
        self.compared.emit(comparison)

    def _on_answered(self, report) -> None:
        self._join()
        self._say("")
        self.show_answers(report)
        self.tabs.setCurrentIndex(3)
        self.answered.emit(report)

    def _on_failed(self, message: str) -> None:
        self._join()
        self._say(self.tr("Stopped: nothing was changed.") if message == "cancelled" else message)
        self.stopped.emit(message)

    # -- showing ---------------------------------------------------------------------------
    def _show_report(self, report: EvalReport | None) -> None:
        self.report = report
        self.save_note.setText("")
        if report is None:
            self.summary.setText(self.tr("No results yet: choose a golden set and run the "
                                         "evaluation."))
            self.recall_table.setRowCount(0)
            self.misses.clear()
            self.misses_title.setText("")
            self.invalid.clear()
            self._update_tabs()
            return
        cases = self.tr("%Ln cases", "", report.cases)
        if report.invalid:
            cases = self.tr("{cases} (%Ln not counted: see that tab)", "",
                            len(report.invalid)).format(cases=cases)
        self.summary.setText(" · ".join((
            self.tr("Profile {profile}").format(profile=report.profile),
            cases,
            self.tr("k = {k}").format(k=number(report.k)),
            self.tr("MRR chunk {chunk}, context {context}").format(
                chunk=number(report.mrr["chunk"], 3), context=number(report.mrr["context"], 3)),
            self.tr("average context {tokens} cl100k tokens").format(
                tokens=number(report.average_context_tokens)))))
        self.recall_table.setHorizontalHeaderLabels(
            ["", self.tr("Chunk recall@{k}").format(k=number(report.k)),
             self.tr("Context recall@{k}").format(k=number(report.k))])
        rows = recall_rows(report)
        self.recall_table.clearSpans()
        self.recall_table.setRowCount(len(rows))
        for row, (kind, label, chunk, context) in enumerate(rows):
            if kind == "group":
                self.recall_table.setItem(row, 0, _bold(QTableWidgetItem(worded(label))))
                self.recall_table.setSpan(row, 0, 1, 3)
                continue
            name = QTableWidgetItem(worded(label) if kind == "overall"
                                    else "    " + group_words(label))
            if kind == "overall":
                _bold(name)
            self.recall_table.setItem(row, 0, name)
            for column, figures in ((1, chunk), (2, context)):
                item = QTableWidgetItem(recall_text(figures))
                if figures and figures.get("recall") is not None:
                    item.setData(Qt.ItemDataRole.UserRole, figures["recall"])
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if kind == "overall":
                    item.setFont(name.font())
                self.recall_table.setItem(row, column, item)
        table_height = (self.recall_table.horizontalHeader().height() + 6 +
                        sum(self.recall_table.rowHeight(r) for r in range(len(rows))))
        total = max(sum(self.results_splitter.sizes()), 400)
        self.results_splitter.setSizes([min(table_height, total * 2 // 3),
                                        max(total - table_height, total // 3)])
        self._fill_misses(report)
        self._fill_invalid(report)
        self._update_tabs()
        self._update_buttons()

    def _fill_misses(self, report: EvalReport) -> None:
        self.misses_title.setText(
            self.tr("Misses ({count}): the answer was not both in a top-{k} chunk and in the "
                    "context; what was retrieved instead:").format(
                        count=number(len(report.misses)), k=number(report.k))
            if report.misses else
            self.tr("No misses: every answer was in a top-k chunk and in the context."))
        self.misses.setHtml(misses_html(report))
    def _fill_invalid(self, report: EvalReport) -> None:
        self.invalid.clear()
        for bad in report.invalid:
            self.invalid.addTopLevelItem(QTreeWidgetItem([str(bad["line"]), bad["id"],
                                                          worded(bad["reason"])]))
        self.invalid.resizeColumnToContents(0)
        self.invalid.resizeColumnToContents(1)

    def _update_tabs(self) -> None:
        report = self.report
        self.tabs.setTabText(1, self.tr("Not counted ({count})", "tab: the cases not counted")
                             .format(count=number(len(report.invalid))) if report else
                             self.tr("Not counted", "tab: the cases not counted"))

    def show_answers(self, report) -> None:
        self.answer_report = report
        if report is None:
            self.answers_summary.setText(self.tr(
                "No answers evaluated yet: Evaluate answers asks the golden set's first "
                "questions with the answer model and checks what it shows."))
            self.answers_table.setRowCount(0)
            self.answer_misses.clear()
            return
        timing = report.timing
        self.answers_summary.setText(" · ".join((
            report.model,
            self.tr("prompt {prompt}").format(prompt=report.prompt),
            self.tr("%Ln questions", "", report.cases),
            self.tr("median time to the quote {quote} s, first token {first} s, whole answer "
                    "{whole} s").format(quote=_seconds(timing["evidence_median_s"]),
                                        first=_seconds(timing["first_token_median_s"]),
                                        whole=_seconds(timing["total_median_s"])))))
        rows = answer_rows(report)
        self.answers_table.clearSpans()
        self.answers_table.setRowCount(len(rows))
        for row, (kind, label, figures) in enumerate(rows):
            name = QTableWidgetItem(worded(label) if kind != "row"
                                    else "    " + group_words(label))
            if kind != "row":
                _bold(name)
            self.answers_table.setItem(row, 0, name)
            if kind == "group":
                self.answers_table.setSpan(row, 0, 1, len(ANSWER_COLUMNS) + 1)
            for column, ((_, key), value) in enumerate(zip(ANSWER_COLUMNS, figures), start=1):
                item = QTableWidgetItem(answer_figure(key, value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.answers_table.setItem(row, column, item)
        self.answer_misses.setHtml(
            "<p><b>" + esc(self.tr("Wrong answers ({wrong} of {cases})").format(
                wrong=number(len(report.misses)), cases=number(report.cases))) + "</b></p>"
            + answer_misses_html(report))

    def show_comparison(self, comparison: dict) -> None:
        from app.evaluation.comparison import table

        self.comparison = comparison
        rows = table(comparison)
        self.compare_table.setRowCount(len(rows))
        for row, (kind, label, fitted, spring) in enumerate(rows):
            part = kind == "part"  # a position or kind under its recall: indented, not bold
            name = QTableWidgetItem("    " + group_words(label) if part else worded(label))
            if not part:
                _bold(name)
            self.compare_table.setItem(row, 0, name)
            for column, value in ((1, fitted), (2, spring)):
                item = QTableWidgetItem(comparison_figure(kind, value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight |
                                      Qt.AlignmentFlag.AlignVCenter)
                self.compare_table.setItem(row, column, item)
        self.compare_table.resizeColumnToContents(1)
        self.compare_table.resizeColumnToContents(2)
        self.compare_note.setText(
            self.tr("{folder} · %Ln cases in the golden set · k = {k} for both profiles.", "",
                    comparison["cases"]).format(folder=comparison["folder"],
                                                k=number(comparison["k"])))

    def table_cells(self, table: QTableWidget | None = None) -> list[list[str]]:
        table = table or self.recall_table
        return [[table.item(r, c).text() if table.item(r, c) else ""
                 for c in range(table.columnCount())] for r in range(table.rowCount())]

    # -- export -----------------------------------------------------------------------------
    def _save(self, kind: str) -> None:
        if self.report is None:
            return
        name = f"evaluation-{self.report.profile}-k{self.report.k}.{kind}"
        start = str((self.folder or Path.home()) / name)
        filters = "JSON (*.json)" if kind == "json" else "CSV (*.csv)"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the evaluation results"), start,
                                              filters)
        if not path:
            return
        try:
            (write_json if kind == "json" else write_eval_csv)(self.report, Path(path))
        except OSError as error:
            self.save_note.setText(self.tr("Could not save {path}: {reason}").format(
                path=path, reason=error.strerror or error))
            return
        self.save_note.setText(self.tr("Saved {path}").format(path=path))


__all__ = ["EvalView", "EvalWorker", "default_golden"]
