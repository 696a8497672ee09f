"""reportlab drawing: pieces (cards, tokens, fold cards) on sheets, boards, full sheets, page furniture.

The renderer knows geometry and drawing, never game rules.
"""
