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
