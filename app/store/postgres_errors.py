"""What a PostgreSQL error met while using the shared index means, in one
line a user can act on: which server, what went wrong, what to do next
(a TLS certificate that did not verify, a pooler's refusal, a login, a
database that is not UTF8). Each is a Said (app/common/said.py): the window
words it in its language; the server's own words are a value.
"""
from __future__ import annotations

import re

from app.common.said import QT_TRANSLATE_NOOP, Said
from app.store.postgres_uri import UNREADABLE

ENCODING_FIX = "CREATE DATABASE handbook ENCODING 'UTF8' TEMPLATE template0"


def server_message(where: str, error: Exception) -> str:
    """What a PostgreSQL error met while using the shared index means, in words."""
    import psycopg
    from psycopg import errors

    if isinstance(error, psycopg.ProgrammingError) and getattr(error, "sqlstate", None) is None:
        # libpq could not read the address: its message quotes the address,
        # which may hold a password, so it is not repeated.
        return UNREADABLE
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    def said(template: str) -> Said:
        return Said(template, where=where, text=text)

    if isinstance(error, errors.InsufficientPrivilege):
        return said(QT_TRANSLATE_NOOP("Core", "the shared index {where} is read-only for this user "
                                              "({text}); indexing needs the role that maintains "
                                              "it"))
    if isinstance(error, (errors.ReadOnlySqlTransaction,)):
        return said(QT_TRANSLATE_NOOP("Core", "the shared index {where} is read-only here "
                                              "({text})"))
    if isinstance(error, errors.QueryCanceled):  # the window's statement limit
        return said(QT_TRANSLATE_NOOP("Core", "the shared index server {where} took too long to "
                                              "answer ({text}); try again, or ask its maintainer "
                                              "whether it is overloaded"))
    if isinstance(error, errors.DiskFull):
        return said(QT_TRANSLATE_NOOP("Core", "the server holding the shared index {where} is out "
                                              "of disk space ({text})"))
    if isinstance(error, psycopg.OperationalError):
        lowered = text.lower()
        if "unsupported startup parameter" in lowered:  # PgBouncer
            return said(QT_TRANSLATE_NOOP(
                "Core", "the connection pooler in front of {where} refused a setting of the "
                "address ({text}); take it out of the address, or add it to "
                "ignore_startup_parameters in pgbouncer.ini"))
        if "statement pooling" in lowered:  # PgBouncer's pool_mode = statement
            return said(QT_TRANSLATE_NOOP(
                "Core", "the connection pooler in front of {where} pools single statements "
                "({text}), and the shared index is written and read in transactions: give its "
                "database pool_mode = transaction (or session) in pgbouncer.ini"))
        if "query_wait_timeout" in lowered or "no more connections allowed" in lowered:
            return said(QT_TRANSLATE_NOOP(
                "Core", "the connection pooler in front of {where} had no server connection "
                "free ({text}); an indexing run needs two at once: raise its default_pool_size "
                "(pgbouncer.ini), or try again when it is less busy"))
        refusal = _tls_refusal(where, error, text)
        if refusal is not None:
            return refusal
        if "password" in lowered or "authentication" in lowered:
            return said(QT_TRANSLATE_NOOP(
                "Core", "the server refused the login to {where} ({text}); the app stores no "
                "passwords: put it in ~/.pgpass, a service file or PGPASSWORD"))
        if "does not exist" in lowered:
            return Said("{where}: {text}", where=where, text=text)  # no words of ours
        if "certificate" in lowered or "host name" in lowered or "root cert" in lowered:
            return said(QT_TRANSLATE_NOOP(
                "Core", "the shared index server {where} did not prove who it is ({text}); check "
                "the certificate authority (sslrootcert) and the host name in the address"))
        return said(QT_TRANSLATE_NOOP("Core", "the shared index server {where} does not answer "
                                              "({text}); is it running, and is the address "
                                              "right?"))
    return said(QT_TRANSLATE_NOOP("Core", "the shared index {where} could not be used ({text})"))


def _tls_refusal(where: str, error: Exception, text: str) -> str | None:
    """sslmode=verify-ca/verify-full refused the server (libpq's words matched):
    which check failed, and what to do, in one line; None for anything else."""
    given = _connection_option(error, "sslrootcert")
    missing = re.search(r'root certificate file "([^"]*)" does not exist', text)
    if missing:
        template = (QT_TRANSLATE_NOOP(
            "Core", "the root certificate file {file} (sslrootcert in the address of {where}) "
            "does not exist, so the server's certificate cannot be checked; point sslrootcert "
            "at your team's CA file (the certificate authority that signed the server's "
            "certificate)") if given else QT_TRANSLATE_NOOP(
            "Core", "the root certificate file {file} (libpq's default, as the address of "
            "{where} names no sslrootcert) does not exist, so the server's certificate cannot "
            "be checked; point sslrootcert at your team's CA file (the certificate authority "
            "that signed the server's certificate)"))
        return Said(template, file=missing.group(1), where=where)
    if "certificate verify failed" in text:
        if given:
            return Said(QT_TRANSLATE_NOOP(
                "Core", "the shared index server {where} did not prove who it is: its "
                "certificate could not be verified against the root certificate {rootcert} "
                "({text}); point sslrootcert at your team's CA file (the certificate authority "
                "that signed the server's certificate)"), where=where, rootcert=given, text=text)
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the shared index server {where} did not prove who it is: its certificate "
            "could not be verified against the root certificate libpq's default "
            "~/.postgresql/root.crt ({text}); point sslrootcert at your team's CA file (the "
            "certificate authority that signed the server's certificate)"), where=where,
            text=text)
    named = re.search(r'server certificate for "[^"]*".* does not match host name "([^"]*)"',
                      text)
    if named:
        return Said(QT_TRANSLATE_NOOP(
            "Core", "the shared index server {where} did not prove who it is: its certificate "
            "does not name the host {host} ({text}); connect by a name the certificate has (its "
            "subjectAltName), or ask the server's maintainer for a certificate that names this "
            "one"), where=where, host=named.group(1), text=text)
    return None


def _connection_option(error: Exception, keyword: str) -> str | None:
    """A setting of the connection attempt that failed (libpq's, defaults included)."""
    try:
        options = error.pgconn.info  # type: ignore[attr-defined]
    except Exception:  # no connection attempt behind the error, or already freed
        return None
    for option in options:
        if option.keyword.decode() == keyword and option.val:
            return option.val.decode(errors="replace")
    return None


def encoding_refusal(where: str, encoding: str, indexed: bool) -> str:
    """Why a database that is not UTF8 is not used, and the fix, in one line."""
    fix = Said(QT_TRANSLATE_NOOP("Core", "create a UTF8 database ({statement}; template0, as "
                                         "template1 may have another encoding) and give that "
                                         "one as --db"), statement=ENCODING_FIX)
    unchecked = encoding.upper() == "SQL_ASCII"
    if indexed:
        template = (QT_TRANSLATE_NOOP(
            "Core", "the shared index {where} was written into a database with encoding "
            "{encoding}, which stores bytes unchecked, so text cannot be read back as written "
            "and the word index cuts non-ASCII words apart: it is not used, and nothing in it "
            "was changed. To fix: {fix}, and index the folder into it (then drop this "
            "database)") if unchecked else QT_TRANSLATE_NOOP(
            "Core", "the shared index {where} was written into a database with encoding "
            "{encoding}, which cannot hold every character a handbook may contain: it is not "
            "used, and nothing in it was changed. To fix: {fix}, and index the folder into it "
            "(then drop this database)"))
    else:
        template = (QT_TRANSLATE_NOOP(
            "Core", "the database of {where} has encoding {encoding}, which stores bytes "
            "unchecked, so text cannot be read back as written and the word index cuts "
            "non-ASCII words apart; the shared index needs UTF8 and nothing was written. To "
            "fix: {fix}") if unchecked else QT_TRANSLATE_NOOP(
            "Core", "the database of {where} has encoding {encoding}, which cannot hold every "
            "character a handbook may contain; the shared index needs UTF8 and nothing was "
            "written. To fix: {fix}"))
    return Said(template, where=where, encoding=encoding, fix=fix)
