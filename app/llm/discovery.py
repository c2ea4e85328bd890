"""The .gguf models already on this computer, and which one to suggest.

Only the folders where GPT4All, LM Studio, Ollama, llama.cpp, the Hugging
Face hub and Jan keep their models (per operating system, with the settings
and environment variables that move them), plus folders the user adds, are
looked at; never the whole disk. Each is searched a few folders deep, with a
cap on the entries read; links are followed (model folders are often links to
another drive), each real folder once, so a link loop ends. What a file is
comes from its GGUF header (`gguf_header`): nothing is loaded and nothing is
fetched. A file that cannot be used is listed with the reason, in words.

The environment is a parameter (`home`, `env`, `system`, `root`) so tests can
lay out each application's folders in a temporary directory.
"""
from __future__ import annotations

import errno
import json
import logging
import os
import platform
import re
import sys
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping

from app.common.said import QT_TRANSLATE_NOOP, Said, message_of
from app.llm.gguf_header import GgufError, read_header

log = logging.getLogger(__name__)

# Product names stay as they are; the user's own folders are named in words,
# which the window words in its language (app/gui/words.py).
GPT4ALL, LM_STUDIO, OLLAMA, LLAMA_CPP, HUGGING_FACE, JAN, USER_FOLDER = (
    "GPT4All", "LM Studio", "Ollama", "llama.cpp", "Hugging Face", "Jan",
    Said(QT_TRANSLATE_NOOP("Core", "your folder")))
FILES, OLLAMA_STORE, HUB_CACHE = "files", "ollama", "hub"   # how a folder is laid out

MAX_DEPTH = 4             # folders below a root (Jan: provider/model/file; LM Studio: 2)
MAX_ENTRIES = 20_000      # directory entries read per root, so a huge folder stays quick
MAX_SMALL_FILE = 1 << 20  # a manifest or a settings file
MAX_PARTS = 1_000         # of a split model (name-00001-of-00003.gguf)
GIB = 1 << 30

OLLAMA_MODEL_LAYER = "application/vnd.ollama.image.model"
OLLAMA_REGISTRY, OLLAMA_LIBRARY = "registry.ollama.ai", "library"
DIGEST = re.compile(r"^sha256[:-]([0-9a-f]{64})$")
SPLIT = re.compile(r"^(?P<stem>.+)-(?P<part>\d{5})-of-(?P<parts>\d{5})\.gguf$", re.IGNORECASE)
QUANT_IN_NAME = re.compile(r"(?<![A-Za-z0-9])(I?Q[1-8](?:_[A-Z0-9]{1,3}){0,3}|BF16|FP16|F16|F32"
                           r"|TQ[12]_0|MXFP4)(?![A-Za-z0-9])", re.IGNORECASE)
PARAMETERS_IN_NAME = re.compile(r"(?<![A-Za-z0-9.])((?:\d+x)?\d+(?:\.\d+)?[BM])(?![A-Za-z0-9])",
                                re.IGNORECASE)
INSTRUCT_IN_NAME = re.compile(r"instruct|chat|assistant|(?<![a-z])it(?![a-z])", re.IGNORECASE)


@dataclass(frozen=True)
class Folder:
    """A place to look: which application keeps models there, and how."""

    app: str
    path: Path
    layout: str = FILES


@dataclass(frozen=True)
class ModelFile:
    """One model file as its header describes it; `error` says why it cannot be used."""

    path: Path                      # as found (an HF snapshot link, an Ollama blob…)
    app: str                        # the application whose folder holds it
    label: str                      # that application's name for it: "org/repo", "llama3.2:3b"
    name: str = ""                  # general.name, else the label
    size_bytes: int = 0             # all parts of a split model together
    architecture: str | None = None
    quantisation: str | None = None  # "Q4_K_M"… from general.file_type, else the file name
    context_length: int | None = None  # the training context, `<arch>.context_length`
    chat_template: bool = False     # instruction-tuned models carry one; the app needs it
    parameters: str | None = None   # "3B", "135M": general.size_label, else the name
    error: str | None = None

    @property
    def readable(self) -> bool:
        return self.error is None

    def to_json(self) -> dict:
        return {"path": str(self.path), "app": self.app, "label": self.label,
                "name": self.name, "size_bytes": self.size_bytes,
                "architecture": self.architecture, "quantisation": self.quantisation,
                "context_length": self.context_length, "chat_template": self.chat_template,
                "parameters": self.parameters, "error": self.error}


# -- where each application keeps its models ----------------------------------------

@dataclass(frozen=True)
class _Places:
    """A user's standard folders on one operating system."""

    home: Path
    env: Mapping[str, str]
    system: str  # platform.system(): "Linux", "Darwin", "Windows" (others: as Linux)

    def var(self, name: str) -> Path | None:
        value = (self.env.get(name) or "").strip()
        if not value:
            return None
        return self.home / value[2:] if value.startswith(("~/", "~\\")) else Path(value)

    @property
    def windows(self) -> bool:
        return self.system == "Windows"

    @property
    def mac(self) -> bool:
        return self.system == "Darwin"

    def roaming(self) -> Path:
        return self.var("APPDATA") or self.home / "AppData" / "Roaming"

    def local(self) -> Path:
        return self.var("LOCALAPPDATA") or self.home / "AppData" / "Local"

    def application_support(self) -> Path:
        return self.home / "Library" / "Application Support"

    def xdg(self, name: str, default: str) -> Path:
        return self.var(name) or self.home / default


def model_folders(home: Path | None = None, env: Mapping[str, str] | None = None,
                  system: str | None = None, root: Path | None = None) -> list[Folder]:
    """Every folder the known applications may keep models in on this system,
    whether or not it exists. `root` is the filesystem root (Ollama's Linux
    service keeps its models under /usr/share/ollama)."""
    places = _Places(Path(home) if home else Path.home(), os.environ if env is None else env,
                     system or platform.system())
    root = Path(root) if root else Path(os.sep)
    folders = [*_gpt4all(places), *_lm_studio(places), *_ollama(places, root),
               *_llama_cpp(places), *_hugging_face(places), *_jan(places)]
    unique: dict[str, Folder] = {}
    for folder in folders:
        unique.setdefault(os.path.normcase(str(folder.path)), folder)
    return list(unique.values())


def _gpt4all(places: _Places) -> list[Folder]:
    """The desktop app's download path (docs.gpt4all.io, Settings), moved by the
    `modelPath` of GPT4All.ini; the Python bindings' ~/.cache/gpt4all."""
    if places.windows:
        data, ini = places.local(), places.roaming()
    elif places.mac:
        data, ini = places.application_support(), places.home / ".config"
    else:
        data, ini = places.xdg("XDG_DATA_HOME", ".local/share"), places.xdg("XDG_CONFIG_HOME",
                                                                           ".config")
    folders = [data / "nomic.ai" / "GPT4All", places.home / ".cache" / "gpt4all"]
    configured = _ini_value(ini / "nomic.ai" / "GPT4All.ini", "modelPath")
    if configured:
        folders.insert(0, Path(configured.removeprefix("file://")))
    return [Folder(GPT4ALL, path) for path in folders]


def _lm_studio(places: _Places) -> list[Folder]:
    """~/.lmstudio/models (or the home ~/.lmstudio-home-pointer names), its
    `downloadsFolder` setting, and the older ~/.cache/lm-studio/models."""
    pointer = _small_text(places.home / ".lmstudio-home-pointer")
    studio = Path(pointer.strip()) if pointer and pointer.strip() else places.home / ".lmstudio"
    folders = [studio / "models", places.home / ".cache" / "lm-studio" / "models"]
    settings = _json_file(studio / "settings.json")
    configured = settings.get("downloadsFolder") if isinstance(settings, dict) else None
    if isinstance(configured, str) and configured.strip():
        folders.insert(0, Path(configured))
    return [Folder(LM_STUDIO, path) for path in folders]


def _ollama(places: _Places, root: Path) -> list[Folder]:
    """OLLAMA_MODELS if set, else ~/.ollama/models (and, on Linux, the service's)."""
    configured = places.var("OLLAMA_MODELS")
    if configured:
        return [Folder(OLLAMA, configured, OLLAMA_STORE)]
    folders = [places.home / ".ollama" / "models"]
    if not (places.windows or places.mac):
        folders.append(root / "usr" / "share" / "ollama" / ".ollama" / "models")
    return [Folder(OLLAMA, path, OLLAMA_STORE) for path in folders]


def _llama_cpp(places: _Places) -> list[Folder]:
    """`-hf` downloads: LLAMA_CACHE, else the cache folder fs_get_cache_directory()
    picks (newer llama.cpp moves them into the Hugging Face cache)."""
    configured = places.var("LLAMA_CACHE")
    if configured:
        cache = configured
    elif places.windows:
        cache = places.local() / "llama.cpp"
    elif places.mac:
        cache = places.home / "Library" / "Caches" / "llama.cpp"
    else:
        cache = places.xdg("XDG_CACHE_HOME", ".cache") / "llama.cpp"
    return [Folder(LLAMA_CPP, cache)]


def _hugging_face(places: _Places) -> list[Folder]:
    """The hub cache as huggingface_hub finds it, on every system alike."""
    hub = places.var("HF_HUB_CACHE") or places.var("HUGGINGFACE_HUB_CACHE")
    if not hub:
        hub = (places.var("HF_HOME")
               or places.xdg("XDG_CACHE_HOME", ".cache") / "huggingface") / "hub"
    return [Folder(HUGGING_FACE, hub, HUB_CACHE)]


def _jan(places: _Places) -> list[Folder]:
    """Jan's data folder (jan.ai/docs/data-folder; it moved between versions):
    models/ and, since Jan 0.6, llamacpp/models/."""
    if places.windows:
        data = [places.roaming() / "Jan" / "data", places.roaming() / "jan"]
    elif places.mac:
        data = [places.application_support() / "Jan" / "data",
                places.application_support() / "jan"]
    else:
        data = [places.xdg("XDG_CONFIG_HOME", ".config") / "Jan" / "data",
                places.xdg("XDG_DATA_HOME", ".local/share") / "Jan" / "data"]
    data.append(places.home / "jan")
    return [Folder(JAN, folder / sub) for folder in data for sub in ("models", "llamacpp/models")]


def _small_text(path: Path) -> str | None:
    try:
        if path.stat().st_size > MAX_SMALL_FILE:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _json_file(path: Path):
    text = _small_text(path)
    try:
        return json.loads(text) if text else None
    except ValueError:
        return None


def _ini_value(path: Path, key: str) -> str | None:
    for line in (_small_text(path) or "").splitlines():
        name, _, value = line.partition("=")
        if name.strip() == key and value.strip():
            return value.strip().strip('"')
    return None


# -- listing the files --------------------------------------------------------------

@dataclass(frozen=True)
class _Candidate:
    path: Path
    label: str
    error: str | None = None


def discover(extra_folders: Iterable[Path] = (), folders: list[Folder] | None = None,
             home: Path | None = None, env: Mapping[str, str] | None = None,
             system: str | None = None, root: Path | None = None) -> list[ModelFile]:
    """Every .gguf file in the applications' folders (`folders`, by default
    `model_folders(home, env, system, root)`) and in `extra_folders`, in that
    order, readable or not (`ModelFile.error`). A file reached twice under the
    same label (a link, two snapshots of one blob) is listed once."""
    if folders is None:
        folders = model_folders(home, env, system, root)
    folders = [*folders, *(Folder(USER_FOLDER, Path(path)) for path in extra_folders)]
    described: dict[str, ModelFile] = {}
    listed: set[tuple[str, str]] = set()
    models = []
    for folder in folders:
        for candidate in _candidates(folder):
            key = os.path.normcase(os.path.realpath(candidate.path))
            if (key, candidate.label) in listed:
                continue
            listed.add((key, candidate.label))
            models.append(_model(folder.app, candidate, key, described))
    return models


def _model(app: str, candidate: _Candidate, key: str, described: dict) -> ModelFile:
    """The file's description, its header read once however often it is reached."""
    label = _clean(candidate.label)
    if candidate.error:
        return ModelFile(candidate.path, app, label, name=label, error=candidate.error)
    if key not in described:
        described[key] = describe(candidate.path, app, label)
    model = described[key]
    named_by_label = model.name == model.label  # the header has no name: this label is it
    return replace(model, path=candidate.path, app=app, label=label,
                   name=label if named_by_label else model.name)


def _candidates(folder: Folder) -> Iterator[_Candidate]:
    if not _exists(folder.path.is_dir):
        return
    if folder.layout == OLLAMA_STORE:
        yield from _ollama_models(folder.path)
    elif folder.layout == HUB_CACHE:
        yield from _hub_models(folder.path)
    else:
        for path, parts in _walk(folder.path, MAX_DEPTH, _is_gguf_name):
            if not _later_part(path.name):
                yield _Candidate(path, "/".join(parts[:-1]) or path.stem, _incomplete(folder, path))


def _is_gguf_name(name: str) -> bool:
    return name.lower().endswith(".gguf")


def _later_part(name: str) -> bool:
    """Part 2, 3… of a split model: listed with its first part."""
    match = SPLIT.match(name)
    return bool(match) and int(match["part"]) != 1


def _incomplete(folder: Folder, path: Path) -> str | None:
    if folder.app == GPT4ALL and path.name.startswith("incomplete-"):
        return Said(QT_TRANSLATE_NOOP("Core", "an unfinished GPT4All download"))
    return None


def _hub_models(hub: Path) -> Iterator[_Candidate]:
    """models--org--name/snapshots/<revision>/…/*.gguf, labelled org/name."""
    for repo, _ in _walk(hub, 0, lambda name: name.startswith("models--"), folders=True):
        label = repo.name.removeprefix("models--").replace("--", "/", 1)
        for path, _ in _walk(repo / "snapshots", 3, _is_gguf_name):
            if not _later_part(path.name):
                yield _Candidate(path, label)


def _ollama_models(store: Path) -> Iterator[_Candidate]:
    """manifests/<registry>/<namespace>/<model>/<tag>: JSON whose model layer
    names the blob blobs/sha256-<hex>, the GGUF file itself."""
    for manifest, parts in _walk(store / "manifests", 3, lambda name: True):
        if len(parts) == 4:
            yield _ollama_model(store, manifest, _ollama_label(*parts))


def _ollama_label(registry: str, namespace: str, model: str, tag: str) -> str:
    """The name `ollama list` shows: llama3.2:3b, user/model:tag, host/user/model:tag."""
    if registry != OLLAMA_REGISTRY:
        return f"{registry}/{namespace}/{model}:{tag}"
    return f"{model}:{tag}" if namespace == OLLAMA_LIBRARY else f"{namespace}/{model}:{tag}"


def _ollama_model(store: Path, manifest: Path, label: str) -> _Candidate:
    data = _json_file(manifest)
    layers = data.get("layers") if isinstance(data, dict) else None
    if not isinstance(layers, list):
        return _Candidate(manifest, label, Said(QT_TRANSLATE_NOOP(
            "Core", "Ollama's manifest for this model cannot be read (not the JSON Ollama "
            "writes)")))
    digests = [layer.get("digest") for layer in layers
               if isinstance(layer, dict) and layer.get("mediaType") == OLLAMA_MODEL_LAYER]
    match = DIGEST.match(digests[0]) if digests and isinstance(digests[0], str) else None
    if not match:  # a strict pattern: a digest never leads outside blobs/
        return _Candidate(manifest, label, Said(QT_TRANSLATE_NOOP(
            "Core", "Ollama's manifest for this model names no model file")))
    blob = store / "blobs" / f"sha256-{match[1]}"
    if not _exists(blob.is_file):
        return _Candidate(blob, label, Said(QT_TRANSLATE_NOOP(
            "Core", "Ollama's manifest names a model file that is not there ({blob}…); "
            "`ollama pull {label}` fetches it again"), blob=blob.name[:19], label=label))
    return _Candidate(blob, label)


def _exists(check: Callable[[], bool]) -> bool:
    """`check()` (is_dir, is_file…), False where even looking is refused: a
    folder of another user, such as the Ollama service's, raises PermissionError."""
    try:
        return check()
    except OSError:
        return False


def _walk(root: Path, max_depth: int, wanted: Callable[[str], bool],
          folders: bool = False) -> Iterator[tuple[Path, tuple[str, ...]]]:
    """Files (or, with `folders`, folders) under `root` whose name `wanted`
    accepts, at most `max_depth` folders down, in name order, with the names
    of the folders on the way. Each real folder is read once (a link back up
    cannot loop), hidden entries are skipped, a folder that cannot be read is
    passed over, and at most MAX_ENTRIES entries are read in all."""
    seen: set[tuple[int, int]] = set()
    budget = MAX_ENTRIES
    stack: list[tuple[Path, tuple[str, ...]]] = [(root, ())]
    while stack:
        if budget <= 0:
            log.warning("stopped looking for models in %s after %d entries", root, MAX_ENTRIES)
            return
        folder, parts = stack.pop()
        entries = _entries(folder, seen, budget)
        budget -= len(entries)
        below = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            is_folder = _is_folder(entry)
            if is_folder == folders and wanted(entry.name):
                yield Path(entry.path), (*parts, entry.name)
            elif is_folder and len(parts) < max_depth:
                below.append((Path(entry.path), (*parts, entry.name)))
        stack.extend(reversed(below))


def _entries(folder: Path, seen: set, budget: int) -> list[os.DirEntry]:
    try:
        status = os.stat(folder)
        if (status.st_dev, status.st_ino) in seen:
            return []
        seen.add((status.st_dev, status.st_ino))
        entries = []
        with os.scandir(folder) as listing:
            for entry in listing:
                entries.append(entry)
                if len(entries) >= budget:
                    break
    except OSError as error:
        log.debug("cannot look in %s: %s", folder, error)
        return []
    return sorted(entries, key=lambda entry: entry.name)


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()  # follows links; a broken or looping one is not a folder
    except OSError:
        return False


# -- one file -----------------------------------------------------------------------

def describe(path: Path, app: str = USER_FOLDER, label: str | None = None) -> ModelFile:
    """The model file at `path`, read from its header; never raises: a file
    that cannot be used comes back with `error` set."""
    path = Path(path)
    label = _clean(label or path.stem)
    try:
        size = _total_size(path)
        header = read_header(path)
    except GgufError as error:
        return ModelFile(path, app, label, name=label, size_bytes=_size_or_zero(path),
                         error=message_of(error))
    except OSError as error:
        return ModelFile(path, app, label, name=label, error=_os_reason(path, error))
    name = _clean(header.name or "") or label
    return ModelFile(path, app, label, name=name, size_bytes=size,
                     architecture=_clean(header.architecture or "") or None,
                     quantisation=header.quantisation or quantisation_from_name(path.name),
                     context_length=header.context_length, chat_template=header.chat_template,
                     parameters=_clean(header.size_label or "") or
                     _parameters_from_name(name, path.name))


def _total_size(path: Path) -> int:
    """The file's size; for the first part of a split model, all parts' (OSError
    naming the part when one is missing)."""
    size = path.stat().st_size
    match = SPLIT.match(path.name)
    if not match or int(match["part"]) != 1:
        return size
    parts = int(match["parts"])
    for number in range(2, min(parts, MAX_PARTS) + 1):
        part = path.with_name(f"{match['stem']}-{number:05d}-of-{match['parts']}.gguf")
        try:
            size += part.stat().st_size
        except OSError:
            raise _MissingPart(Said(QT_TRANSLATE_NOOP("Core", "part {number} of {parts} ({name}) "
                                                              "is missing"),
                                    number=str(number), parts=str(parts), name=part.name)) from None
    return size


class _MissingPart(OSError):
    pass


def _size_or_zero(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _os_reason(path: Path, error: OSError) -> str:
    if isinstance(error, _MissingPart):
        return message_of(error)
    if isinstance(error, PermissionError):
        return Said(QT_TRANSLATE_NOOP("Core", "cannot be read: permission denied"))
    if isinstance(error, FileNotFoundError) and _exists(path.is_symlink):
        return Said(QT_TRANSLATE_NOOP("Core", "a link to a file that is not there (an unfinished "
                                              "or removed download?)"))
    if error.errno == errno.ELOOP:
        return Said(QT_TRANSLATE_NOOP("Core", "a link that leads back to itself"))
    return Said(QT_TRANSLATE_NOOP("Core", "cannot be read ({reason})"),
                reason=str(error.strerror or error))


def quantisation_from_name(file_name: str) -> str | None:
    """The quantisation a file name states (`…-Q4_K_M.gguf` → `Q4_K_M`), if any."""
    matches = QUANT_IN_NAME.findall(Path(file_name).stem)
    if not matches:
        return None
    found = matches[-1].upper()
    return "F16" if found == "FP16" else found


def _parameters_from_name(*names: str) -> str | None:
    for name in names:
        match = PARAMETERS_IN_NAME.search(name)
        if match:
            return match[1].upper()
    return None


def _clean(text: str, limit: int = 120) -> str:
    """Text from a file or a folder name, safe to print: no control or format
    characters (a hostile name could drive the terminal), one line, bounded."""
    shown = "".join(" " if unicodedata.category(c).startswith("C") else c for c in text[:limit * 2])
    shown = " ".join(shown.split())
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


# -- memory and the suggestion ------------------------------------------------------

ASSUMED_MEMORY = 8 * GIB   # when it cannot be read: the least GPT4All asks for
MEMORY_SHARE = 0.7         # the OS, the browser and the app itself keep the rest
OVERHEAD_SHARE = 0.2       # of the file: llama.cpp's compute buffers
OVERHEAD_FIXED = 1 * GIB   # the KV cache at 4096 tokens, the embedder, the interpreter


def total_memory() -> int | None:
    """This machine's physical memory in bytes, or None when it cannot be told."""
    try:
        pages, page_size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
        if pages > 0 and page_size > 0:
            return pages * page_size
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no such name
        pass
    if sys.platform == "win32":
        return _windows_memory()
    return None


def _windows_memory() -> int | None:
    import ctypes

    class MemoryStatus(ctypes.Structure):
        _fields_ = [("dwLength", ctypes.c_ulong), ("dwMemoryLoad", ctypes.c_ulong),
                    ("ullTotalPhys", ctypes.c_ulonglong), ("ullAvailPhys", ctypes.c_ulonglong),
                    ("ullTotalPageFile", ctypes.c_ulonglong),
                    ("ullAvailPageFile", ctypes.c_ulonglong),
                    ("ullTotalVirtual", ctypes.c_ulonglong),
                    ("ullAvailVirtual", ctypes.c_ulonglong),
                    ("ullAvailExtendedVirtual", ctypes.c_ulonglong)]

    status = MemoryStatus()
    status.dwLength = ctypes.sizeof(MemoryStatus)
    if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
        return int(status.ullTotalPhys)
    return None


def memory_needed(model: ModelFile) -> int:
    """Bytes of memory the model is taken to need: its file plus 20 % plus 1 GiB."""
    return model.size_bytes + int(model.size_bytes * OVERHEAD_SHARE) + OVERHEAD_FIXED


def fits(model: ModelFile, memory_bytes: int | None) -> bool:
    """Whether `memory_needed(model)` is at most 70 % of `memory_bytes`
    (None: 8 GiB assumed)."""
    memory = memory_bytes if memory_bytes and memory_bytes > 0 else ASSUMED_MEMORY
    return memory_needed(model) <= memory * MEMORY_SHARE


def instruction_tuned_name(model: ModelFile) -> bool:
    """The name or file name says instruct, chat, assistant or it (gemma-2-2b-it)."""
    return bool(INSTRUCT_IN_NAME.search(model.name) or INSTRUCT_IN_NAME.search(model.path.name))


def suggest(models: Iterable[ModelFile], memory_bytes: int | None) -> ModelFile | None:
    """The model to suggest on a machine with `memory_bytes` of memory, or None.

    The rule, in order:
    1. only readable files with a chat template: the app talks to a model
       through its template and refuses one without (a base model, an
       embedding model, a vision projector);
    2. only models that fit: `fits()`, file size + 20 % + 1 GiB at most 70 %
       of the memory (8 GiB assumed when it is unknown);
    3. a name that says it is instruction-tuned (`instruction_tuned_name`)
       before one that does not;
    4. then the largest file: more parameters or finer quantisation, better
       answers, as long as it fits;
    5. ties by name, then path, so the same files always give the same answer.
    """
    usable = [m for m in models if m.readable and m.chat_template and fits(m, memory_bytes)]
    if not usable:
        return None
    return min(usable, key=lambda m: (not instruction_tuned_name(m), -m.size_bytes,
                                      m.name.casefold(), str(m.path)))


# -- a model by name ----------------------------------------------------------------

class ModelNotFound(LookupError):
    """No model, or more than one, has the name asked for; the message (one
    line) names the candidates. `matches`: the files the name matched (empty
    when it matched none)."""

    def __init__(self, message: str, matches: list | None = None):
        super().__init__(message)
        self.matches = matches or []


def find_model(models: list[ModelFile], wanted: str) -> ModelFile:
    """The model called `wanted` (case-insensitive): first by file name (with
    or without .gguf), else by the application's label (`llama3.2:3b`,
    `org/repo`; `:latest` may be left out), else by the model's name. Several
    different files at the first level that matches: ambiguous. ModelNotFound
    for none, several, or a match that cannot be used."""
    key = wanted.strip().casefold()
    for names_of in (_file_names, _labels, _model_names):
        matches = _distinct(m for m in models if key in names_of(m))
        if len(matches) > 1:
            raise ModelNotFound(f"'{wanted}' matches {len(matches)} models: "
                                f"{_choices(matches)}; give a file name or a path", matches)
        if matches:
            (match,) = matches
            if match.error:
                raise ModelNotFound(f"'{wanted}' is {match.path}, which cannot be used: "
                                    f"{match.error}", matches)
            return match
    readable = [m for m in models if m.readable]
    found = _choices(readable) if readable else "none"
    raise ModelNotFound(f"no model called '{wanted}' on this computer; models found: {found} "
                        "(`handbook-qa models` lists them)")


def short_name(model: ModelFile, models: list[ModelFile]) -> str:
    """The shortest name `find_model` resolves to this model's file (its path if none)."""
    names = (model.path.name, model.label, model.name)
    if model.app == OLLAMA:  # its file is a digest: the tag is what people type
        names = (model.label, *names)
    for name in names:
        try:
            if _same_file(find_model(models, name), model):
                return name
        except ModelNotFound:
            continue
    return str(model.path)


def _file_names(model: ModelFile) -> set[str]:
    return {model.path.name.casefold(), model.path.stem.casefold()}


def _labels(model: ModelFile) -> set[str]:
    label = model.label.casefold()
    return {label, label.removesuffix(":latest")} if model.app == OLLAMA else {label}


def _model_names(model: ModelFile) -> set[str]:
    return {model.name.casefold()}


def _distinct(models: Iterable[ModelFile]) -> list[ModelFile]:
    """One entry per file (two labels of one Ollama blob are one model)."""
    unique: dict[str, ModelFile] = {}
    for model in models:
        unique.setdefault(os.path.normcase(os.path.realpath(model.path)), model)
    return list(unique.values())


def _same_file(one: ModelFile, other: ModelFile) -> bool:
    return os.path.realpath(one.path) == os.path.realpath(other.path)


def _choices(matches: list[ModelFile], shown: int = 8) -> str:
    names = [f"{m.path.name if m.app != OLLAMA else m.label} ({m.app})" for m in matches[:shown]]
    more = f" and {len(matches) - shown} more" if len(matches) > shown else ""
    return ", ".join(names) + more


# -- the answer models set-up installs ------------------------------------------------

# the app they are listed under: they come with the app's set-up
PACKAGED = Said(QT_TRANSLATE_NOOP("Core", "bundled"))


SMOLLM2_KEY, SMOLLM2_NAME = "smollm2", "SmolLM2-135M-Instruct"


def packaged_models(folders: list[Path] | None = None) -> list[ModelFile]:
    """The models that come with the app as the list shows them: the bundled
    SmolLM2, then those of `app.llm.catalogue` (Qwen2.5-Coder 0.5B,
    1.5B), each installed one described from its header, each missing or
    unchecked one with the reason and what to run. Their label is the key
    `--model` takes ("smollm2", "qwen2.5-coder-0.5b")."""
    from app.llm import catalogue

    listed = _bundled_smollm2()
    for model in catalogue.MODELS:
        path = catalogue.installed_path(model, folders)
        if path is None:
            where = (folders or catalogue.search_dirs())[-1] / model.file_name
            listed.append(ModelFile(where, PACKAGED, model.key, name=model.name,
                                    size_bytes=model.size,
                                    error=catalogue.missing_reason(model, folders)))
        else:
            listed.append(replace(describe(path, PACKAGED, model.key), name=model.name))
    return listed


def _bundled_smollm2() -> list[ModelFile]:
    from app.common.bundled import ModelMissing, answer_model_path

    try:
        path = answer_model_path()
    except ModelMissing:
        return []
    # its header names a training run ("Smollm2 135M 8k Lc100K Mix1 Ep2")
    return [replace(describe(path, PACKAGED, SMOLLM2_KEY), name=SMOLLM2_NAME)]
