"""The prompt: question, evidence and history → the chat messages the model reads, within n_ctx.

`focused` picks the units and their neighbours the model reads; `styles`
words the prompt for the model's family and size; `prompt` assembles it in
a measured token budget.
"""
