"""Answers in Russian, Spanish and German with the default answer model (#53).

    python -m benchmarks.guards.answer_languages [--languages ru es de] [--limit 10]
                                                 [--show] [--json]

For each language, the first `limit` held-out questions of #53's man-page
golden sets (resources/golden/man-LL-blind.tsv), asked in that language of
the man pages in that language, indexed with the multilingual embedder as
the app indexes them (the indexes benchmarks.guards.languages keeps in
benchmarks/out/, made when missing). The baseline, from the same run and
the same loaded model: the same questions' English twins on the English
pages, indexed with MiniLM as the app indexes an English folder.

Per batch: answer accuracy (app/evaluation/answer_accuracy.py: the answer
span's content words in the answer), the share of answers written in the
question's language (app/common/language.py on the answer's text; an answer
too short to tell is counted apart), the share with an unsupported fact,
refusals, how often the answer's span was in what the model read, median
first token and whole answer. Then four off-topic
questions per language: how many are refused, and how many of those
refusals are in the question's language. `--show` prints every answer, to
read them one by one (the automatic accuracy is a floor: it misses a right
answer in other words).
"""
from __future__ import annotations

import statistics
import threading

from app.answers.answerer import Answerer, Finished
from app.common.language import UNDETERMINED, detect
from app.evaluation.answer_accuracy import answer_case
from app.llm.catalogue import default_model_path
from app.llm.local import LocalModel
from app.search.retrieval import Searcher
from app.workspace.embedders import ENGLISH, MULTILINGUAL, EmbedderCache
from benchmarks.common import arguments, peak_rss_mib, print_figures
from benchmarks.guards.languages import cases, index

# Off-topic questions, as a user of each language might ask them of a set of
# man pages (written for this benchmark; none is answered there).
OFF_TOPIC = {  # held out: resources/golden/off-topic-LL.txt calibrated e5's threshold
    "ru": ["Сколько дней отпуска положено сотруднику?", "Какой сегодня курс евро?",
           "Как правильно сделать сальто назад?", "Сколько весит взрослый африканский слон?"],
    "es": ["¿Cuántos días de vacaciones tiene un empleado?", "¿A cuánto está hoy el euro?",
           "¿Cómo se hace una voltereta hacia atrás?", "¿Cuánto pesa un elefante africano adulto?"],
    "de": ["Wie viele Urlaubstage hat ein Mitarbeiter?", "Wie steht der Euro heute?",
           "Wie mache ich einen Rückwärtssalto?", "Wie schwer ist ein ausgewachsener Afrikanischer "
           "Elefant?"],
}
BUDGET = 120


def run_batch(answerer: Answerer, batch: list, language: str, show: bool) -> dict:
    results = [answer_case(answerer, case) for case in batch]
    told = [detect(r.answer) for r in results]
    if show:
        for result, said in zip(results, told):
            print(f"[{language}] {'OK ' if result.accurate else '-- '} ({said}) "
                  f"{'read ' if result.span_read else 'unread '}"
                  f"{result.case.question}\n      → {result.answer!r}", flush=True)
    first = [r.first_token_s for r in results if r.first_token_s is not None]
    return {"cases": len(results),
            "accuracy": round(sum(r.accurate for r in results) / len(results), 2),
            "in_language": sum(t == language for t in told),
            "undetermined": sum(t == UNDETERMINED for t in told),
            "with_unsupported": sum(bool(r.unsupported) for r in results),
            "refused": sum(r.refused or bool(r.declined) for r in results),
            "span_read": sum(r.span_read for r in results),
            "first_token_median_s": round(statistics.median(first), 1) if first else None,
            "total_median_s": round(statistics.median(r.total_s for r in results), 1)}


def off_topic(answerer: Answerer, language: str) -> dict:
    refused = in_language = 0
    for question in OFF_TOPIC[language]:
        events = list(answerer.ask(question, cancel=threading.Event()))
        answer = [e for e in events if isinstance(e, Finished)][0].answer
        if answer.refused or answer.declined:
            refused += 1
            in_language += detect(answer.text) == language
    return {"asked": len(OFF_TOPIC[language]), "refused": refused,
            "refused_in_language": in_language}


def measure(languages: list[str], limit: int, show: bool) -> dict:
    embedders = EmbedderCache()
    model = LocalModel(default_model_path())
    model.load()
    figures = {"model": model.name, "languages": {}}
    english_store, _ = index("en", "minilm", BUDGET, embedders)
    english = Answerer(Searcher(english_store, embedders.get(ENGLISH)), model)
    for language in languages:
        store, _ = index(language, "e5", BUDGET, embedders)
        answerer = Answerer(Searcher(store, embedders.get(MULTILINGUAL)), model)
        figures["languages"][language] = {
            language: run_batch(answerer, cases(language, True, language, language)[:limit],
                                language, show),
            "en": run_batch(english, cases(language, True, "en", "en")[:limit], "en", show),
            "off_topic": off_topic(answerer, language)}
        store.close()
    english_store.close()
    figures["peak_rss_mib"] = round(peak_rss_mib())
    return figures


def table(figures: dict) -> str:
    lines = [f"model: {figures['model']}",
             "lang batch | cases | accuracy | in its language (undetermined) | "
             "with unsupported | refused | span read | first token | whole answer"]
    for language, rows in figures["languages"].items():
        for batch in (language, "en"):
            f = rows[batch]
            lines.append(
                f"{language}   {batch:5} | {f['cases']} | {f['accuracy']:.2f} | "
                f"{f['in_language']}/{f['cases']} ({f['undetermined']}) | "
                f"{f['with_unsupported']} | {f['refused']} | {f['span_read']} | "
                f"{f['first_token_median_s']} s | "
                f"{f['total_median_s']} s")
        off = rows["off_topic"]
        lines.append(f"{language}   off-topic: {off['refused']}/{off['asked']} refused, "
                     f"{off['refused_in_language']} of them in {language}")
    lines.append(f"peak memory: {figures['peak_rss_mib']} MiB")
    return "\n".join(lines)


def main() -> None:
    parser = arguments(__doc__, with_json=True)
    parser.add_argument("--languages", nargs="+", default=["ru", "es", "de"])
    parser.add_argument("--limit", type=int, default=10, help="questions per language")
    parser.add_argument("--show", action="store_true", help="print every answer")
    args = parser.parse_args()
    print_figures(measure(args.languages, args.limit, args.show), args.json, table)


if __name__ == "__main__":
    main()
