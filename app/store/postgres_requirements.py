"""What the shared index needs of a PostgreSQL server and role, checked
before anything is written: a schema the role may create tables in, the
`vector` extension (pgvector) in the database or the right to create it,
and a pgvector new enough (docs/shared-index-servers.md).

Each missing thing is a `Problem`: its cause and the statement that fixes
it, with the role's and the database's own names (quoted by the server), so
that one line tells the database's owner or a superuser exactly what to run.
The decision is a plain function of `ServerFacts`, read in one query.
Causes, fixes and the refusal are Saids (app/common/said.py): the window
words them; names, versions and SQL statements are values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from app.common.said import QT_TRANSLATE_NOOP, Said

# HNSW came in pgvector 0.5.0; the store also turns on iterative scans
# (hnsw.iterative_scan, 0.8.0), so that a document filter still returns k.
MIN_PGVECTOR = (0, 8, 0)
MIN_PGVECTOR_TEXT = ".".join(map(str, MIN_PGVECTOR))
PGVECTOR_SITE = "https://github.com/pgvector/pgvector"

FACTS_SQL = """
SELECT quote_ident(current_user) AS role, quote_ident(current_database()) AS database,
       quote_ident(current_schema()) AS schema,
       (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
       coalesce(has_schema_privilege(current_schema(), 'CREATE'), false) AS schema_create,
       has_database_privilege(current_database(), 'CREATE') AS database_create,
       (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS installed,
       (SELECT default_version FROM pg_available_extensions WHERE name = 'vector') AS available,
       coalesce((SELECT trusted FROM pg_available_extension_versions v
                 JOIN pg_available_extensions a ON a.name = v.name
                                               AND a.default_version = v.version
                 WHERE v.name = 'vector'), false) AS trusted,
       current_setting('server_version_num')::int / 10000 AS major
"""
INSTALLED_SQL = "SELECT extversion FROM pg_extension WHERE extname = 'vector'"

INSTALL_THEN_CREATE = QT_TRANSLATE_NOOP("Core", "install {package}, then as a superuser in "
                                                "database {database}: CREATE EXTENSION vector;")
# Joining a refusal's causes and fixes: no words to translate.
BOTH = "{first}; {second}"
NUMBERED = "({number}) {fix}"
FOLLOWED = "{first} {second}"


@dataclass(frozen=True)
class ServerFacts:
    role: str                 # quoted as an identifier, ready for a statement
    database: str             # likewise
    schema: str | None        # where the tables would go, quoted (None: none on the search_path)
    superuser: bool
    schema_create: bool
    database_create: bool
    installed: str | None     # pgvector's version in this database, if created
    available: str | None     # the version CREATE EXTENSION would install, if any
    trusted: bool             # whether a non-superuser may create it
    major: int                # PostgreSQL's major version, for the package name


@dataclass(frozen=True)
class Problem:
    cause: str
    fix: str


def version(text: str | None) -> tuple[int, ...]:
    """pgvector's version as numbers: "0.8.0" -> (0, 8, 0); "0.4.4-dev" -> (0, 4, 4)."""
    return tuple(int(part) for part in re.findall(r"\d+", text or "")[:3])


def too_old(text: str | None) -> bool:
    return version(text) < MIN_PGVECTOR


def _package(facts: ServerFacts) -> str:
    return Said(QT_TRANSLATE_NOOP("Core", "pgvector {minimum} or later on the server (Debian, "
                                          "Ubuntu, apt.postgresql.org: "
                                          "postgresql-{major}-pgvector; the PostgreSQL yum "
                                          "repository: pgvector_{major}; Homebrew: pgvector; or "
                                          "from {site})"),
                minimum=MIN_PGVECTOR_TEXT, major=str(facts.major), site=PGVECTOR_SITE)


def pgvector_problem(facts: ServerFacts) -> Problem | None:
    """Whether pgvector is there, new enough, or may be created by this role."""
    if facts.installed is not None:
        if not too_old(facts.installed):
            return None
        update = (QT_TRANSLATE_NOOP("Core", "as a superuser (or the extension's owner) in "
                                            "database {database}: ALTER EXTENSION vector UPDATE;")
                  if facts.available and not too_old(facts.available) else
                  QT_TRANSLATE_NOOP("Core", "install {package}, then as a superuser (or the "
                                            "extension's owner) in database {database}: ALTER "
                                            "EXTENSION vector UPDATE;"))
        return Problem(
            Said(QT_TRANSLATE_NOOP("Core", "database {database} has pgvector {installed}, and the "
                                           "shared index needs {minimum} or later (HNSW came in "
                                           "0.5.0, iterative scans in 0.8.0)"),
                 database=facts.database, installed=facts.installed, minimum=MIN_PGVECTOR_TEXT),
            Said(update, package=_package(facts), database=facts.database))
    install = Said(INSTALL_THEN_CREATE, package=_package(facts), database=facts.database)
    if facts.available is None:
        return Problem(Said(QT_TRANSLATE_NOOP("Core", "the server has no pgvector (the vector "
                                                      "extension is not installed on it)")),
                       install)
    if too_old(facts.available):
        return Problem(Said(QT_TRANSLATE_NOOP("Core", "the server's pgvector is {available}, and "
                                                      "the shared index needs {minimum} or later "
                                                      "(HNSW came in 0.5.0, iterative scans in "
                                                      "0.8.0)"),
                            available=facts.available, minimum=MIN_PGVECTOR_TEXT),
                       install)
    if facts.superuser or (facts.trusted and facts.database_create):
        return None
    if facts.trusted:
        return Problem(Said(QT_TRANSLATE_NOOP("Core", "the vector extension is not created in "
                                                      "database {database}, and role {role} may "
                                                      "not create it"),
                            database=facts.database, role=facts.role),
                       Said(QT_TRANSLATE_NOOP("Core", "as its owner or a superuser: GRANT CREATE "
                                                      "ON DATABASE {database} TO {role}; (or run "
                                                      "CREATE EXTENSION vector; in it yourself)"),
                            database=facts.database, role=facts.role))
    return Problem(Said(QT_TRANSLATE_NOOP("Core", "the vector extension is not created in "
                                                  "database {database}, and role {role} may not "
                                                  "create it (pgvector is not a trusted "
                                                  "extension: only a superuser can)"),
                        database=facts.database, role=facts.role),
                   Said(QT_TRANSLATE_NOOP("Core", "as a superuser in database {database}: CREATE "
                                                  "EXTENSION vector;"), database=facts.database))


def schema_problem(facts: ServerFacts) -> Problem | None:
    """Whether the role may create the index's tables where they would go."""
    if facts.schema is None:
        return Problem(Said(QT_TRANSLATE_NOOP("Core", "no schema on role {role}'s search_path "
                                                      "exists"), role=facts.role),
                       f"ALTER ROLE {facts.role} SET search_path = public;")  # a statement: data
    if facts.superuser or facts.schema_create:
        return None
    return Problem(
        Said(QT_TRANSLATE_NOOP("Core", "role {role} may not create tables in schema {schema} of "
                                       "database {database} (PostgreSQL 15's default for a role "
                                       "that does not own the database)"),
             role=facts.role, schema=facts.schema, database=facts.database),
        Said(QT_TRANSLATE_NOOP("Core", "as the database's owner or a superuser: GRANT CREATE ON "
                                       "SCHEMA {schema} TO {role}; (or make the role the "
                                       "database's owner: ALTER DATABASE {database} OWNER TO "
                                       "{role};)"),
             role=facts.role, schema=facts.schema, database=facts.database))


def creating_problems(facts: ServerFacts) -> list[Problem]:
    """What stands between this role and a new index in this database."""
    return [found for found in (pgvector_problem(facts), schema_problem(facts)) if found]


def refusal(where: str, problems: list[Problem], *, creating: bool) -> str:
    """One line: every cause, that nothing was written, and every fix."""
    causes = problems[0].cause
    for problem in problems[1:]:
        causes = Said(BOTH, first=causes, second=problem.cause)
    if len(problems) == 1:
        fixes = problems[0].fix
    else:
        numbered = [Said(NUMBERED, number=str(number), fix=problem.fix)
                    for number, problem in enumerate(problems, 1)]
        fixes = numbered[0]
        for fix in numbered[1:]:
            fixes = Said(FOLLOWED, first=fixes, second=fix)
    template = (QT_TRANSLATE_NOOP("Core", "a shared index cannot be made in {where}: {causes}; "
                                          "nothing was written. To fix: {fixes}") if creating else
                QT_TRANSLATE_NOOP("Core", "the shared index cannot be used in {where}: {causes}; "
                                          "the index was not opened. To fix: {fixes}"))
    return Said(template, where=where, causes=causes, fixes=fixes)


def read_facts(value_row) -> ServerFacts:
    """The facts, from `value_row(sql)` returning one row as a dict."""
    return ServerFacts(**value_row(FACTS_SQL))
