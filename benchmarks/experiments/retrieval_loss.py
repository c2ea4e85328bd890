"""Where a golden case's child is lost: segmentation, the vector ranking, BM25 or fusion.

    python -m benchmarks.experiments.retrieval_loss [--set dev|python|git|bash|sample ...]
                                                    [--tune-only] [--misses]

For every case of the chosen sets (indexes in benchmarks/out/, built by
benchmarks.guards.evidence) it finds the children whose text holds the answer span
and reports, per batch: the share with no such child (the span crosses a
child boundary: a segmentation loss), and for the others the best rank of an
answering child in the vector ranking, in BM25 and after fusion (the list the
chunk recall@5 reads). Nothing is tuned here; it tells which stage to fix.
"""
from __future__ import annotations

from collections import Counter

from app.embedding.minilm import MiniLM
from app.evaluation.recall import load_cases, normalise
from app.search.retrieval import SearchSettings, fuse, query_terms
from app.store.sqlite import Store
from benchmarks.common import arguments, batch, built_index, tuned_on
from benchmarks.guards.evidence import SETS

DEEP = 200  # how far down each ranking to look for the answering child
K_SHOWN = 5  # chunk recall@5 reads the first five fused children


def first_rank(ids: list[int], wanted: set[int]) -> int | None:
    return next((rank for rank, chunk_id in enumerate(ids, start=1) if chunk_id in wanted),
                None)


def bucket(rank: int | None) -> str:
    if rank is None:
        return f">{DEEP}"
    return next(label for limit, label in ((1, "1"), (5, "2-5"), (20, "6-20"), (DEEP, f"21-{DEEP}"))
                if rank <= limit)


def diagnose(name: str, embedder: MiniLM) -> list[dict]:
    golden = SETS[name][1]
    out = []
    with Store(built_index(name)) as store:
        children = [(r["id"], normalise(r["text"])) for r in store.rows("SELECT id, text FROM chunks")]
        for tsv, label in golden:
            if not tsv.exists():
                continue
            for case in load_cases(tsv):
                span = normalise(case.answer_span)
                wanted = {cid for cid, text in children if span in text}
                vector = embedder.embed([case.question])[0]
                vec = [cid for cid, _ in store.vector_search(vector, DEEP, None)]
                lex = store.lexical_search(query_terms(case.question), DEEP, None)
                settings = SearchSettings()
                fused = [c.chunk_id for c in fuse(
                    store.vector_search(vector, settings.candidates, None),
                    lex[:settings.candidates], settings)]
                out.append({"batch": batch(label, case.line), "id": case.id,
                            "question": case.question, "span": span,
                            "split": not wanted,
                            "vector": first_rank(vec, wanted) if wanted else None,
                            "bm25": first_rank(lex, wanted) if wanted else None,
                            "fused": first_rank(fused, wanted) if wanted else None})
    return out


def report(rows: list[dict]) -> None:
    for name in sorted({r["batch"] for r in rows}):
        group = [r for r in rows if r["batch"] == name]
        n = len(group)
        split = sum(r["split"] for r in group)
        print(f"\n{name}: {n} cases; span crosses a child boundary: {split}"
              f" ({split / n:.2f})")
        for stage in ("vector", "bm25", "fused"):
            counts = Counter(bucket(r[stage]) for r in group if not r["split"])
            order = ["1", "2-5", "6-20", f"21-{DEEP}", f">{DEEP}"]
            print(f"  {stage:7s}" + "  ".join(f"{b}: {counts.get(b, 0):3d}" for b in order))
        near = sum(1 for r in group if not r["split"] and (r["fused"] or DEEP + 1) > K_SHOWN
                   and (r["vector"] or DEEP + 1) <= 20)
        print(f"  fused rank > {K_SHOWN} though the vector ranking had it in its top 20: {near}")


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--set", nargs="+", default=["python"], choices=sorted(SETS))
    parser.add_argument("--tune-only", action="store_true",
                        help="only the batches the weights may be tuned on")
    parser.add_argument("--misses", action="store_true", help="list the cases fused rank > 5")
    args = parser.parse_args()
    embedder = MiniLM()
    rows = [r for name in args.set for r in diagnose(name, embedder)]
    if args.tune_only:
        rows = [r for r in rows if tuned_on(r["batch"])]
    report(rows)
    if args.misses:
        for r in rows:
            if r["split"] or (r["fused"] or DEEP + 1) > K_SHOWN:
                print(f"{r['batch']}\t{r['id']}\tsplit={r['split']}\tv={r['vector']}\t"
                      f"b={r['bm25']}\tf={r['fused']}\t{r['question']}\t[{r['span']}]")


if __name__ == "__main__":
    main()
