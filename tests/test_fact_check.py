"""The fact check: what counts as the same fact, and what is flagged."""
import pytest

from app.answers.checks.fact_check import CODE, NAME, NUMBER, QUOTE, extract, normalise, unsupported

SOURCES = ["The primary caregiver is entitled to 26 weeks of parental leave, of which the "
           "first 18 weeks are paid at full salary. Leave is booked in HRdesk by 31 March. "
           "The hotel cap in London is GBP 230 per night; Kestrel House has 1,000 desks and "
           "60 percent of them face the harbour. Run `sudo fleetdeck enrol --tenant "
           "quillmoor-prod`, then edit /etc/fleetdeck/agent.conf and set log_level = debug."]


def flagged(answer: str) -> list[tuple[str, str]]:
    return [(f.text, f.kind) for f in unsupported(answer, SOURCES)]


@pytest.mark.parametrize("answer", [
    "The first eighteen weeks are paid at full salary [1].",       # number word
    "Kestrel House has 1000 desks.",                                # no thousands separator
    "Sixty percent of the desks face the harbour.",                 # number word + percent
    "60% of the desks face the harbour.",                           # % for percent
    "Book your leave in HRdesk before 31 March.",                   # a date: number and month
    "Edit /etc/fleetdeck/agent.conf and set log_level = debug.",    # path and identifier
    "Run sudo fleetdeck enrol --tenant quillmoor-prod [1].",        # command, flag, name
    'It says "paid at full salary".',                               # quote, any case
    "Yes. The hotel cap is GBP 230 per night in London.",           # sentence starts
    "[1] Yes, the hotel cap is GBP 230 per night in London.",       # … after a citation
    "The zero-padded hotel cap is GBP 230 per night in London.",    # a word, not a number
    "The hotel cap is GBP 230 per night [1]\nin London, says HRdesk.",  # a line after a marker
    "To book leave:\n1. Open HRdesk.\n2. Ask before 31 March.",     # list numbers
])
def test_facts_the_sources_hold_are_not_flagged(answer):
    assert flagged(answer) == []


@pytest.mark.parametrize("answer, fact", [
    ("The first 20 weeks are paid at full salary.", ("20 weeks", NUMBER)),
    ("The first 18 days are paid at full salary.", ("18 days", NUMBER)),   # wrong unit
    ("The first nineteen weeks are paid.", ("nineteen weeks", NUMBER)),
    ("Kestrel House has 1,500 desks.", ("1,500", NUMBER)),
    ("Book your leave in Workday.", ("Workday", NAME)),
    ("Book it before 31 April.", ("April", NAME)),
    ("Edit /etc/fleetdeck/agent.yaml first.", ("/etc/fleetdeck/agent.yaml", CODE)),
    ("Run sudo fleetdeck enrol --tenant quillmoor-test.", ("quillmoor-test", CODE)),
    ("Run it with --force.", ("--force", CODE)),
    ('It says "paid at double salary".', ("paid at double salary", QUOTE)),
    ("The cap is £250.", ("250", NUMBER)),
    ("A four-week cap of GBP 230.", ("four-week", NUMBER)),          # a number word with its unit
    ("Two-thirds of the desks face the harbour.", ("Two", NUMBER)),  # a quantity still
    ("See [1] Workday for it.", ("Workday", NAME)),
])
def test_a_fact_the_sources_do_not_hold_is_flagged_with_its_offsets(answer, fact):
    found = unsupported(answer, SOURCES)
    assert [(f.text, f.kind) for f in found] == [fact]
    assert answer[found[0].start:found[0].end] == fact[0]


def test_a_number_must_stand_near_the_words_it_is_said_of():
    # 26 is in the sources, but said of weeks of leave, not of desks
    assert flagged("Kestrel House has 26 desks.") == [("26", NUMBER)]


def test_a_number_is_near_its_words_only_inside_one_source():
    """curl(1) given as two sources: `--no-ipv6` ends the first and the
    second's header says "EXIT CODES". "exits with status 6" is not backed
    by a 6 that only stands beside the next source's header."""
    options = "Source [1] (from OPTIONS):\n-6, --ipv6 Disable it again with --no-ipv6."
    codes = "Source [2] (from EXIT CODES):\nThis build of curl has no support for it."
    answer = "curl exits with status 6."
    assert [f.text for f in unsupported(answer, [options, codes])] == ["6"]
    assert unsupported(answer, [options + "\nEXIT CODES: 6 means the host was not found."]) \
        == []


def test_a_possessive_does_not_push_the_word_a_number_is_said_of_away():
    """"a host's health 20 times": the words before 20 are host and health,
    not "s" and health; the code says `host: str, attempts: int = 20`."""
    code = ("def wait_for_health(client, host: str, attempts: int = 20,\n"
            "                    delay_seconds: float = 3.0) -> bool:")
    answer = "Shipit checks a host's health 20 times before giving up."
    assert unsupported(answer, [code]) == []
    assert [f.text for f in unsupported("Shipit checks a host's health 30 times.", [code])] \
        == ["30"]


def test_a_number_with_its_unit_may_be_said_in_the_questions_words():
    """The 1.5B model restates a sentence in the question's words: "By default,
    a checkpoint happens every 5 minutes and when the WAL volume reaches about
    1 GB" from "The default settings are 5 minutes and 1 GB". With its unit the
    number is a fact by itself; another number or another unit is still flagged."""
    sources = ["A checkpoint is begun every checkpoint_timeout seconds, or if max_wal_size "
               "is about to be exceeded. The default settings are 5 minutes and 1 GB, "
               "respectively. max_stack_depth is the safe depth of the stack. The default setting "
               "is two megabytes (`2MB`), which is conservatively small."]
    check = lambda answer: [f.text for f in unsupported(answer, sources)]
    assert check("By default, a checkpoint happens every 5 minutes and when the WAL "
                 "volume reaches about 1 GB.") == []
    assert check("The default max_stack_depth of 2MB is on the safe side.") == []
    assert check("A checkpoint happens every 5 hours.") == ["5 hours"]
    assert check("A checkpoint happens every 7 minutes.") == ["7 minutes"]
    assert check("A checkpoint happens after 5 records.") == ["5"]


def test_a_bare_number_the_sources_hold_is_not_flagged():
    """The bundled model's "The answer is: 10" beside a quote that says "10
    weeks": 10 is in the sources; "answer" says nothing of what it counts.
    (Whether it answers the question is for the quote above it to show.)"""
    assert flagged("The answer is: 26") == []
    assert flagged("According to the handbook, 26.") == []
    assert flagged("The answer is: 27") == [("27", NUMBER)]


def test_a_number_keeps_its_minus_sign_and_a_hyphen_is_no_minus():
    """"-1" turns a limit off where "-5" would set one: a changed or added
    sign is a changed fact. A dropped one is not flagged ("signal 9" for
    "kill -9" is how answers say it). A hyphen after a word or number
    ("UTF-8", "10-20") or opening a list item ("-5 days") is no minus sign;
    the dashes PDFs use as minus signs are one."""
    sources = ["Set idle_timeout to \u20131 to disable it. Files are UTF-8; ports 10-20 "
               "are free. Stop it with kill -9.\n-5 days of notice are needed."]
    check = lambda answer: [f.text for f in unsupported(answer, sources)]
    assert check("Set it to -1 to disable it.") == []
    assert check("Set it to \u22121 to disable it.") == []     # the minus sign, U+2212
    assert check("Set it to -5 to disable it.") == ["-5"]
    assert check("Stop it with kill signal 9.") == []
    assert check("Files are UTF-8 and ports 10-20 are free.") == []
    assert check("5 days of notice are needed.") == []
    assert check("Notice:\n-5 days of notice are needed.") == []
    assert check("Notice:\n-7 days of notice are needed.") == ["7 days"]


def test_citation_markers_and_ordinary_words_are_not_facts():
    facts = extract("Annual leave is generous [1]. Part-time staff get it too [2, 3].")
    assert facts == []


def test_normalisation_of_numbers_case_and_space():
    assert normalise("Eighteen  Weeks,\nor 1,000 DAYS [2]") == "18 weeks, or 1000 days"


def test_a_percentage_is_not_a_number_of_days():
    assert flagged("60 days of the desks face the harbour.") == [("60 days", NUMBER)]


@pytest.mark.parametrize("answer", [
    "Staff book it in HRdesk, e.g. before 31 March, i.e. early.",
    "A full-time and/or part-time caregiver is entitled to 26 weeks.",
    "Twenty-six weeks of parental leave, the U.S. way.",
])
def test_abbreviations_compound_words_and_number_words_are_not_flagged(answer):
    assert flagged(answer) == []


def test_made_up_identifiers_and_names_in_brackets_are_flagged_emphasis_is_not():
    assert flagged("Use x10xtozoo (TMDJGUY) for it.") == [("x10xtozoo", CODE), ("TMDJGUY", NAME)]
    assert flagged("It does NOT pay the first 18 weeks at full salary.") == []
    assert flagged("Steps:\n1) Open HRdesk.\n2) When done, book it.") == []


def test_a_number_the_sources_hold_but_the_first_quote_lacks_is_named():
    """The bundled model answers "The answer is: 10" beside a quote that says
    18: 10 is in the sources (the next sentence), so it is not unsupported,
    but the two disagree and the reader must be told to choose."""
    from app.answers.checks.fact_check import numbers_not_in

    quote = SOURCES[0].split(". ")[0]  # the 26 / 18 weeks sentence
    answer = "The answer is: 1,000 desks. The first 18 weeks are paid in full."
    assert unsupported(answer, SOURCES) == []  # 1,000 is in the sources...
    assert [f.text for f in numbers_not_in(answer, quote)] == ["1,000"]  # ...not in the quote
    assert numbers_not_in("Eighteen weeks [1].", quote) == []  # a number word, in the quote
    flagged = unsupported("You get 99 weeks.", SOURCES)
    assert numbers_not_in("You get 99 weeks.", quote, flagged) == []  # said once, not twice


def test_a_name_the_user_asked_about_is_not_flagged_but_a_number_still_is():
    """The focused prompt gives the model one passage; echoing the question's
    city is not making it up, and the view must not say it may be."""
    passage = ["The per diem is not paid for trips where you return home the same day."]
    question = "What is the per diem for a day in London if work_mem is set?"
    answer = "The per diem for a day in London is 5 days when work_mem is set."
    assert [f.text for f in unsupported(answer, passage, question)] == ["5 days"]
    assert [f.text for f in unsupported(answer, passage)] == ["London", "5 days", "work_mem"]
    asked_number = "Is the per diem 60 EUR a day?"
    assert [f.text for f in unsupported("The per diem is 60 EUR a day.", passage,
                                        asked_number)] == ["60"]


def test_a_command_in_backticks_may_be_put_together_from_the_sources_tokens():
    """The 1.5B model writes the command the sources describe: `set +H` from
    "the +H option to the set builtin". Each piece must be a token of the
    sources on its own; a piece they lack is flagged."""
    sources = ["History expansion can be disabled using the +H option to the set builtin. "
               "If the -n option is supplied, wait waits for a single job. Use -eq for numbers. "
               "The echo builtin prints its arguments."]
    check = lambda answer: [f.text for f in unsupported(answer, sources)]
    assert check("Use `set +H` in your shell.") == []
    assert check("Run `wait -n`.") == []
    assert check("Run `wait -e`.") == ["wait -e"]            # -e only inside -eq
    assert check('Use `echo -n "your text"`.') == ['echo -n "your text"']
    assert check("Use `set -H`.") == ["set -H"]


def test_a_setting_may_be_written_as_the_sources_say_it_in_words():
    """`skipkeys=True` is what "If skipkeys is true" tells the reader to pass;
    a value the sources do not give the name, or one far from it, is flagged."""
    sources = ["If skipkeys is true (default: False), then dict keys that are not of a basic "
               "type are skipped. If ensure_ascii is false, these characters are output "
               "as-is. The indent is true only for pretty output of the whole document here."]
    check = lambda answer: [f.text for f in unsupported(answer, sources)]
    assert check("Pass `skipkeys=True`.") == []
    assert check("Pass `ensure_ascii=False`.") == []
    assert check("Pass `skipkeys=Always`.") == ["skipkeys=Always"]
    assert check("Pass `sort_keys=True`.") == ["sort_keys=True"]
    negated = ["If autocommit is not off, every statement commits."]
    assert [f.text for f in unsupported("Set `autocommit=off`.", negated)] == ["autocommit=off"]
    assert check("Pass `bufsize=-1`.") == ["bufsize=-1"]


def test_a_template_is_found_where_the_sources_fill_its_placeholder():
    """`\\g<name>` is the form of the sources' `\\g<quote>`; a template whose
    fixed part the sources lack is flagged."""
    sources = [r"Ways to reference it: \g<quote> \g<1> \1. Switch with git checkout main."]
    check = lambda answer: [f.text for f in unsupported(answer, sources)]
    assert check(r"Use `\g<name>` in the replacement.") == []
    assert check("Run `git checkout <branch-name>`.") == []
    assert check("Run `git switch <branch-name>`.") == ["git switch <branch-name>"]
    assert check(r"Use `\k<name>`.") == [r"\k<name>"]


def test_a_table_rows_value_is_said_of_the_rows_name():
    """In "Name: smallint; …; Range: -32768 to +32767" the range is
    smallint's however far along the row it stands; another row's value,
    or a row the sentence does not name, is still flagged."""
    table = ["Name: smallint; Storage Size: 2 bytes; Description: small-range integer; "
             "Range: -32768 to +32767\n"
             "Name: integer; Storage Size: 4 bytes; Description: typical choice for integer; "
             "Range: -2147483648 to +2147483647\n"
             "Name: bigint; Storage Size: 8 bytes; Description: large-range integer; "
             "Range: -9223372036854775808 to +9223372036854775807"]
    check = lambda answer: [f.text for f in unsupported(answer, table)]
    assert check("The biggest value a smallint column holds is 32767.") == []
    assert check("An integer column holds up to 2147483647.") == []
    assert check("A bigint column holds up to 2147483647.") == ["2147483647"]
    assert check("The biggest value a smallint column holds is 2147483647.") == ["2147483647"]
    joined = [table[0].replace("\n", " ")]  # rows not on lines of their own: no row to read
    assert [f.text for f in unsupported("An integer column holds up to 2147483647.", joined)] \
        == ["2147483647"]


def test_what_the_user_asks_about_is_no_setting_to_echo():
    """A guess or a premise the question asks about ("…, is it 25 days?",
    'Does it allow "unlimited remote work"?') stays checked when the answer
    takes it as given, and so does the question's number said as the value
    ("is 200" for "above 200")."""
    sources = ["The notice period is 30 days. Remote work is allowed up to two days a week. "
               "max_connections defaults to 100."]
    check = lambda answer, question: [f.text for f in unsupported(answer, sources, question)]
    assert check("The notice period is 25 days.", "What is the notice period? Is it 25 days?") \
        == ["25 days"]
    assert check("Yes, the notice period is 25 days.",
                 "When I resign, is the notice period 25 days?") == ["25 days"]
    assert check('Yes, the policy allows "unlimited remote work".',
                 'Does the policy allow "unlimited remote work"?') == ["unlimited remote work"]
    assert check("The default value of max_connections is 200.",
                 "How do I raise max_connections above 200?") == ["200"]


def test_a_negated_setting_and_a_bare_tag_are_not_backed():
    sources = ["Never run with fsync off in production. If skipkeys isn't true, keys are "
               "checked. Set the charset in the <head> element."]
    check = lambda answer: [f.text for f in unsupported(answer, sources)]
    assert check("Set `fsync=off` to speed up writes.") == ["fsync=off"]
    assert check("Pass `skipkeys=True`.") == ["skipkeys=True"]
    assert check("Add `<blink>` around it.") == ["<blink>"]


def test_code_the_user_asked_about_is_not_flagged_when_echoed():
    """`utcnow()` in the answer is the question's own identifier, not one the
    model made up (kind: code, like work_mem above)."""
    passage = ["The current time in UTC is given by datetime.now(timezone.utc)."]
    question = "Is utcnow() the right call for a UTC-aware datetime?"
    assert unsupported("No: `utcnow()` is naive; use `datetime.now(timezone.utc)`.",
                       passage, question) == []
    assert [f.text for f in unsupported("Use `utcfromtimestamp()`.", passage, question)] == \
        ["utcfromtimestamp()"]


def test_a_phrase_the_user_quoted_is_not_flagged_when_echoed_unless_it_holds_a_number():
    """The error message the user quotes, echoed in the answer, is the user's
    word; a quoted phrase with a number in it is still checked, as a number is."""
    passage = ["Aliases are expanded when a command is read, not when it is executed."]
    question = 'I use an alias on the line that defines it and bash says "command not found". Why?'
    assert unsupported('The "command not found" error comes from the alias not being expanded.',
                       passage, question) == []
    assert [f.text for f in unsupported('Bash says "alias not defined".', passage, question)] == \
        ["alias not defined"]
    asked = 'Does "retry after 30 days" apply?'
    assert [f.text for f in unsupported('Yes, "retry after 30 days" applies.', passage,
                                        asked)] == ["retry after 30 days"]


def test_a_standards_number_is_part_of_its_name():
    """"ISO 8601" names a standard: echoed from the question it is the user's
    word; not in the question, it must be in the sources whole. "divide-by-zero"
    holds no quantity."""
    passage = ["The letter M means months in the date part and minutes in the time part."]
    question = "In an ISO 8601 interval, how do I tell months from minutes?"
    assert unsupported("In an ISO 8601 interval, M in the time part means minutes.",
                       passage, question) == []
    assert [f.text for f in unsupported("Use the ISO 8602 form.", passage, question)] == \
        ["ISO 8602"]
    assert [f.text for f in unsupported("Use the ISO 8601 form.", passage)] == ["ISO 8601"]
    assert unsupported("You can catch divide-by-zero by its code.", passage) == []


def test_a_number_with_its_unit_said_of_something_else_is_still_flagged():
    """A small model's usual invented number is another line's: "25 days" is
    the annual leave, not the notice period. Inside code a number is a fact
    too, and the question holding it does not make it the user's word."""
    sources = ["Annual leave is 25 days per calendar year. The notice period for "
               "employees is 30 days. maintenance_work_mem defaults to 64MB. "
               "Use SET work_mem = '4MB' to change it."]
    check = lambda answer, question="": [f.text for f in unsupported(answer, sources, question)]
    assert check("The notice period is 25 days.") == ["25 days"]
    assert check("The notice period is 30 days.") == []
    assert check("Run `SET work_mem = '64MB'`.") == ["SET work_mem = '64MB'"]
    assert check("The default is `64MB`.", "Is the default work_mem `128MB`?") == []
    assert check("The default is `128MB`.", "Is the default work_mem `128MB`?") == ["128MB"]
    assert check("The per diem is EUR 9.") == ["EUR", "9"]
