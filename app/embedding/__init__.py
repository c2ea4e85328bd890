"""Embed: text → normalised vectors, on CPU, with onnxruntime.

Takes strings (children when indexing, the question when searching) and gives
float32 vectors, plus the token counts the chunker fits children to. Every
embedder keeps one contract (`contract.Embedder`): its id, window, tokenizer
and dimensions travel with it. `minilm.MiniLM` is the bundled all-MiniLM-L6-v2;
its model comes from an installed package (`common.bundled`), nothing is
downloaded.
"""
