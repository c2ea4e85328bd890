"""Which llama.cpp build `scripts/setup-env` compiles for a CPU.

A flag named here that the CPU lacks is an illegal instruction in the user's
first question (the smoke test catches it, at the cost of a second compile);
a flag left out is speed left behind (the 1.5B reads prompts ~1.4x faster
with AVX-512 on 2 cores, docs/answers.md). So the mapping from /proc/cpuinfo's
flags to CMake options is checked on CPUs described here, not only on this one.
"""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SETUP = Path(__file__).resolve().parent.parent / "scripts" / "setup-env"
AVX2_LAPTOP = "fpu sse sse2 ssse3 sse4_1 sse4_2 avx f16c fma bmi2 avx2"
AVX512 = "avx512f avx512cd avx512vl avx512dq avx512bw"
ZEN4 = f"{AVX2_LAPTOP} {AVX512} avx512vbmi avx512_vnni avx512_bf16 avx512_vbmi2"


def build_for(tmp_path: Path, flags: str, **env: str) -> tuple[str, set[str]]:
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text(f"processor\t: 0\nflags\t\t: {flags}\nbogomips\t: 1\n")
    result = subprocess.run([str(SETUP), "--llama-build"], capture_output=True, text=True,
                            env={**os.environ, "CPUINFO": str(cpuinfo), **env}, check=True)
    name, *args = result.stdout.split()
    return name, set(args)


def test_a_cpu_without_avx512_gets_the_portable_avx2_build(tmp_path):
    name, args = build_for(tmp_path, AVX2_LAPTOP)
    assert name == "avx2"
    assert {"-DGGML_NATIVE=OFF", "-DGGML_AVX2=ON", "-DGGML_AVX512=OFF"} <= args


def test_a_cpu_with_avx512_gets_each_extension_it_reports(tmp_path):
    name, args = build_for(tmp_path, ZEN4)
    assert name == "avx512-vbmi-vnni-bf16"
    assert {"-DGGML_NATIVE=OFF", "-DGGML_AVX2=ON", "-DGGML_AVX512=ON", "-DGGML_AVX512_VBMI=ON",
            "-DGGML_AVX512_VNNI=ON", "-DGGML_AVX512_BF16=ON"} <= args
    assert not any("AMX" in a for a in args)  # the native build's crash on a Xeon with AMX


@pytest.mark.parametrize("missing", AVX512.split())
def test_avx512_is_used_only_with_every_part_ggml_compiles_it_with(tmp_path, missing):
    flags = " ".join(f for f in ZEN4.split() if f != missing)
    name, args = build_for(tmp_path, flags)
    assert name == "avx2"
    assert "-DGGML_AVX512=OFF" in args and not any("AVX512_" in a for a in args)


def test_a_laptop_with_avx_vnni_but_no_avx512_gets_avx_vnni(tmp_path):
    name, args = build_for(tmp_path, f"{AVX2_LAPTOP} avx_vnni")
    assert name == "avx2-avxvnni"
    assert {"-DGGML_AVX_VNNI=ON", "-DGGML_AVX512=OFF"} <= args


def test_the_portable_build_can_be_asked_for(tmp_path):
    name, args = build_for(tmp_path, ZEN4, HANDBOOK_QA_LLAMA_PORTABLE="1")
    assert name == "avx2"
    assert "-DGGML_AVX512=OFF" in args and not any("AVX512_" in a for a in args)


@pytest.mark.parametrize("flags", [AVX2_LAPTOP, ZEN4, f"{AVX2_LAPTOP} avx_vnni"])
def test_every_build_leaves_out_the_multimodal_library(tmp_path, flags):
    # mtmd (images, audio) is most of the first set-up's compile, never loaded
    _, args = build_for(tmp_path, flags)
    assert "-DLLAVA_BUILD=OFF" in args


def test_the_installed_runtime_has_no_multimodal_library():
    """What set-up installed: llama.cpp's text runtime and nothing the app never loads."""
    import importlib.util

    spec = importlib.util.find_spec("llama_cpp")
    assert spec is not None and spec.origin
    libraries = [p.name for p in (Path(spec.origin).parent / "lib").iterdir()]
    assert any(name.startswith("libllama.so") for name in libraries)
    assert not [name for name in libraries if "mtmd" in name or "clip" in name]


def smoke_test_with(tmp_path: Path, python_body: str, build: str) -> subprocess.CompletedProcess:
    """setup-env's smoke test, with a stand-in for the venv's Python and for
    the compile it falls back to."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(f"#!/bin/bash\ncat >/dev/null\n{python_body}\n")
    python.chmod(0o755)
    (venv / ".llama-build").write_text(build + "\n")
    script = (f"source <(sed -n '/^cpu_build()/,/^}}/p;/^smoke_test_llama()/,/^}}/p' {SETUP})\n"
              "install_llama_build() { echo \"installing $1\"; }\n"
              f"VENV={venv} PORTABLE_CMAKE_ARGS=-DGGML_AVX2=ON smoke_test_llama")
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True)


def test_a_build_that_dies_on_this_cpu_is_replaced_by_the_portable_one(tmp_path):
    result = smoke_test_with(tmp_path, "kill -ILL $$", "avx512-vnni")
    assert result.returncode == 0
    assert "installing avx2" in result.stdout
    assert "avx512-vnni dies on this CPU (signal 4)" in result.stderr


def test_an_ordinary_error_is_shown_and_nothing_is_recompiled(tmp_path):
    result = smoke_test_with(tmp_path, "echo 'ImportError: no llama' >&2; exit 1", "avx512")
    assert result.returncode == 0
    assert "installing" not in result.stdout
    assert "ImportError: no llama" in result.stderr


def test_a_build_that_runs_is_kept(tmp_path):
    result = smoke_test_with(tmp_path, "exit 0", "avx512")
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""
