"""The evidence: retrieved sections → scored verbatim units, best first, and how sure the first is.

`units` cuts a section into answer units (sentences, list items, table rows,
code lines); `finder` scores them against the question (`Evidence`);
`confidence` says whether the first is shown alone; `words` is how every
step compares words (stems, no stopwords).
"""
