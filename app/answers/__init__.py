"""Answer: the retrieved sections → a verbatim quote first, then the model's answer.

evidence (units → the quote, before and without the model) → prompting (the
focused prompt in the model's style, within its budget) → the answer model
(app/llm, in a child process) with stop rules → checks (the repetition
guard, citations, the fact check of every number, name and command, the
model's check of the quote). `answerer` runs the steps; `records` saves a
shown answer and reads it back.
"""
