"""Plumbing every stage shares; imports nothing else from `app`.

- `documents`: what a reader gives (Document → Section → Block, with offsets),
- `chunks`: what the chunker gives (Child, ChunkSettings, the metadata policy),
- `paths`: where the per-user data lives; `bundled`: the models and resources
  that ship inside installed packages; `about`: versions for "About" and
  `--version`; `tokens`: cl100k counts (to compare with Spring AI);
  `child_process`: the worker-process protocol the reader and the model use.

No `__init__` in `app` imports its modules: child processes import one module
each and must start light.
"""
