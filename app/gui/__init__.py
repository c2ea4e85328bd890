"""The desktop app (PySide6): a thin front end over the Qt-free core in `app`."""
