"""The benchmarks behind the figures the README and docs/ quote (speed,
memory, recall, accuracy), each printed beside a baseline from the same run:
rerun one when a change may move its figure, and update the doc with it."""
