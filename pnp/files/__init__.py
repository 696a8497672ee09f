"""File safety: atomic writes confined to the output folder, reads of regular files only, the
output lock, and time limits. The lowest layer: it knows nothing of games."""
