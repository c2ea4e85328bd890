"""SIGKILL the indexer at 20 write statements and 8 random moments: the index
must stay sound, never hold a half-indexed document, and resume to the same
index as a clean run. The long run: python tests/stress/kill_harness.py"""
import pytest

from stress.kill_harness import campaign

pytestmark = pytest.mark.slow


def test_kills_leave_a_sound_index_that_resumes_to_a_clean_one(tmp_path, embedder):
    lines = []
    result = campaign(tmp_path, embedder, deterministic=20, randoms=8, seed=1,
                      log=lines.append)
    assert result["deterministic"] == 20 and result["random"] == 8
    assert min(result["totals"].values()) > 20  # kill points really spread over a run
    assert result["failures"] == [], "\n".join(lines)


@pytest.mark.postgres
def test_kills_leave_a_sound_shared_index_that_resumes_to_a_clean_one(tmp_path, embedder,
                                                                      postgres):
    """The same on PostgreSQL: the long run is python tests/stress/pg_kill_harness.py."""
    from stress.pg_kill_harness import campaign as pg_campaign

    lines = []
    result = pg_campaign(tmp_path, embedder, postgres, deterministic=10, randoms=6, seed=1,
                         log=lines.append)
    assert result["deterministic"] == 10 and result["random"] == 6
    assert min(result["totals"].values()) > 10
    assert result["failures"] == [], "\n".join(lines)


@pytest.mark.postgres
def test_kills_of_an_indexer_behind_pgbouncer_leave_a_sound_shared_index(tmp_path, embedder):
    """The same with the indexer (and its resume) going through PgBouncer in
    transaction pooling; a few kills, the long run is
    python tests/stress/pg_kill_harness.py --pgbouncer. A server of its own:
    the campaign names its databases as the one above does."""
    from pg_fixtures import start_pgbouncer, start_server
    from stress.pg_kill_harness import campaign as pg_campaign

    server = start_server()
    lines = []
    try:
        bouncer = start_pgbouncer(server, pool_mode="transaction")
        try:
            result = pg_campaign(tmp_path, embedder, server, deterministic=4, randoms=2,
                                 seed=2, log=lines.append, bouncer=bouncer)
        finally:
            bouncer.stop()
    finally:
        server.stop()
    assert result["deterministic"] == 4 and result["random"] == 2
    assert result["failures"] == [], "\n".join(lines)
