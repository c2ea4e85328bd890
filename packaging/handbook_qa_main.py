"""Entry point of the frozen app (PyInstaller): one executable, `handbook-qa`.

Everything goes to `app.launch:main`, exactly like the console script: no
arguments opens the desktop app; `index`/`search`/`ask`/`inspect`/`eval`/
`compare`/`gui` and `--version` work as on the command line; and
`--reader-process`, which the indexer's file-reading child is started with
when frozen (a frozen app has no `python -m`; see app/common/child_process.py), is
handled there too.

One entry of its own, for the frozen folder only: `--bundle-check [PNG]`
(packaging/bundle_check.py) proves that the bundled native parts load (Qt,
pdfium, the models, sqlite-vec, tiktoken's data).
"""
import sys

READER_FLAG = "--reader-process"
CHECK_FLAG = "--bundle-check"


def main() -> int:
    if sys.argv[1:2] == [CHECK_FLAG]:
        import bundle_check

        return bundle_check.run(sys.argv[2:])
    from app.launch import main as cli_main

    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
