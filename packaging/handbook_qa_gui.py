"""Entry point of the windowed executable on Windows (`handbook-qa-gui.exe`).

Windows needs a separate executable without a console window for the desktop
app; `handbook-qa.exe` stays the console program (the CLI, and the GUI when run
with no arguments). Linux and macOS use the one executable. This one only
opens the desktop app: `handbook-qa-gui.exe [FOLDER]` = `handbook-qa gui [FOLDER]`.
"""
import sys

import handbook_qa_main

if __name__ == "__main__":
    if sys.argv[1:2] not in (["gui"], [handbook_qa_main.READER_FLAG]):
        sys.argv[1:1] = ["gui"]
    sys.exit(handbook_qa_main.main())
