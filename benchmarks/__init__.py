"""The benchmarks, run from the repository root as modules
(`.venv/bin/python -m benchmarks.guards.search`): `guards/` measure the
figures the README and docs/ quote, each beside a baseline from the same run,
and are rerun when those figures may move; `experiments/` are finished
tuning runs and comparisons, kept so that their tables in docs/ can be
reproduced; `common.py` holds what several of them share. docs/benchmarks.md
lists them with what each measures."""
