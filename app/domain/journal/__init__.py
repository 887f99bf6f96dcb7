"""Pure logic of the journal: habit completions from an entry's words, re-anchoring, streaks."""
