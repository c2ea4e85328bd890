"""Answer: the retrieved sections → a verbatim quote first, then the model's answer.

units → evidence (the quote, before and without the model) → focused prompt
→ llama.cpp model (in a child process) with stop rules and the repetition
guard → citations → fact check of every number, name and command.
"""
