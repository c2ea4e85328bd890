"""`handbook-qa`: the command-line front end over the core.

Every command takes `--db` and `--json`. With `--json`, stdout carries exactly
one JSON document; logs and progress go to stderr. The contract is in
DESIGN.md ("Command line contract"): other tools depend on it, keep it stable.
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path

from app import __version__, paths

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_STRICT = 0, 1, 2, 3


def _common_options(top_level: bool) -> argparse.ArgumentParser:
    """Options accepted before and after the command name.

    Below the top level their defaults are suppressed, so `--db X index F`
    is not reset by the sub-command's own default.
    """
    common = argparse.ArgumentParser(add_help=False)
    default = (lambda value: value) if top_level else (lambda value: argparse.SUPPRESS)
    common.add_argument("--db", type=Path, default=default(None),
                        help=f"index file (default: {paths.default_db()})")
    common.add_argument("--json", action="store_true", default=default(False),
                        help="print one JSON document on stdout")
    common.add_argument("-v", "--verbose", action="store_true", default=default(False),
                        help="more logging on stderr")
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common_options(top_level=False)
    parser = argparse.ArgumentParser(prog="handbook-qa", parents=[_common_options(top_level=True)],
                                     description="Ask questions about a local handbook, offline.")
    parser.add_argument("--version", action="version", version=f"handbook-qa {__version__}")
    commands = parser.add_subparsers(dest="command")

    gui = commands.add_parser("gui", parents=[common], help="open the desktop app")
    gui.add_argument("folder", nargs="?", type=Path)

    index = commands.add_parser("index", parents=[common], help="index a handbook folder")
    index.add_argument("folder", type=Path)
    index.add_argument("--profile", choices=("fitted", "spring-default"), default="fitted")
    index.add_argument("--strict", action="store_true",
                       help="refuse any chunk longer than the embedding window (exit 3)")
    index.add_argument("--overlap", type=int, default=0, help="overlap in tokens (default 0)")
    index.add_argument("--budget", type=int, default=None,
                       help="tokens per chunk (default: window - 8); above the window, "
                            "chunks are flagged as truncated")

    commands.add_parser("inspect", parents=[common], help="chunk-health report")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    db = args.db or paths.default_db()
    if args.command in (None, "gui"):
        from app.gui.main import run_gui

        return run_gui(getattr(args, "folder", None), db)
    handler = {"index": cmd_index, "inspect": cmd_inspect}[args.command]
    try:
        return handler(args, db)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except UserError as error:
        return fail(args, str(error))


class UserError(Exception):
    """A problem the user can fix; printed as one line, never a traceback."""


def fail(args, message: str, code: int = EXIT_FAILED) -> int:
    if args.json:
        print(json.dumps({"error": message}))
    print(f"handbook-qa: {message}", file=sys.stderr)
    return code


def emit(args, data: dict, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)


def open_store(db: Path, must_exist: bool = True):
    from app.store import Store, StoreError

    if must_exist and not db.exists():
        raise UserError(f"no index at {db}: run 'handbook-qa index FOLDER' first")
    try:
        return Store(db)
    except StoreError as error:
        raise UserError(str(error)) from error


def load_embedder():
    from app.bundled import ModelMissing
    from app.embedder import Embedder

    try:
        embedder = Embedder()
        embedder.model_path  # verify now, with a clear message, not mid-run
        return embedder
    except ModelMissing as error:
        raise UserError(f"the embedding model is not available: {error}") from error


class ProgressPrinter:
    """One updating line on stderr, at most a few times per second."""

    def __init__(self):
        self.last = 0.0
        self.tty = sys.stderr.isatty()

    def __call__(self, progress) -> None:
        now = time.monotonic()
        if progress.stage != "done" and now - self.last < (0.25 if self.tty else 2.0):
            return
        self.last = now
        eta = f" · ETA {progress.eta_seconds:.0f}s" if progress.eta_seconds is not None else ""
        line = (f"{progress.stage}: {progress.files_done}/{progress.files_total} files · "
                f"{progress.chunks_done} chunks · {progress.chunks_per_second:.1f} chunks/s{eta}")
        end = "\r" if self.tty and progress.stage != "done" else "\n"
        print(line.ljust(78), end=end, file=sys.stderr, flush=True)


def cmd_index(args, db: Path) -> int:
    from app.chunking.chunks import ChunkSettings
    from app.indexer import FAILED, Indexer, IndexSettings

    if not args.folder.is_dir():
        raise UserError(f"{args.folder} is not a folder")
    if args.profile != "fitted":
        raise UserError(f"profile '{args.profile}' is not available yet")
    embedder = load_embedder()
    settings = IndexSettings(profile=args.profile, strict=args.strict,
                             chunking=ChunkSettings.for_window(
                                 embedder.window, budget=args.budget, overlap=args.overlap))
    try:
        settings.chunking.validate()
    except ValueError as error:
        raise UserError(str(error)) from error
    with open_store(db, must_exist=False) as store:
        report = Indexer(store, embedder, settings, on_progress=ProgressPrinter()).run(args.folder)
    emit(args, report.to_json(), _index_summary(report))
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


def cmd_inspect(args, db: Path) -> int:
    from app.health import format_report, health_report
    from app.indexer import log_encodings

    with open_store(db) as store:
        report = health_report(store)
    if args.verbose:
        log_encodings(load_embedder())
    emit(args, report.to_json(), format_report(report))
    return EXIT_OK
