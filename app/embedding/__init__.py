"""Embed: text → 384-dimensional MiniLM vectors, on CPU, with onnxruntime.

Takes strings (children when indexing, the question when searching) and gives
normalised float32 vectors, plus the WordPiece token counts the chunker fits
children to (`embedder.Embedder`). The model comes from an installed package
(`common.bundled`); nothing is downloaded.
"""
