"""The application layer: what a user has open, as plain data both front ends call.

Takes the user's choices (folders, settings, the question) and gives the
pipeline's objects built as the app uses them: the handbooks a user has and
which are asked (`handbooks`), the other handbooks brought up to date one
writer at a time (`refresh`), a searcher over one index or several
(`searching`), reads of the open index that survive a restarted server
(`reading`), the embedder for the settings (`embedders`), and the answer model
hosted for one user at a time with the answerer around it (`answering`). The
desktop window and the command line call it; neither builds a searcher, a
store or a model itself. No Qt here: the window wraps these models in views.
"""
