"""Notebook 01's (history) right answers, shared by the tests of its exercises, activities and translations."""

from __future__ import annotations

#: Who wrote each of the eight statements, named as the exercise's question names the sources.
STATEMENT_SOURCES = [
    "Stevenson 1903",
    "Ludii",
    "Culin 1907",
    "the encyclopedia",
    "Murray 1952",
    "Stevenson 1903",
    "the encyclopedia",
    "Culin 1907",
]

#: The right answer to each of notebook 01's activities (the answer boxes with a picture).
ACTIVITY_ANSWERS: dict[str, object] = {
    "01-locator-map": {"Zuni Pueblo": "E", "Hopi mesas": "B"},
    "01-spot-difference": {"A", "D", "G"},
    "01-statement-sources": STATEMENT_SOURCES,
    "01-timeline": ["Stevenson", "Culin", "Murray", "Bell", "Ludii"],
}
