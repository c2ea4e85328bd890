"""Turning documents into parents (sections) and window-fitted children."""
