"""Checks of what the model wrote: the streamed answer → kept, cut or marked.

`repetition` stops a looping answer; `citations` keeps only the `[n]`
markers that point at a source given (`markers` reads them) and attributes
an answer that cites nothing; `fact_check` looks every number, quote,
command and name up in the sources; `quote_check` asks the model which
passage answers, to order the card.
"""
