"""Answers from the local llama.cpp model: prompt within budget, streaming, citations."""
