"""The models already on this computer: each application's folders laid out in
tmp_path as that application lays them out, with real GGUF files (links to the
bundled model, and small ones written by tests/ggufgen.py), and the files a
disk really holds: truncated downloads, web pages saved as .gguf, dangling
Ollama blobs, link loops. Nothing here loads a model except the tests marked
slow."""
from __future__ import annotations

import json
import os
import random
import struct
from pathlib import Path

import pytest
from ggufgen import ARRAY, STRING, UINT32, header, model_pairs, string, write_model

from app.llm.gguf_header import GgufError, read_header
from app.llm.discovery import (GIB, HUGGING_FACE, JAN, LLAMA_CPP, LM_STUDIO, OLLAMA,
                                         USER_FOLDER, GPT4ALL, ModelFile, ModelNotFound,
                                         describe, discover, find_model, fits, model_folders,
                                         quantisation_from_name, short_name, suggest,
                                         total_memory)
from app.llm.speeds import measured_speed, record_speed, speeds_file
from app.cli import UserError, main, model_file
from app.common.bundled import answer_model_path

BUNDLED_NAME = "Smollm2 135M 8k Lc100K Mix1 Ep2"  # what SmolLM2's own header says
OLLAMA_LAYER = "application/vnd.ollama.image.model"


def link_bundled(target: Path) -> Path:
    """The bundled ~100 MB model at `target` without copying it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(answer_model_path(), target)
    except OSError:
        target.symlink_to(answer_model_path())
    return target


def ollama_manifest(store: Path, model: str, tag: str, digest: str,
                    namespace: str = "library") -> Path:
    manifest = store / "manifests" / "registry.ollama.ai" / namespace / model / tag
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps({"schemaVersion": 2, "layers": [
        {"mediaType": "application/vnd.ollama.image.template", "digest": "sha256:" + "1" * 64},
        {"mediaType": OLLAMA_LAYER, "digest": digest, "size": 1}]}))
    return manifest


@pytest.fixture
def home(tmp_path) -> Path:
    """A Linux home where every application has left models, as each lays them out."""
    home = tmp_path / "user"
    # GPT4All: files straight in its download folder; an unfinished download beside them
    gpt4all = home / ".local/share/nomic.ai/GPT4All"
    write_model(gpt4all / "Llama-3.2-1B-Instruct-Q4_0.gguf", name="Llama 3.2 1B Instruct",
                file_type=2)
    write_model(gpt4all / "incomplete-Phi-3-mini-instruct.Q4_0.gguf")
    # LM Studio: models/<publisher>/<repository>/<file>, and the older cache folder
    link_bundled(home / ".lmstudio/models/lmstudio-community/SmolLM2-135M-Instruct-GGUF"
                 / "SmolLM2-135M-Instruct.Q4_1.gguf")
    write_model(home / ".cache/lm-studio/models/TheBloke/Mistral-7B-Instruct-v0.2-GGUF"
                / "mistral-7b-instruct-v0.2.Q5_K_M.gguf", name="Mistral 7B Instruct v0.2",
                file_type=17, size_label="7B", context_length=32768)
    # Ollama: a manifest per tag names the blob that is the GGUF file; one names a lost blob
    store = home / ".ollama/models"
    digest = "ab" * 32
    link_bundled(store / "blobs" / f"sha256-{digest}")
    ollama_manifest(store, "smollm2", "135m", f"sha256:{digest}")
    ollama_manifest(store, "ghost", "latest", "sha256:" + "cd" * 32)
    # Hugging Face: snapshots link into blobs/; two revisions share one blob
    repo = home / ".cache/huggingface/hub/models--Qwen--Qwen2.5-0.5B-Instruct-GGUF"
    write_model(repo / "blobs" / ("ef" * 32), name="Qwen2.5 0.5B Instruct", file_type=None,
                architecture="qwen2", context_length=32768)
    for revision in ("1111aaaa", "2222bbbb"):
        snapshot = repo / "snapshots" / revision
        snapshot.mkdir(parents=True)
        (snapshot / "qwen2.5-0.5b-instruct-q8_0.gguf").symlink_to(Path("../../blobs") / ("ef" * 32))
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text("2222bbbb")
    # llama.cpp's cache (-hf downloads, the layout before it moved to the HF cache)
    write_model(home / ".cache/llama.cpp/bartowski_gemma-2-2b-it-GGUF_gemma-2-2b-it-Q4_K_M.gguf",
                name="Gemma 2 2b It", architecture="gemma2", context_length=8192, size_label="2B")
    # Jan: data/llamacpp/models/<id>/model.gguf (0.6+), and the legacy ~/jan/models
    write_model(home / ".config/Jan/data/llamacpp/models/jan-nano/model.gguf", name="Jan Nano",
                architecture="qwen3", context_length=40960, size_label="4B")
    write_model(home / "jan/models/tinyllama-1.1b/tinyllama-1.1b-chat-v1.0.Q4_K_M.gguf",
                name="TinyLlama 1.1B Chat v1.0", size_label="1.1B")
    return home


@pytest.fixture
def mine(tmp_path) -> Path:
    """A folder the user added, with the files a real disk holds."""
    mine = tmp_path / "mine"
    write_model(mine / "base-model.gguf", name="Base 3B", chat_template=False, size_label="3B")
    with open(answer_model_path(), "rb") as source:
        (mine / "truncated.gguf").write_bytes(source.read(100_000))  # inside the vocabulary
    (mine / "notes.gguf").write_text("these are my notes, not a model\n")
    (mine / "download.gguf").write_text("<!DOCTYPE html><html><body>Rate limited</body></html>")
    (mine / "again").symlink_to(mine)  # a folder link back up
    (mine / "a.gguf").symlink_to(mine / "b.gguf")  # a file link loop
    (mine / "b.gguf").symlink_to(mine / "a.gguf")
    return mine


def found(home: Path, *extra: Path, tmp_path: Path | None = None) -> list[ModelFile]:
    root = (tmp_path or home.parent) / "root"  # no /usr/share/ollama from the real machine
    return discover(extra, home=home, env={}, system="Linux", root=root)


def by_label(models: list[ModelFile]) -> dict[str, ModelFile]:
    return {m.label: m for m in models}


# -- finding the files --------------------------------------------------------------

def test_every_applications_models_are_found_with_their_header(home, mine):
    models = by_label(found(home, mine))
    apps = {m.app for m in models.values()}
    assert apps == {GPT4ALL, LM_STUDIO, OLLAMA, HUGGING_FACE, LLAMA_CPP, JAN, USER_FOLDER}

    smol = models["lmstudio-community/SmolLM2-135M-Instruct-GGUF"]
    assert (smol.app, smol.name, smol.architecture, smol.quantisation, smol.context_length,
            smol.chat_template, smol.parameters) == \
        (LM_STUDIO, BUNDLED_NAME, "llama", "Q4_1", 8192, True, "135M")
    assert smol.size_bytes == answer_model_path().stat().st_size and smol.readable

    ollama = models["smollm2:135m"]
    assert ollama.app == OLLAMA and ollama.path.name == "sha256-" + "ab" * 32
    assert ollama.name == BUNDLED_NAME and ollama.context_length == 8192

    qwen = models["Qwen/Qwen2.5-0.5B-Instruct-GGUF"]
    assert qwen.app == HUGGING_FACE and qwen.architecture == "qwen2"
    assert qwen.quantisation == "Q8_0", "no general.file_type: read from the file name"
    assert sum(m.label == qwen.label for m in found(home)) == 1, "one blob, two snapshots: once"

    assert models["Llama-3.2-1B-Instruct-Q4_0"].app == GPT4ALL
    assert models["Llama-3.2-1B-Instruct-Q4_0"].quantisation == "Q4_0"
    mistral = models["TheBloke/Mistral-7B-Instruct-v0.2-GGUF"]
    assert (mistral.app, mistral.quantisation, mistral.context_length, mistral.parameters) == \
        (LM_STUDIO, "Q5_K_M", 32768, "7B")
    gemma = models["bartowski_gemma-2-2b-it-GGUF_gemma-2-2b-it-Q4_K_M"]
    assert (gemma.app, gemma.architecture, gemma.context_length) == (LLAMA_CPP, "gemma2", 8192)
    assert models["jan-nano"].app == JAN and models["jan-nano"].context_length == 40960
    assert models["tinyllama-1.1b"].app == JAN
    base = models["base-model"]
    assert base.app == USER_FOLDER and not base.chat_template and base.readable


def test_files_that_cannot_be_used_are_listed_with_a_reason_in_words(home, mine):
    models = found(home, mine)
    reasons = {m.path.name: m.error for m in models if not m.readable}
    assert "unfinished GPT4All download" in reasons["incomplete-Phi-3-mini-instruct.Q4_0.gguf"]
    assert "truncated" in reasons["truncated.gguf"]
    assert "not a GGUF model file" in reasons["notes.gguf"]
    assert "web page" in reasons["download.gguf"]
    assert "leads back to itself" in reasons["a.gguf"] and "b.gguf" in reasons
    ghost = next(m for m in models if m.label == "ghost:latest")
    assert "not there" in ghost.error and "ollama pull ghost:latest" in ghost.error
    assert len({m.path for m in models}) == len(models), "the folder link back up adds nothing"


def test_a_manifest_that_is_not_ollamas_json_or_points_outside_blobs_is_refused(tmp_path):
    store = tmp_path / "ollama"
    ollama_manifest(store, "evil", "latest", "sha256:../../../../etc/passwd")
    bad = store / "manifests/registry.ollama.ai/library/broken/latest"
    bad.parent.mkdir(parents=True)
    bad.write_text("{not json")
    models = by_label(discover(env={"OLLAMA_MODELS": str(store)}, home=tmp_path / "home",
                               system="Linux", root=tmp_path))
    assert "names no model file" in models["evil:latest"].error
    assert "cannot be read" in models["broken:latest"].error


def test_only_a_few_folders_deep_and_never_hidden_ones(tmp_path):
    mine = tmp_path / "mine"
    write_model(mine / "a/b/c/d/shallow.gguf")
    write_model(mine / "a/b/c/d/e/too-deep.gguf")
    write_model(mine / ".trash/hidden.gguf")
    names = {m.path.name for m in found(tmp_path / "home", mine)}
    assert names == {"shallow.gguf"}


def test_an_unreadable_folder_is_passed_over(tmp_path, monkeypatch):
    mine = tmp_path / "mine"
    write_model(mine / "ok.gguf")
    write_model(mine / "locked/inside.gguf")
    real_scandir = os.scandir

    def scandir(path):  # what chmod 000 does, even for root (who ignores permissions)
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert {m.path.name for m in found(tmp_path / "home", mine)} == {"ok.gguf"}


def test_a_split_model_is_one_entry_with_all_parts_and_a_missing_part_is_named(tmp_path):
    mine = tmp_path / "mine"
    write_model(mine / "big-00001-of-00002.gguf", size=30_000)
    write_model(mine / "big-00002-of-00002.gguf", size=50_000)
    write_model(mine / "lost-00001-of-00003.gguf")
    write_model(mine / "lost-00002-of-00003.gguf")
    models = {m.path.name: m for m in found(tmp_path / "home", mine)}
    assert set(models) == {"big-00001-of-00002.gguf", "lost-00001-of-00003.gguf"}
    assert models["big-00001-of-00002.gguf"].size_bytes == 80_000
    assert "part 3 of 3 (lost-00003-of-00003.gguf) is missing" in \
        models["lost-00001-of-00003.gguf"].error


# -- where each application keeps them ----------------------------------------------

@pytest.mark.parametrize("system, env, expected", [
    ("Linux", {}, {GPT4ALL: ".local/share/nomic.ai/GPT4All", LM_STUDIO: ".lmstudio/models",
                   OLLAMA: ".ollama/models", LLAMA_CPP: ".cache/llama.cpp",
                   HUGGING_FACE: ".cache/huggingface/hub", JAN: ".config/Jan/data/models"}),
    ("Darwin", {}, {GPT4ALL: "Library/Application Support/nomic.ai/GPT4All",
                    LM_STUDIO: ".lmstudio/models", OLLAMA: ".ollama/models",
                    LLAMA_CPP: "Library/Caches/llama.cpp",
                    HUGGING_FACE: ".cache/huggingface/hub",
                    JAN: "Library/Application Support/Jan/data/models"}),
    ("Windows", {"APPDATA": "{home}/AppData/Roaming", "LOCALAPPDATA": "{home}/Local"},
     {GPT4ALL: "Local/nomic.ai/GPT4All", LM_STUDIO: ".lmstudio/models",
      OLLAMA: ".ollama/models", LLAMA_CPP: "Local/llama.cpp",
      HUGGING_FACE: ".cache/huggingface/hub", JAN: "AppData/Roaming/Jan/data/models"}),
])
def test_the_documented_folders_of_each_system(tmp_path, system, env, expected):
    env = {key: value.format(home=tmp_path) for key, value in env.items()}
    folders = model_folders(home=tmp_path, env=env, system=system, root=tmp_path / "root")
    for app, place in expected.items():
        assert tmp_path / place in {f.path for f in folders if f.app == app}, (app, place)
    assert all(f.path.is_relative_to(tmp_path) for f in folders), "only the home, never /"


def test_environment_variables_and_settings_move_the_folders(tmp_path):
    home = tmp_path / "home"
    (home / ".lmstudio").mkdir(parents=True)
    (home / ".lmstudio/settings.json").write_text(json.dumps({"downloadsFolder": "/models/lms"}))
    (home / ".config/nomic.ai").mkdir(parents=True)
    (home / ".config/nomic.ai/GPT4All.ini").write_text("[General]\nmodelPath=/models/gpt4all/\n")
    env = {"OLLAMA_MODELS": "/models/ollama", "LLAMA_CACHE": "/models/llama",
           "HF_HOME": "/models/hf", "XDG_CACHE_HOME": "/cache"}
    paths = {(f.app, str(f.path)) for f in model_folders(home=home, env=env, system="Linux")}
    assert {(LM_STUDIO, "/models/lms"), (GPT4ALL, "/models/gpt4all"), (OLLAMA, "/models/ollama"),
            (LLAMA_CPP, "/models/llama"), (HUGGING_FACE, "/models/hf/hub")} <= paths
    assert not any(app == OLLAMA and path != "/models/ollama" for app, path in paths)
    hub = model_folders(home=home, env={**env, "HF_HUB_CACHE": "/hub"}, system="Linux")
    assert [str(f.path) for f in hub if f.app == HUGGING_FACE] == ["/hub"]
    cache = model_folders(home=home, env={"XDG_CACHE_HOME": "/cache"}, system="Linux")
    assert {str(f.path) for f in cache if f.app in (LLAMA_CPP, HUGGING_FACE)} == \
        {"/cache/llama.cpp", "/cache/huggingface/hub"}


def test_models_under_ollama_models_and_hf_hub_cache_are_found(tmp_path):
    store, hub = tmp_path / "disk/ollama", tmp_path / "disk/hub"
    write_model(store / "blobs" / f"sha256-{'12' * 32}", name="Phi 3 Mini Instruct")
    ollama_manifest(store, "phi3", "mini", "sha256:" + "12" * 32, namespace="someone")
    write_model(hub / "models--org--name/snapshots/abc/name-Q6_K.gguf", file_type=None)
    env = {"OLLAMA_MODELS": str(store), "HF_HUB_CACHE": str(hub)}
    models = by_label(discover(home=tmp_path / "home", env=env, system="Linux", root=tmp_path))
    assert models["someone/phi3:mini"].name == "Phi 3 Mini Instruct"
    assert models["org/name"].quantisation == "Q6_K"


# -- the header ---------------------------------------------------------------------

def test_the_bundled_models_header_is_read_without_loading_it():
    info = read_header(answer_model_path())
    assert (info.version, info.architecture, info.name, info.context_length,
            info.quantisation, info.size_label, info.chat_template) == \
        (3, "llama", BUNDLED_NAME, 8192, "Q4_1", "135M", True)
    assert quantisation_from_name(answer_model_path().name) == info.quantisation


@pytest.mark.slow
def test_the_header_says_what_llama_cpp_reads_from_the_same_file():
    from llama_cpp import Llama

    metadata = Llama(model_path=str(answer_model_path()), vocab_only=True, verbose=False).metadata
    info = read_header(answer_model_path())
    assert info.name == metadata["general.name"]
    assert info.architecture == metadata["general.architecture"]
    assert info.context_length == int(metadata["llama.context_length"])
    assert info.chat_template == bool(metadata.get("tokenizer.chat_template"))


def pair(key: str, kind: int, payload: bytes) -> bytes:
    return string(key) + struct.pack("<I", kind) + payload


HOSTILE = {
    "empty": (b"", "empty"),
    "git-lfs pointer": (b"version https://git-lfs.github.com/spec/v1\noid sha256:ab\n", "LFS"),
    "old ggml": (b"tjgg" + b"\0" * 60, "GGML"),
    "version 1": (b"GGUF" + struct.pack("<III", 1, 0, 0), "version 1"),
    "big-endian": (b"GGUF" + struct.pack(">IQQ", 3, 0, 0), "big-endian"),
    "version 9": (b"GGUF" + struct.pack("<IQQ", 9, 0, 0), "version 9"),
    "tensor count": (b"GGUF" + struct.pack("<IQQ", 3, 2 ** 62, 0), "tensors"),
    "kv count": (b"GGUF" + struct.pack("<IQQ", 3, 0, 2 ** 62), "metadata entries"),
    "ends after the counts": (b"GGUF" + struct.pack("<IQQ", 3, 0, 5), "truncated"),
    "key of 1 TB": (header({}, raw=struct.pack("<Q", 2 ** 40), extra_count=1), "key name"),
    "name of 1 TB": (header({}, raw=pair("general.name", STRING, struct.pack("<Q", 2 ** 40)),
                            extra_count=1), "text value"),
    "vocabulary of 2^40": (header({}, raw=pair("tokenizer.ggml.tokens", ARRAY,
                                               struct.pack("<IQ", STRING, 2 ** 40)),
                                  extra_count=1), "array of"),
    "unknown type": (header({}, raw=pair("x", 99, b""), extra_count=1), "unknown type 99"),
    "nested arrays": (header({}, raw=pair("x", ARRAY, struct.pack("<IQ", ARRAY, 1) * 6),
                             extra_count=1), "nested"),
    "scalar array past the end": (header({}, raw=pair("x", ARRAY,
                                                      struct.pack("<IQ", UINT32, 10 ** 6)),
                                         extra_count=1), "truncated"),
}


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_or_damaged_header_is_an_error_in_words_for_that_file(tmp_path, kind):
    data, words = HOSTILE[kind]
    path = tmp_path / "model.gguf"
    path.write_bytes(data)
    with pytest.raises(GgufError, match=words):
        read_header(path)
    listed = describe(path)
    assert not listed.readable and words in listed.error


def test_a_header_claiming_hundreds_of_megabytes_is_refused_without_reading_them(tmp_path):
    path = tmp_path / "huge.gguf"
    with open(path, "wb") as handle:  # a sparse 300 MB file: costs no disk
        handle.write(header({}, raw=pair("x", STRING, struct.pack("<Q", 200 << 20)),
                            extra_count=1))
        handle.truncate(300 << 20)
    with pytest.raises(GgufError, match="header is larger than 128 MB"):
        read_header(path)


def test_any_damage_to_a_header_is_a_gguf_error_never_another_exception(tmp_path):
    valid = header(model_pairs(vocabulary=20))
    rng = random.Random(19)
    path = tmp_path / "fuzzed.gguf"
    for _ in range(400):
        data = bytearray(valid)
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(4, len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data[:rng.randint(4, len(data))]))
        try:
            read_header(path)
        except GgufError as error:
            assert str(error)


@pytest.mark.parametrize("file_name, expected", [
    ("Llama-3.2-3B-Instruct-Q4_K_M.gguf", "Q4_K_M"), ("qwen2.5-7b-instruct-q8_0.gguf", "Q8_0"),
    ("model.IQ4_XS.gguf", "IQ4_XS"), ("phi-2.fp16.gguf", "F16"), ("gemma-2b-BF16.gguf", "BF16"),
    ("Qwen2-7B.gguf", None), ("model.gguf", None),
])
def test_quantisation_from_the_file_name(file_name, expected):
    assert quantisation_from_name(file_name) == expected


# -- the suggestion -----------------------------------------------------------------

def model(name: str, gigabytes: float, chat: bool = True, error: str | None = None) -> ModelFile:
    return ModelFile(Path(f"/m/{name}.gguf"), USER_FOLDER, name, name=name,
                     size_bytes=int(gigabytes * GIB), chat_template=chat, error=error)


def test_the_suggestion_is_the_largest_instruction_tuned_model_that_fits():
    models = [model("Small-1B-Instruct", 0.8), model("Mid-8B-Instruct", 4.9),
              model("Huge-70B-Instruct", 40), model("Base-13B", 7.0, chat=False),
              model("Broken-8B-Instruct", 4.0, error="truncated")]
    assert suggest(models, 16 * GIB).name == "Mid-8B-Instruct"   # 4.9 × 1.2 + 1 ≤ 11.2
    assert suggest(models, 8 * GIB).name == "Small-1B-Instruct"  # 4.9 × 1.2 + 1 > 5.6
    assert suggest(models, 80 * GIB).name == "Huge-70B-Instruct"    # 40 × 1.2 + 1 ≤ 56
    assert suggest(models, 1 * GIB) is None
    assert suggest([model("Base-13B", 1, chat=False)], 64 * GIB) is None, "no template: never"


def test_an_instruct_name_comes_before_a_larger_model_whose_name_does_not_say_so():
    models = [model("Roleplay-Mix-12B", 6.0), model("Qwen2.5-3B-Instruct", 2.0),
              model("gemma-2-2b-it", 1.6)]
    assert suggest(models, 32 * GIB).name == "Qwen2.5-3B-Instruct"
    assert suggest(models[:1], 32 * GIB).name == "Roleplay-Mix-12B", "a template is enough"


def test_unknown_memory_is_taken_as_8_gib_and_the_machines_memory_is_read():
    assert fits(model("a", 3.5), None) and not fits(model("b", 4.0), None)
    memory = total_memory()
    assert memory is None or memory > 256 * (1 << 20)


def test_the_suggestion_on_the_found_folders(home, mine):
    best = suggest(found(home, mine), 16 * GIB)
    assert best.label == "lmstudio-community/SmolLM2-135M-Instruct-GGUF", \
        "the only real-sized instruction-tuned file (the small test files are ~10 kB)"


# -- a model by name ----------------------------------------------------------------

def test_a_model_is_found_by_file_name_label_or_name_case_insensitively(home, mine):
    models = found(home, mine)
    assert find_model(models, "mistral-7b-instruct-v0.2.q5_k_m.GGUF").label == \
        "TheBloke/Mistral-7B-Instruct-v0.2-GGUF"
    assert find_model(models, "Llama-3.2-1B-Instruct-Q4_0").app == GPT4ALL
    assert find_model(models, "SMOLLM2:135M").app == OLLAMA
    assert find_model(models, "qwen/qwen2.5-0.5b-instruct-gguf").app == HUGGING_FACE
    assert find_model(models, "jan nano").app == JAN
    assert short_name(find_model(models, "smollm2:135m"), models) == "smollm2:135m"


def test_an_ambiguous_unknown_or_unusable_name_is_one_line_naming_the_candidates(home, mine):
    models = found(home, mine)
    with pytest.raises(ModelNotFound) as ambiguous:
        find_model(models, BUNDLED_NAME)  # the LM Studio file and the Ollama blob
    message = str(ambiguous.value)
    assert "matches 2 models" in message and "smollm2:135m (Ollama)" in message
    assert "SmolLM2-135M-Instruct.Q4_1.gguf (LM Studio)" in message and "\n" not in message
    with pytest.raises(ModelNotFound) as unknown:
        find_model(models, "gpt-5")
    assert "no model called 'gpt-5'" in str(unknown.value) and "Jan" in str(unknown.value)
    assert unknown.value.matches == []
    with pytest.raises(ModelNotFound, match="cannot be used: truncated"):
        find_model(models, "truncated.gguf")


def test_ollama_latest_may_be_left_out(tmp_path):
    store = tmp_path / "ollama"
    write_model(store / "blobs" / f"sha256-{'34' * 32}")
    ollama_manifest(store, "llama3.2", "latest", "sha256:" + "34" * 32)
    models = discover(home=tmp_path, env={"OLLAMA_MODELS": str(store)}, system="Linux")
    assert find_model(models, "llama3.2").label == "llama3.2:latest"


# -- measured speeds ----------------------------------------------------------------

def test_a_measured_speed_is_kept_for_that_file_only(tmp_path, isolated_home):
    first = write_model(tmp_path / "a.gguf")
    assert measured_speed(first) is None
    record_speed(first, 12.345)
    assert measured_speed(first) == 12.35
    assert speeds_file().parent == isolated_home
    write_model(first, vocabulary=900)  # replaced by another file under the same name
    assert measured_speed(first) is None


def test_the_reading_speed_is_kept_beside_the_writing_speed(tmp_path, isolated_home):
    """An answer's prompt read cold measures how fast the model reads (what
    Settings' expected wait is made of); one read mostly from the cache
    measures nothing and keeps the figure before."""
    from app.llm.speeds import record_answer_speed

    path = write_model(tmp_path / "a.gguf")
    record_answer_speed(path, {"written_tokens": 11, "writing_s": 1.0, "read_tokens": 400,
                               "reading_s": 4.0})
    assert measured_speed(path) == 10.0 and measured_speed(path, what="reading_per_s") == 100.0
    record_answer_speed(path, {"written_tokens": 21, "writing_s": 1.0, "read_tokens": 12,
                               "reading_s": 0.2})
    assert measured_speed(path) == 20.0, "the newest writing speed"
    assert measured_speed(path, what="reading_per_s") == 100.0, "12 cached-prompt tokens: no measure"
    # one answer read while the machine was busy does not make the estimate
    for seconds in (4.0, 40.0, 4.0):
        record_answer_speed(path, {"written_tokens": 11, "writing_s": 1.0, "read_tokens": 400,
                                   "reading_s": seconds})
    assert measured_speed(path, what="reading_per_s") == 100.0, "the median of the last ones"


def test_a_damaged_speeds_file_is_ignored_and_written_again(tmp_path, isolated_home):
    path = write_model(tmp_path / "a.gguf")
    isolated_home.mkdir(parents=True)
    speeds_file().write_text("{ half a file")
    assert measured_speed(path) is None
    record_speed(path, 3.0)
    assert measured_speed(path) == 3.0


# -- the command line ---------------------------------------------------------------

@pytest.fixture
def machine(home, monkeypatch, tmp_path):
    """The fake home as the real one: the command line reads HOME and the environment."""
    monkeypatch.setenv("HOME", str(home))
    for name in ("LLAMA_CACHE", "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME",
                 "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "APPDATA",
                 "LOCALAPPDATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OLLAMA_MODELS", str(home / ".ollama/models"))  # not /usr/share/ollama
    monkeypatch.setattr("platform.system", lambda: "Linux")
    return home


def run_json(capsys, *argv) -> tuple[int, dict]:
    code = main([*argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_models_lists_each_file_with_its_app_details_speed_and_the_suggestion(machine, mine,
                                                                              capsys):
    smol = machine / ".lmstudio/models/lmstudio-community/SmolLM2-135M-Instruct-GGUF" \
        / "SmolLM2-135M-Instruct.Q4_1.gguf"
    record_speed(smol, 41.5)
    code, listing = run_json(capsys, "models", "--folder", str(mine))
    assert code == 0
    entries = {m["label"]: m for m in listing["models"]}
    entry = entries["lmstudio-community/SmolLM2-135M-Instruct-GGUF"]
    assert entry == {"path": str(smol), "app": "LM Studio",
                     "label": "lmstudio-community/SmolLM2-135M-Instruct-GGUF",
                     "name": BUNDLED_NAME, "size_bytes": smol.stat().st_size,
                     "architecture": "llama", "quantisation": "Q4_1", "context_length": 8192,
                     "chat_template": True, "parameters": "135M", "tokens_per_s": 41.5,
                     "suggested": True, "default": False,
                     "memory_needed_bytes": int(smol.stat().st_size * 1.2) + (1 << 30)}
    assert entries["smollm2:135m"]["tokens_per_s"] is None
    assert entries["base-model"]["app"] == "your folder"
    unreadable = {Path(u["path"]).name: u["reason"] for u in listing["unreadable"]}
    assert "truncated" in unreadable["truncated.gguf"] and "notes.gguf" in unreadable
    # its file name is also the bundled SmolLM2's, listed too: the label is what tells them apart
    assert listing["suggested"] == {"path": str(smol), "name": BUNDLED_NAME,
                                    "model_option": "lmstudio-community/SmolLM2-135M-Instruct-GGUF"}
    assert {"app": "your folder", "path": str(mine), "exists": True} in listing["folders"]
    assert listing["memory_bytes"] is None or listing["memory_bytes"] > 0


def test_models_prints_a_table_the_unusable_files_and_how_to_use_the_suggestion(machine, mine,
                                                                                capsys):
    assert main(["models", "--folder", str(mine)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["NAME", "APP", "SIZE", "MEMORY", "QUANT", "CONTEXT", "CHAT",
                                "SPEED"]
    starred = next(line for line in lines if line.startswith("*"))
    assert BUNDLED_NAME in starred and "LM Studio" in starred and "98 MB" in starred
    assert "Cannot be used:" in out and "notes.gguf" in out
    assert "--model lmstudio-community/SmolLM2-135M-Instruct-GGUF" in out
    default = next(line for line in lines if "bundled, default" in line)
    assert "SmolLM2-135M-Instruct" in default, "without Qwen installed, SmolLM2 answers"


def test_models_with_a_folder_that_does_not_exist_says_so(machine, tmp_path, capsys):
    code, error = run_json(capsys, "models", "--folder", str(tmp_path / "nowhere"))
    assert code == 1 and "is not a folder" in error["error"]


def test_model_option_takes_a_listed_name_or_a_path(machine):
    assert model_file("smollm2:135m").name == "sha256-" + "ab" * 32
    real = str(answer_model_path())
    assert model_file(real) == Path(real)
    assert model_file("/no/such/model.gguf") == Path("/no/such/model.gguf"), \
        "a path that does not exist keeps today's 'does not exist' message"
    with pytest.raises(UserError, match="no model called 'nonexistent'"):
        model_file("nonexistent")
    with pytest.raises(UserError, match="matches 2 models"):
        model_file(BUNDLED_NAME)


def test_ask_with_an_unknown_model_name_fails_in_one_line_before_loading_anything(machine,
                                                                                 capsys):
    code, error = run_json(capsys, "ask", "How many days of leave?", "--model", "gpt-5")
    assert code == 1
    assert error["error"].startswith("no model called 'gpt-5' on this computer; models found:")
    assert "smollm2:135m (Ollama)" in error["error"]


@pytest.mark.slow
def test_ask_by_name_answers_and_its_speed_is_listed_afterwards(machine, sample_index, capsys):
    code, answer = run_json(capsys, "ask", "How many days of annual leave do I get?", "--db",
                            str(sample_index), "--model", "smollm2:135m")
    assert code == 0 and answer["model"] == "sha256-" + "ab" * 32
    assert answer["answer"].strip()
    _, listing = run_json(capsys, "models")
    speed = {m["label"]: m["tokens_per_s"] for m in listing["models"]}["smollm2:135m"]
    assert answer["timings"]["written_tokens"] > 0 and speed > 0
