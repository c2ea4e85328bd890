"""The answer model: a prompt → its completion, streamed, on CPU with llama.cpp.

Takes the chat messages the prompt builder renders and gives the model's
tokens (`Chunk`s, after `Reading` steps while it reads the prompt), token
counts in its own tokenizer and, for the quote check, its next-token
probabilities. What the answerer and the front ends may ask of a model is
declared in `contract.AnswerModel`; `local.LocalModel` runs llama.cpp in this
process, `process.ModelProcess` runs it in a child process (a native crash
ends the child, not the app). Around it: `catalogue` (the models the app
installs and their pinned hashes), `fast_copy` (a faster Q8_0 copy),
`discovery` (other apps' .gguf files, read by `gguf_header`; the suggestion)
and `speeds` (how fast each model wrote). Only files on disk: nothing is
downloaded.
"""
