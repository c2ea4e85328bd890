"""Finished experiments: the tuning runs and comparisons that chose a
setting (weights, fusion, prompt shapes, the card's rules, HNSW graphs).
Kept so that their tables in docs/ can be reproduced; nothing depends on
rerunning them. Some read what benchmarks.guards.evidence caches in
benchmarks/out/."""
