"""Copy the extra dev corpora out of their Debian packages, as shipped.

The PostgreSQL corpus (`build.py`) is converted to Markdown; these are not:
they are the files a user would point the app at, so they exercise the
readers as well as the ranking (Sphinx HTML, AsciiDoc HTML, a groff PDF with
no bookmarks, man pages saved as text). Each corpus is a list of files copied
byte for byte from a pinned package version into `devset/build/<corpus>/`;
the man pages are rendered the way a user saves one (`man tar > tar.txt`),
by the pinned man-db and groff, 80 columns wide, overstrike removed.

Usage: python devset/build_corpora.py [--out DIR] [CORPUS ...]
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "build"


@dataclass(frozen=True)
class Corpus:
    name: str
    package: str
    version: str
    root: str
    files: tuple[str, ...]
    # "copy": the files as shipped; "man": pages by name, rendered as text
    how: str = "copy"
    # the packages each rendered page comes from, with the renderer's own
    sources: tuple[tuple[str, str], ...] = ()
    language: str = ""  # a man page's translation ("de", "ru", "es"); "": English


# The same man pages in English and in the three languages the article is
# published in (issue #53): pages of the Linux man-pages project that
# manpages-l10n translates into all three, with prose, lists and tables.
# Left out as #53 asks: ls, hosts, services and utmp (and wtmp, which is utmp).
L10N_PAGES = ("4 st", "7 uri", "4 console_codes", "7 hier", "4 initrd", "7 charsets", "7 man",
              "5 termcap", "7 boot", "7 suffixes", "7 unicode", "1 intro", "5 host.conf",
              "5 filesystems", "7 ascii", "4 mouse", "5 acct", "4 lp", "7 fifo", "5 charmap",
              "7 units")

HISTORY_CHAPTERS = ("intro", "leaders", "releases", "detailed", "manifesto")

CORPORA = {
    corpus.name: corpus
    for corpus in (
        Corpus(
            "python", "python3.11-doc", "3.11.2-6+deb12u9", "/usr/share/doc/python3.11/html",
            (
                "faq/programming.html", "faq/design.html", "faq/library.html",
                "library/argparse.html", "library/pathlib.html", "library/datetime.html",
                "library/subprocess.html", "library/json.html", "library/re.html",
                "library/sqlite3.html", "library/venv.html", "using/cmdline.html",
                "tutorial/errors.html", "howto/logging.html",
            ),
        ),
        Corpus(
            "git", "git-doc", "1:2.39.5-0+deb12u3", "/usr/share/doc/git-doc",
            (
                "gitfaq.html", "user-manual.html", "git-rebase.html", "git-stash.html",
                "gitignore.html", "git-bisect.html", "gitrevisions.html", "git-reset.html",
                "git-merge.html", "gitattributes.html", "git-clean.html", "githooks.html",
                "git-worktree.html", "git-cherry-pick.html", "gitworkflows.html",
            ),
        ),
        Corpus(
            # The bash man page as groff typeset it: 87 pages, no outline, headings
            # only as bold lines, kerning gaps inside words ("v ariable").
            "bash", "bash-doc", "5.2.15-2", "/usr/share/doc/bash", ("bash.pdf",),
        ),
        Corpus(
            # Eight man pages saved as text: headings in capitals at the margin,
            # options as indented terms, justified lines with doubled spaces,
            # a NAME line and a SEE ALSO list in every page.
            "man", "man-db", "2.11.2-2", "", ("tar", "find", "grep", "ssh", "curl", "less",
                                              "xz", "make"),
            how="man",
            sources=(("groff-base", "1.22.4-10"), ("tar", "1.34+dfsg-1.2+deb12u1"),
                     ("findutils", "4.9.0-4"), ("grep", "3.8-5"),
                     ("openssh-client", "1:9.2p1-2+deb12u6"), ("curl", "7.88.1-10+deb12u14"),
                     ("less", "590-2.1~deb12u2"), ("xz-utils", "5.4.1-1"), ("make", "4.3-4.1")),
        ),
        *(Corpus(f"man-{language or 'en'}", package, version, "", L10N_PAGES, how="man",
                 sources=(("man-db", "2.11.2-2"), ("groff-base", "1.22.4-10")),
                 language=language)
          for language, package, version in (("", "manpages", "6.03-2"),
                                             ("de", "manpages-de", "4.18.1-1"),
                                             ("es", "manpages-es", "4.18.1-1"),
                                             ("ru", "manpages-ru", "4.18.1-1"))),
        # A second kind of document in the same four languages: the Debian
        # project's history as HTML chapters, as the project publishes it
        # translated (its index page is a table of contents: left out).
        *(Corpus(f"history-{language}", "debian-history", "2.28",
                 "/usr/share/doc/debian-history/docs",
                 tuple(f"{chapter}.{language}.html" for chapter in HISTORY_CHAPTERS))
          for language in ("en", "de", "es", "ru")),
    )
}


def installed_version(package: str) -> str | None:
    result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                            capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def render_man(page: str, language: str = "") -> str:
    """A man page as `man PAGE > PAGE.txt` saves it: 80 columns, the
    overstrike that marks bold and underline removed (what `col -b` does).
    `page` may name its section ("7 hier"); `language`, its translation."""
    env = {**os.environ, "MANWIDTH": "80", "LC_ALL": "C.UTF-8", "MAN_KEEP_FORMATTING": ""}
    env.pop("MAN_KEEP_FORMATTING")
    where = ["-L", language] if language else []
    result = subprocess.run(["man", *where, "-P", "cat", *page.split()], capture_output=True,
                            text=True, env=env, check=True)
    return re.sub(r".\x08", "", result.stdout)


def build(corpus: Corpus, out: Path) -> int:
    version = installed_version(corpus.package)
    if version is None:
        print(f"{corpus.name}: package {corpus.package} is not installed; run\n"
              f"  sudo apt-get install {corpus.package}={corpus.version}", file=sys.stderr)
        return 1
    for package, pinned in ((corpus.package, corpus.version), *corpus.sources):
        installed = installed_version(package)
        if installed != pinned:
            print(f"{corpus.name}: {package} {installed or 'not installed'} here, the golden "
                  f"set was written on {pinned}; spans may not match", file=sys.stderr)
    target = out / corpus.name
    if target.exists():
        shutil.rmtree(target)
    size = 0
    for relative in corpus.files:
        if corpus.how == "man":
            destination = target / f"{relative.split()[-1]}.txt"
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_text(render_man(relative, corpus.language), encoding="utf-8")
        else:
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(Path(corpus.root) / relative, destination)
        size += destination.stat().st_size
    print(f"{corpus.name}: {len(corpus.files)} files, {size / 1e6:.1f} MB -> {target}")
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*", metavar="CORPUS", help=f"some of {sorted(CORPORA)} (default: all)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    names = args.corpora or list(CORPORA)
    unknown = sorted(set(names) - set(CORPORA))
    if unknown:
        parser.error(f"unknown corpus {unknown[0]!r}; known: {sorted(CORPORA)}")
    sys.exit(max(build(CORPORA[name], args.out) for name in names))


if __name__ == "__main__":
    main()
