"""Handbook QA: ask questions about a local handbook folder, fully offline."""
import os as _os

__version__ = "0.1.0"

# ONNX Runtime (1.29+) uploads usage telemetry from Linux and macOS unless this
# is set before it initialises: the offline test caught DNS lookups of
# mobile.events.data.microsoft.com. Both spellings are honoured by releases.
for _name in ("ORT_DISABLE_TELEMETRY", "ORT_TELEMETRY_DISABLED"):
    _os.environ.setdefault(_name, "1")
