"""The build: a game planned once and drawn, checked against its rules model, written with its
manifest, and skipped when its inputs are unchanged; the print guide and reprints."""
