"""Beyond paper: card images for print-on-demand, print-shop PDFs and Tabletop Simulator saved
objects, all drawn by the same Painter as the printed sheets."""
