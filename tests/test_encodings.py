"""Text files as editors write them: any common encoding is read, and named.

Samples are real sentences in each script, saved the way Windows Notepad,
Word's "Plain text" export or an old Unix editor would save them."""
import os

import pytest

from app.common.documents import ReadError
from app.ingest.readers import read_document
from app.ingest.readers.encoding import decode
from tests.test_readers import check_invariants

SAMPLES = {
    "French": "Politique de congés\n\nLes employés ont droit à vingt-cinq jours de congé payé "
              "par année. Le report des congés non utilisés est limité à cinq jours, à prendre "
              "avant le 31 mars. Le séjour à l'hôtel est plafonné à 180 € par nuit.\n",
    "German": "Reisekosten\n\nÜbernachtungskosten werden bis zu 150 € pro Nacht erstattet. Für "
              "Fahrten mit dem privaten Pkw gilt eine Pauschale von 0,30 € je Kilometer. "
              "Größere Ausgaben müssen vorab genehmigt werden.\n",
    "English": "Travel policy\n\nHotel costs are reimbursed up to £150 per night — receipts "
               "required. “Per diem” rates apply.\n",
    "Russian": "Отпуск\n\nКаждый сотрудник имеет право на двадцать восемь календарных дней "
               "оплачиваемого отпуска в году. Неиспользованный отпуск можно перенести.\n",
    "Polish": "Urlop\n\nKażdy pracownik ma prawo do dwudziestu sześciu dni urlopu wypoczynkowego "
              "w roku. Zaległy urlop należy wykorzystać do końca września.\n",
    "Greek": "Άδεια\n\nΚάθε εργαζόμενος δικαιούται είκοσι ημέρες άδειας μετ' αποδοχών κάθε "
             "χρόνο.\n",
    "Japanese": "休暇規定\n\n社員は毎年二十日の有給休暇を取得できます。未使用の休暇は翌年に五日まで"
                "繰り越すことができます。\n",
}

# (sample, how it is saved, what the library should say)
SAVED = [
    ("French", "cp1252", "Windows-1252"),
    ("German", "cp1252", "Windows-1252"),
    ("English", "cp1252", "Windows-1252"),
    ("Russian", "cp1251", "Windows-1251"),
    ("Russian", "koi8_r", "KOI8-R"),
    ("Polish", "cp1250", "Windows-1250"),
    ("Greek", "cp1253", "Windows-1253"),
    ("French", "utf-8", "UTF-8"),
    ("Japanese", "utf-8-sig", "UTF-8 with BOM"),
    ("Russian", "utf-16", "UTF-16"),          # Notepad's "Unicode": little-endian with a mark
    ("Greek", "utf-32", "UTF-32"),
]


@pytest.mark.parametrize("language, codec, name", SAVED, ids=[f"{s[0]}-{s[1]}" for s in SAVED])
def test_text_in_each_encoding_reads_back_exactly(tmp_path, language, codec, name):
    path = tmp_path / "policy.txt"
    path.write_bytes(SAMPLES[language].encode(codec))
    document = read_document(path)
    assert document.text == SAMPLES[language]
    assert document.encoding == name
    assert SAMPLES[language].split("\n")[2] in document.sections[0].body  # what gets chunked
    check_invariants(document)


def test_utf16_big_endian_with_its_mark(tmp_path):
    path = tmp_path / "policy.txt"
    path.write_bytes(b"\xfe\xff" + SAMPLES["German"].encode("utf-16-be"))
    assert read_document(path).text == SAMPLES["German"]


def test_markdown_saved_as_utf16_keeps_its_structure_and_offsets(tmp_path):
    source = "# Leave\n\nAnnual leave is **25 days**.\r\n\r\n## Carry-over\r\n\r\n- up to 5 days\r\n"
    path = tmp_path / "leave.md"
    path.write_bytes(source.encode("utf-16"))
    document = read_document(path)
    assert document.encoding == "UTF-16"
    assert [s.heading_path for s in document.sections] == [["Leave"], ["Leave", "Carry-over"]]
    assert "\r" not in document.text
    check_invariants(document)


def test_windows_line_endings_in_a_legacy_code_page(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_bytes("Café\r\n\r\nLes congés sont payés à 100 %.\r\n".encode("cp1252"))
    document = read_document(path)
    assert document.text == "Café\n\nLes congés sont payés à 100 %.\n"


@pytest.mark.parametrize("data", [
    bytes(range(1, 256)) * 20,                          # every byte but NUL
    b"\x89PNG\r\n\x1a\n" + bytes(range(1, 256)) * 8,   # an image named .txt
    os.urandom(4000).replace(b"\x00", b"\x01"),         # noise without NUL bytes
    b"plain words\x00and a NUL",
], ids=["all-bytes", "png", "noise", "nul"])
def test_binary_is_still_refused_in_words(data):
    with pytest.raises(ReadError, match="not a text file"):
        decode(data)


def test_a_broken_byte_order_mark_is_named():
    with pytest.raises(ReadError, match="UTF-16 byte-order mark"):
        decode(b"\xff\xfe" + "fine".encode("utf-16-le") + b"\x00\xd8")  # a lone surrogate


@pytest.mark.slow
def test_the_store_keeps_the_encoding_for_the_library(tmp_path, embedder):
    from app.store.sqlite import Store
    from tests.test_indexer import index

    folder = tmp_path / "handbook"
    folder.mkdir()
    (folder / "conges.txt").write_bytes(SAMPLES["French"].encode("cp1252"))
    (folder / "leave.md").write_text("# Leave\n\nAnnual leave is 25 days.\n")
    with Store(tmp_path / "i.sqlite") as store:
        report = index(store, embedder, folder)
        assert report.count("indexed") == 2
        assert store.document("conges.txt")["encoding"] == "Windows-1252"
        assert store.document("leave.md")["encoding"] == "UTF-8"
