"""Which language model to use, and the models one step away (local files, the recommended
list, downloads)."""
