"""Chunk: sections become parents and window-fitted children (`fitted`), or
Spring AI's fixed token chunks (`spring`), with the window guard."""
