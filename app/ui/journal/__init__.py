"""The journal's views: the sidebar list and search, and the entry page."""
