"""`handbook-qa`: the command-line front end over the core.

Every command takes `--db` and `--json`. With `--json`, stdout carries exactly
one JSON document; logs and progress go to stderr. The contract is in
DESIGN.md ("Command line contract"): other tools depend on it, keep it stable.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sys
import time
from pathlib import Path
from typing import Callable

from app.common import paths

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_STRICT = 0, 1, 2, 3
MODEL_HELP = ("a .gguf model file, or the name of one `handbook-qa models` lists (file name, "
              "model name or label)")


def _common_options(top_level: bool) -> argparse.ArgumentParser:
    """Options accepted before and after the command name.

    Below the top level their defaults are suppressed, so `--db X index F`
    is not reset by the sub-command's own default.
    """
    common = argparse.ArgumentParser(add_help=False)
    default = (lambda value: value) if top_level else (lambda value: argparse.SUPPRESS)
    common.add_argument("--db", type=_location, default=default(None), action=_Locations,
                        help=f"index file (default: {paths.default_db()}), or a shared index "
                             "on PostgreSQL: postgresql://user@host/db or service=NAME; "
                             "search, ask and eval take several (--db A --db B) and ask them "
                             "all at once")
    common.add_argument("--json", action="store_true", default=default(False),
                        help="print one JSON document on stdout")
    common.add_argument("-v", "--verbose", action="store_true", default=default(False),
                        help="more logging on stderr")
    return common


class _Locations(argparse.Action):
    """`--db`, given once or more: the first is `db` (what every command
    reads), all of them `dbs` (search, ask and eval ask them all)."""

    def __call__(self, parser, namespace, value, option_string=None):
        namespace.dbs = [*(getattr(namespace, "dbs", None) or []), value]
        namespace.db = namespace.dbs[0]


SEVERAL = ("search", "ask", "eval")  # the commands that can ask several handbooks


def _location(text: str):
    """`--db`: a file path, or a PostgreSQL connection string (app/store/backends.py)."""
    from app.store.backends import parse_location

    return parse_location(text)


def build_parser() -> argparse.ArgumentParser:
    common = _common_options(top_level=False)
    parser = argparse.ArgumentParser(prog="handbook-qa", parents=[_common_options(top_level=True)],
                                     description="Ask questions about a local handbook, offline.")
    parser.add_argument("--version", action="store_true", help="versions of the app and its models")
    commands = parser.add_subparsers(dest="command")

    gui = commands.add_parser("gui", parents=[common], help="open the desktop app")
    gui.add_argument("folder", nargs="?", type=Path)

    index = commands.add_parser("index", parents=[common], help="index a handbook folder")
    index.add_argument("folder", type=Path)
    index.add_argument("--profile", choices=("fitted", "spring-default"), default="fitted")
    index.add_argument("--embedder", choices=("auto", "english", "multilingual"), default="auto",
                       help="auto (default): MiniLM while every document is in English, "
                            "multilingual-e5-small once one is not; or either one always")
    index.add_argument("--strict", action="store_true",
                       help="refuse any chunk longer than the embedding window (exit 3)")
    index.add_argument("--overlap", type=int, default=0, help="overlap in tokens (default 0)")
    index.add_argument("--budget", type=int, default=None,
                       help="tokens per chunk (default: window - 8); above the window, "
                            "chunks are flagged as truncated")
    index.add_argument("--no-ocr", dest="ocr", action="store_false",
                       help="do not read scanned PDF pages with OCR (they are read by "
                            "default, 1-2 s a page)")
    index.add_argument("--rebuild", action="store_true",
                       help="on a shared index built with other settings: rebuild it with "
                            "these, for everyone (default: stop and say what differs)")
    index.add_argument("--wait", action="store_true",
                       help="on a shared index another indexer is writing: wait for it "
                            "(default: stop at once, saying who it is)")

    commands.add_parser("inspect", parents=[common], help="chunk-health report")

    search = commands.add_parser("search", parents=[common], help="retrieve the sources for a question")
    search.add_argument("question")
    _retrieval_options(search, default_k=None)

    ask = commands.add_parser("ask", parents=[common], help="answer a question with citations")
    ask.add_argument("question")
    ask.add_argument("--model", default=None,
                     help=f"{MODEL_HELP} (default: the most accurate Qwen2.5-Coder installed "
                     "that fits in memory, 1.5B then 0.5B, else the bundled "
                     "SmolLM2-135M-Instruct; `handbook-qa models` marks it)")
    ask.add_argument("--ctx", type=int, default=4096, help="model context size (default 4096)")
    ask.add_argument("--answer-tokens", type=int, default=384,
                     help="most tokens the answer may take (default 384; the focused "
                          "prompt's answers stop at 128)")
    ask.add_argument("--prompt", choices=("evidence", "thorough", "sections"), default="evidence",
                     help="what the model reads: the best evidence (default; quick), the "
                          "best evidence and the text around it (thorough: ~4x the wait), or "
                          "whole sections (for large models)")
    ask.add_argument("--prompt-units", type=int, default=None, metavar="N",
                     help="with --prompt evidence: how many evidence units (default 1)")
    _retrieval_options(ask, default_k=None)

    compare = commands.add_parser(
        "compare", parents=[common],
        help="index a folder with both profiles and compare them on a golden set")
    compare.add_argument("folder", type=Path)
    compare.add_argument("cases", type=Path, help="TSV with question and answer_span columns")
    compare.add_argument("--k", type=int, default=4,
                         help="recall@k for both profiles (default 4, Spring AI's topK)")
    compare.add_argument("--markdown", action="store_true", help="print a Markdown table")

    evaluate = commands.add_parser("eval", parents=[common], help="golden-set retrieval evaluation")
    evaluate.add_argument("cases", type=Path, help="TSV with question and answer_span columns")
    _retrieval_options(evaluate, default_k=5)
    evaluate.add_argument("--answers", action="store_true",
                          help="evaluate whole answers with the real model (evidence@1/@3, "
                               "answer accuracy, unsupported facts, citation precision, times)")
    evaluate.add_argument("--limit", type=int, default=None, metavar="N",
                          help="with --answers: only the first N cases")
    evaluate.add_argument("--model", default=None,
                          help=f"with --answers: {MODEL_HELP} (default: the bundled one)")
    evaluate.add_argument("--ctx", type=int, default=4096, help="with --answers: context size")
    evaluate.add_argument("--prompt", choices=("evidence", "thorough", "sections"),
                          default="evidence",
                          help="with --answers: what the model reads")
    evaluate.add_argument("--prompt-units", type=int, default=None, metavar="N",
                          help="with --answers --prompt evidence: evidence units (default 1)")

    models = commands.add_parser("models", parents=[common],
                                 help="the .gguf models already on this computer")
    models.add_argument("--folder", dest="folders", action="append", type=Path, default=[],
                        metavar="DIR", help="also look in this folder (repeatable)")
    return parser


def _retrieval_options(parser: argparse.ArgumentParser, default_k: int | None) -> None:
    parser.add_argument("--k", type=int, default=default_k,
                        help="results: sections (fitted, default 3) or chunks (spring-default, "
                             "default 4)" if default_k is None else
                             f"recall@k: top-k children and top-k results (default {default_k})")
    parser.add_argument("--in", dest="paths", action="append", default=[], metavar="PATH",
                        help="only documents in this sub-folder or matching this glob "
                             "(repeatable)")
    parser.add_argument("--include-deprecated", action="store_true",
                        help="also search documents marked deprecated: true")
    parser.add_argument("--no-hybrid", action="store_true", help="vector search only, no BM25")
    parser.add_argument("--context-tokens", type=int, default=None, metavar="N",
                        help="cl100k tokens of section text for all results together "
                             "(fitted; default 1800): less answers sooner, finds less")
    parser.add_argument("--folder", dest="handbooks", action="append", type=Path, default=[],
                        metavar="FOLDER",
                        help="ask the index the desktop app keeps of this folder (repeatable; "
                             "with --db too: all of them are asked at once)")


def main(argv: list[str] | None = None, open_gui: Callable | None = None) -> int:
    """Run one command; no command (or `gui`) calls `open_gui(folder, db)`.

    The desktop app is passed in by `app.launch` rather than imported here, so
    the command line never depends on Qt (an import contract checks it).
    """
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--reader-process"]:  # the frozen app runs its own child processes
        import os

        from app.ingest.reader_process import DEFAULT_MEMORY_MB, serve

        serve(int(os.environ.get("HBQA_READER_MEMORY_MB", DEFAULT_MEMORY_MB)))
        return EXIT_OK
    if argv == ["--model-process"]:
        from app.llm.process import serve

        serve()
        return EXIT_OK
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    logging.getLogger("app.ingest.indexer").setLevel(logging.INFO)  # names both encodings at start
    db = args.db or paths.default_db()
    if args.version:
        from app.common.about import versions

        print(json.dumps(versions(), indent=2) if args.json else
              "\n".join(f"{name}: {value}" for name, value in versions().items()))
        return EXIT_OK
    if args.command in (None, "gui"):
        if open_gui is None:
            return fail(args, "the desktop app is started by `handbook-qa` (app.launch), "
                              "not by app.cli", EXIT_USAGE)
        if not isinstance(db, Path):
            return fail(args, "the desktop app connects to a shared index from Settings › "
                              "Shared index (it also needs your copy of the folder): start it "
                              "without --db", EXIT_USAGE)
        return open_gui(getattr(args, "folder", None), db)
    if args.command not in SEVERAL and len(getattr(args, "dbs", None) or []) > 1:
        return fail(args, f"{args.command} works on one index: give --db once "
                          f"(several are for {', '.join(SEVERAL)})", EXIT_USAGE)
    handler = {"index": cmd_index, "inspect": cmd_inspect, "search": cmd_search,
               "ask": cmd_ask, "eval": cmd_eval, "compare": cmd_compare,
               "models": cmd_models}[args.command]
    from app.store.backends import storage_failure
    from app.workspace.embedders import EmbedderUnavailable
    from app.workspace.indexes import NoIndex

    try:
        return handler(args, db)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except (UserError, EmbedderUnavailable) as error:
        return fail(args, str(error))
    except NoIndex as error:
        return fail(args, f"{error}: run 'handbook-qa index FOLDER' first")
    except Exception as error:  # the disk or the server under the index failed mid-command
        message = storage_failure(db, error)
        if message is None:
            raise
        return fail(args, message)


class UserError(Exception):
    """A problem the user can fix; printed as one line, never a traceback."""


def fail(args, message: str, code: int = EXIT_FAILED) -> int:
    if args.json:
        print(json.dumps({"error": message}))
    print(f"handbook-qa: {message}", file=sys.stderr)
    return code


def emit(args, data: dict, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)


class ProgressPrinter:
    """One updating line on stderr, at most a few times per second."""

    def __init__(self):
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, progress) -> None:
        if progress.stage == "waiting":  # the indexer logs who holds the shared index
            return
        if progress.stage == "measuring":  # a few steps, each of up to many minutes: all shown
            print(progress.current.ljust(78), file=sys.stderr, flush=True)
            return
        now = time.monotonic()
        if progress.stage != "done" and now - self.last < (0.25 if self.tty else 2.0):
            return
        self.last = now
        eta = f" · ETA {progress.eta_seconds:.0f}s" if progress.eta_seconds is not None else ""
        rate = (f" · {progress.chunks_per_second:.1f} chunks/s"
                if progress.chunks_per_second or progress.stage != "done" else "")
        line = (f"{progress.stage}: {progress.files_done}/{progress.files_total} files · "
                f"{progress.chunks_done} chunks{rate}{eta}")
        end = "\r" if self.tty and progress.stage != "done" else "\n"
        print(line.ljust(78), end=end, file=sys.stderr, flush=True)


def cmd_index(args, db: Path) -> int:
    from app.common.chunks import ChunkSettings
    from app.ingest.indexer import FAILED, IndexSettings
    from app.store.contract import IndexBusy
    from app.workspace.embedders import EmbedderCache
    from app.workspace.indexes import vector_search_info
    from app.workspace.indexing import index_as_chosen
    from app.workspace.settings import AppSettings

    if not args.folder.is_dir():
        raise UserError(f"{args.folder} is not a folder")

    def index_settings(_, embedder) -> IndexSettings:
        chunking = ChunkSettings.for_embedder(embedder, budget=args.budget, overlap=args.overlap)
        try:
            chunking.validate()
        except ValueError as error:
            raise UserError(str(error)) from error
        return IndexSettings(profile=args.profile, strict=args.strict, ocr=args.ocr,
                             wait_for_writer=args.wait, rebuild_shared=args.rebuild,
                             chunking=chunking)

    try:
        report = index_as_chosen(args.folder, db, EmbedderCache(),
                                 AppSettings(embedder=args.embedder), ProgressPrinter(),
                                 make=index_settings)
    except IndexBusy as error:
        raise UserError(f"{error}; try again when it is done, or wait for it with "
                        "'index --wait'") from error
    vectors = vector_search_info(db)
    emit(args, report.to_json() | {"vector_search": vectors},
         "\n".join([_index_summary(report)] + _vector_summary(vectors)))
    if args.strict and any(f.reason and "the model reads" in f.reason for f in report.failed):
        return EXIT_STRICT
    return EXIT_FAILED if report.count(FAILED) or report.cancelled else EXIT_OK


def _index_summary(report) -> str:
    lines = [f"{report.folder}: {report.count('indexed')} indexed, "
             f"{report.count('unchanged')} unchanged, {report.count('removed')} removed, "
             f"{report.count('failed')} failed · {report.chunks} chunks "
             f"({report.over_window} over the window) · {report.seconds:.1f}s"]
    if report.rebuilt:
        lines.append(f"rebuilt: {report.rebuilt}")
    lines += [f"failed: {f.path}: {f.reason}" for f in report.failed]
    return "\n".join(lines)


def _vector_summary(vectors: dict) -> list[str]:
    """A shared index's HNSW setting, with the recall measured for it."""
    if vectors["method"] != "hnsw":
        return []
    graph = vectors["graph"]
    line = (f"vector search: HNSW (graph m {graph['m']}, ef_construction "
            f"{graph['ef_construction']}) with ef_search {vectors['ef_search']}")
    if vectors["recall_at_20"] is None:
        return [line + " (not measured yet)"]
    line += (f", recall@20 {vectors['recall_at_20']:.3f} against exact search "
             f"(measured at {vectors['measured_children']:,} children)")
    if vectors["recall_at_20"] < vectors["target"]:
        line += (f"; below the target {vectors['target']}: a few of the nearest passages "
                 "can be missed at this size")
    if vectors.get("rebuild_error"):
        line += (f"; a denser graph could not be built ({vectors['rebuild_error']}): the next "
                 "index run tries again")
    return [line]


def cmd_inspect(args, db: Path) -> int:
    from app.evaluation.health import format_report, health_report
    from app.ingest.indexer import log_encodings
    from app.workspace.embedders import checked_embedder
    from app.workspace.indexes import opened_index

    with opened_index(db) as store:
        report = health_report(store)
    if args.verbose:
        log_encodings(checked_embedder())
    emit(args, report.to_json(), format_report(report))
    return EXIT_OK


def search_settings(args):
    from app.search.retrieval import MIN_CONTEXT_TOKENS, SearchSettings

    if args.k is not None and args.k < 1:
        raise UserError("--k must be at least 1")
    if args.context_tokens is not None and args.context_tokens < MIN_CONTEXT_TOKENS:
        raise UserError(f"--context-tokens must be at least {MIN_CONTEXT_TOKENS}")
    budget = {} if args.context_tokens is None else {"context_tokens": args.context_tokens}
    return SearchSettings(results=args.k, hybrid=not args.no_hybrid, paths=args.paths,
                          include_deprecated=args.include_deprecated, **budget)


def asked_indexes(args, db) -> list[tuple[str, object]]:
    """(label, location) of every index the question goes to: each --db and
    the desktop app's index of each --folder; --db's default alone when
    neither is given. Labels name them in citations when there are several."""
    from app.search.several import labels
    from app.store.backends import ServerLocation
    from app.workspace.indexes import app_index

    given = [("shared index" if isinstance(d, ServerLocation) else Path(d).stem, d)
             for d in (getattr(args, "dbs", None) or [])]
    for folder in getattr(args, "handbooks", []):
        if not folder.is_dir():
            raise UserError(f"--folder {folder}: not a folder")
        index = app_index(folder)
        if not index.exists():
            raise UserError(f"--folder {folder}: the desktop app has no index of this folder "
                            f"yet (open it in the app, or run handbook-qa --db {index} index "
                            f"{folder})")
        given.append((folder.resolve().name, index))
    if not given:
        given = [(Path(db).stem if isinstance(db, Path) else str(db), db)]
    return list(zip(labels([name or "index" for name, _ in given]), [d for _, d in given]))


def open_searcher(args, db):
    """The search over every index asked, each with the embedder it was built
    with (app/workspace/searching.py)."""
    from app.workspace.embedders import EmbedderCache
    from app.workspace.searching import open_searcher as searcher_over

    return searcher_over(asked_indexes(args, db), EmbedderCache(), search_settings(args))


def cmd_search(args, db: Path) -> int:
    from app.answers.evidence.confidence import card
    from app.answers.evidence.finder import EvidenceFinder
    from app.search.retrieval import SearchError

    with open_searcher(args, db) as searcher:
        try:
            response = searcher.search(args.question)
        except SearchError as error:
            raise UserError(str(error)) from error
        evidence = EvidenceFinder(searcher.store, searcher.embedder).find(response)
    data = response.to_json()
    data["evidence"] = [e.to_json() for e in evidence]
    data["card"] = card(evidence)
    emit(args, data, _evidence_text(evidence) + "\n\n" + _search_text(response))
    return EXIT_OK


def _evidence_text(evidence: list) -> str:
    """The quote first: what the user reads before any model output. One
    quote as the handbook's answer only when it is likely right
    (app/answers/evidence/confidence.py); else the passages that may answer, as equals."""
    from app.answers.evidence.confidence import NONE, SINGLE, card

    shown = card(evidence)
    if shown == NONE:
        return "No passage looks like an answer to this question."
    if shown == SINGLE:
        best, *others = evidence
        return "\n".join([f"From the handbook:\n{_quote_lines(best)}"] +
                         [f"  also: “{_short(e.text)}” [{e.n}]" for e in others])
    return "Passages that may answer:\n" + "\n".join(
        f"{number}. {_quote_lines(e)}" for number, e in enumerate(evidence, start=1))


def _checked_text(before: list, after: list) -> str:
    """What the answer model's check changed on the card: the first quote
    confirmed, or the passages in a new order ("" when nothing changed)."""
    from app.answers.evidence.confidence import SINGLE, card
    from app.answers.checks.quote_check import BOTH_PICK, reordered

    if card(after) == SINGLE:
        note = after[0].checked_note or BOTH_PICK
        if not reordered(before[:1], after[:1]):
            return f"From the handbook: passage 1. {note}"
        return f"From the handbook:\n{_quote_lines(after[0])}\n{note}"
    if not reordered(before, after):
        return ""
    text = _evidence_text(after)  # "Passages that may answer: …"
    return "After the answer model's check, " + text[0].lower() + text[1:]


def _quote_lines(evidence) -> str:
    """A quote with its reading aid (a table row's "Header: value; …") and citation."""
    from app.answers.prompting.prompt import citation_label

    return "\n".join([f"“{evidence.text}”"] +
                     ([f"    {evidence.context}"] if evidence.context else []) +
                     [f"    {citation_label(evidence.n, evidence)}"])


def _short(text: str, width: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width] + " …"


def _search_text(response) -> str:
    if not response.results:
        return "nothing found"
    blocks = []
    for result in response.results:
        page = f" (p. {result.page})" if result.page else ""
        trace = result.trace()
        blocks.append(f"[{result.rank}] {result.source} › {result.heading}{page}  "
                      f"score {result.score:.4f} · vector #{trace['vector_rank']} · "
                      f"BM25 #{trace['bm25_rank']} · chunks {result.chunk_indexes}\n"
                      + _indent(result.text))
    return "\n\n".join(blocks)


def _indent(text: str, width: int = 600) -> str:
    shown = text if len(text) <= width else text[:width] + " …"
    return "\n".join("    " + line for line in shown.splitlines())


def cmd_eval(args, db: Path) -> int:
    from app.evaluation.recall import CasesError, evaluate, format_report, load_cases
    from app.search.retrieval import SearchError

    try:
        cases = load_cases(args.cases)
    except CasesError as error:
        raise UserError(str(error)) from error
    if args.answers:
        return _eval_answers(args, db, cases)
    with open_searcher(args, db) as searcher:
        try:
            report = evaluate(searcher, cases, args.k, on_progress=_eval_progress)
        except SearchError as error:
            raise UserError(str(error)) from error
    emit(args, report.to_json(), format_report(report))
    return EXIT_OK


def _units(args) -> int | None:
    if args.prompt_units is not None and args.prompt_units < 1:
        raise UserError("--prompt-units must be at least 1")
    return args.prompt_units


@contextlib.contextmanager
def hosted_model(args):
    """(host, model, settings): the answer model --model and --ctx name, in
    its child process, as the desktop app runs it (app/workspace/answering.py)."""
    from app.workspace.answering import ModelHost
    from app.workspace.settings import AppSettings

    settings = AppSettings(model_path=str(model_file(args.model) or ""), n_ctx=args.ctx,
                           prompt=args.prompt)
    if getattr(args, "answer_tokens", None) is not None:
        settings.answer_tokens = args.answer_tokens
    host = ModelHost()
    try:
        with host.using(settings) as model:
            yield host, model, settings
    finally:
        host.close()


def _eval_answers(args, db: Path, cases: list) -> int:
    from app.answers.prompting.prompt import PromptTooLarge
    from app.evaluation.answer_accuracy import evaluate_answers, format_answer_report
    from app.llm.contract import ModelError
    from app.search.retrieval import SearchError
    from app.workspace.answering import build_answerer

    if args.limit is not None:
        cases = cases[:max(args.limit, 0)]
    with hosted_model(args) as (_, model, settings), open_searcher(args, db) as searcher:
        try:
            model.load()
            answerer = build_answerer(searcher, model, settings, _units(args))
            report = evaluate_answers(answerer, cases, on_progress=_eval_progress)
        except (SearchError, ModelError, PromptTooLarge) as error:
            raise UserError(str(error)) from error
    emit(args, report.to_json(), format_answer_report(report))
    return EXIT_OK


def _eval_progress(done: int, total: int) -> None:
    if done == total or done % 10 == 0:
        print(f"evaluating: {done}/{total}", file=sys.stderr, flush=True)


def cmd_ask(args, db: Path) -> int:
    from app.answers.answerer import EvidenceFound, Finished, QuoteChecked, Status, Token
    from app.answers.prompting.prompt import PromptTooLarge
    from app.llm.contract import ModelError
    from app.search.retrieval import SearchError
    from app.workspace.answering import build_answerer

    with hosted_model(args) as (host, model, settings), open_searcher(args, db) as searcher:
        answerer = build_answerer(searcher, model, settings, _units(args))
        try:
            model.load()
            answer, shown, open_line = None, [], False
            for event in answerer.ask(args.question):
                if isinstance(event, Status):
                    if open_line:  # a terminal shows both streams: not on the answer's line
                        print(flush=True)
                        open_line = False
                    print(event.message, file=sys.stderr, flush=True)
                elif isinstance(event, EvidenceFound) and not args.json and event.evidence:
                    shown = event.evidence
                    print(_evidence_text(shown) + "\n", flush=True)
                elif isinstance(event, Token) and not args.json:
                    print(event.text, end="", flush=True)
                    open_line = not event.text.endswith("\n")
                elif isinstance(event, QuoteChecked) and not args.json:
                    changed = _checked_text(shown, event.evidence)
                    if changed:
                        print("\n\n" + changed, flush=True)
                elif isinstance(event, Finished):
                    answer = event.answer
        except (SearchError, ModelError, PromptTooLarge) as error:
            raise UserError(str(error)) from error
        host.record_speed(answer)
    if args.json:
        print(json.dumps(answer.to_json(), ensure_ascii=False, indent=2))
    else:
        print(_sources_text(answer))
    return EXIT_OK


def _sources_text(answer) -> str:
    from app.answers.answerer import declined_text, unanswered_text
    from app.answers.evidence.confidence import shown_as

    if answer.refused:
        return answer.text
    shown = shown_as(answer.evidence)
    lines = []
    for part in answer.unanswered:
        lines += ["", unanswered_text(part)]
    if answer.declined and answer.evidence:
        lines += ["", declined_text(answer.evidence, answer.pointed)]
    if answer.unsupported:
        facts = ", ".join(f"“{f.text}”" for f in answer.unsupported)
        lines += ["", f"Not backed by the sources: {facts}. Check {shown}."]
    if answer.contradicts:
        items = ", ".join(c.said for c in answer.contradicts)
        drew_on = shown if shown == "the quote above" else "the passage it drew on"
        read = "the quote" if shown == "the quote above" else "the passages"
        lines += ["", f"Contradicts {drew_on}: {items}. Read {read} before you rely on the "
                      "answer."]
    if answer.not_in_quote:
        facts = ", ".join(f"“{f.text}”" for f in answer.not_in_quote)
        lines += ["", f"Not in {shown}: {facts}. The model took it from another "
                      "sentence: check which one answers your question."]
    title = "Sources cited:" if answer.cited else \
        "Sources (the answer cites none; matched by the words it shares with them):" \
        if answer.attributed else "Sources consulted (the answer cites none):"
    lines += ["", "", title]
    for citation in answer.citations:
        page = f" (p. {citation['page']})" if citation["page"] else ""
        lines.append(f"  [{citation['n']}] {citation['source']} › {citation['heading']}{page}")
    lines.append(f"({answer.budget} · {answer.model})")
    return "\n".join(lines)


def cmd_compare(args, db: Path) -> int:
    """Both profiles' indexes live next to --db (reused when the folder is unchanged)."""
    from app.evaluation.comparison import compare, format_table
    from app.evaluation.recall import CasesError, load_cases

    if not args.folder.is_dir():
        raise UserError(f"{args.folder} is not a folder")
    try:
        cases = load_cases(args.cases)
    except CasesError as error:
        raise UserError(str(error)) from error
    if not isinstance(db, Path):
        raise UserError("compare builds an index of each profile next to --db: "
                        "give it a file, not a shared index")
    from app.workspace.embedders import checked_embedder

    embedder = checked_embedder()
    base = db.with_suffix("")
    result = compare(args.folder.resolve(), cases, args.k, embedder,
                     db_for=lambda profile: Path(f"{base}-{profile}.sqlite"),
                     on_progress=lambda message: print(message, file=sys.stderr, flush=True))
    emit(args, result, format_table(result, markdown=args.markdown))
    return EXIT_OK


def model_file(value: str | None) -> Path | None:
    """`--model`: a file, or the name of a model `handbook-qa models` lists.

    An existing path is used as it is; anything else is looked up among the
    models found. A value no model matches is passed on as a path when it
    looks like one (it then gets the usual "does not exist" message);
    otherwise, or when it matches several files, the error names the
    candidates."""
    if value is None:
        return None
    path = Path(value).expanduser()
    if path.exists():
        return path
    from app.llm.discovery import ModelNotFound, discover, find_model, packaged_models

    try:
        return find_model(packaged_models() + discover(), value).path
    except ModelNotFound as error:
        if not error.matches and len(path.parts) > 1:  # a path, not a name
            return path
        raise UserError(str(error)) from error


def cmd_models(args, db: Path) -> int:
    """The .gguf files in other applications' folders (and --folder), read from
    their headers without loading them; the index (`db`) is not used."""
    from app.llm.discovery import (USER_FOLDER, Folder, discover, model_folders,
                                             packaged_models, suggest, total_memory)

    for folder in args.folders:
        if not folder.is_dir():
            raise UserError(f"{folder} is not a folder")
    folders = model_folders() + [Folder(USER_FOLDER, folder) for folder in args.folders]
    found = discover(folders=folders)
    memory = total_memory()
    best = suggest(found, memory)  # among the user's own: the packaged ones are listed first
    models = packaged_models() + found
    emit(args, _models_json(models, best, memory, folders),
         _models_text(models, best, memory))
    return EXIT_OK


def _models_json(models: list, best, memory: int | None, folders: list) -> dict:
    from app.llm.discovery import memory_needed, short_name
    from app.llm.speeds import measured_speed

    listed = []
    for model in (m for m in models if m.readable):
        entry = model.to_json()
        del entry["error"]
        entry.update(tokens_per_s=measured_speed(model.path), suggested=model is best,
                     default=model.path == default_model_file(),
                     memory_needed_bytes=memory_needed(model))
        listed.append(entry)
    return {"models": listed,
            "unreadable": [{"path": str(m.path), "app": m.app, "label": m.label,
                            "reason": m.error} for m in models if not m.readable],
            "suggested": None if best is None else
            {"path": str(best.path), "name": best.name, "model_option": short_name(best, models)},
            "memory_bytes": memory,
            "folders": [{"app": f.app, "path": str(f.path), "exists": _is_folder(f.path)}
                        for f in folders]}


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _models_text(models: list, best, memory: int | None) -> str:
    from app.llm.discovery import PACKAGED, short_name

    # set-up's own models are always listed, installed or not: "none found" is
    # about the other applications' folders, when nothing at all can be used
    if all(m.app == PACKAGED and not m.readable for m in models):
        return ("No .gguf models found in the folders of GPT4All, LM Studio, Ollama, "
                "llama.cpp, the Hugging Face cache or Jan (--json lists them); add one with "
                "--folder DIR.")
    lines = _models_table([m for m in models if m.readable], best)
    unreadable = [m for m in models if not m.readable]
    if unreadable:
        lines += ["", "Cannot be used:"]
        lines += [f"  {m.path} ({_where(m)}): {m.error}" for m in unreadable]
    memory_text = f"{memory / 1e9:.1f} GB" if memory else "8 GiB (assumed)"
    lines.append("")
    if best is None:
        lines.append(f"None of other applications' models is suggested: none is an "
                     f"instruction-tuned model (with a chat template) that fits in "
                     f"{memory_text} of memory; without --model, ask uses the default "
                     "(marked \"default\"; --model NAME picks one listed above, by the name "
                     "under it).")
    else:
        lines += [f"Suggested (*): {best.name} (the largest instruction-tuned model that "
                  f"fits in {memory_text} of memory):",
                  f"  handbook-qa ask \"QUESTION\" --model {_quoted(short_name(best, models))}"]
    return "\n".join(lines)


def _models_table(readable: list, best) -> list[str]:
    """One row per model, columns aligned, each followed by the file's path."""
    from app.llm.discovery import PACKAGED, memory_needed
    from app.llm.speeds import measured_speed

    default = default_model_file()
    rows = [("", "NAME", "APP", "SIZE", "MEMORY", "QUANT", "CONTEXT", "CHAT", "SPEED")]
    for model in readable:
        speed = measured_speed(model.path)
        app = f"{model.app}, default" if model.path == default else model.app
        rows.append(("*" if model is best else "", _short(model.name, 44), app,
                     _size_text(model.size_bytes), _size_text(memory_needed(model)),
                     model.quantisation or "?",
                     str(model.context_length or "?"), "yes" if model.chat_template else "no",
                     f"{speed:.1f} tok/s" if speed else "-"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    aligned = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
    lines = aligned[:1]
    for line, model in zip(aligned[1:], readable):
        label = "" if model.label in str(model.path) else f"{model.label}  "  # Ollama's tag
        if model.app == PACKAGED:  # set-up's own: the name --model takes
            label = f"--model {model.label}  "
        lines += [line, f"      {label}{model.path}"]
    return lines


def default_model_file() -> Path | None:
    """The file `ask` uses without --model (None when there is none at all)."""
    from app.llm.catalogue import default_model_path
    from app.common.bundled import ModelMissing

    try:
        return default_model_path()
    except ModelMissing:
        return None


def _where(model) -> str:
    return model.app if model.label in str(model.path) else f"{model.app}, {model.label}"


def _size_text(size: int) -> str:
    return f"{size / 1e9:.1f} GB" if size >= 1e9 else f"{size / 1e6:.0f} MB"


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)
