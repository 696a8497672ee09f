"""The gallery and the watch site: the HTML pages made from the output folder, and the live preview."""
