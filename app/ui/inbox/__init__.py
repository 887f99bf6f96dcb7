"""The review inbox: one queue of every pending suggestion and unreviewed finding."""
