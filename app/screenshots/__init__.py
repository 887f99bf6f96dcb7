"""``inkling screenshot``: pictures of the window over the sample journal and notebook.

A layer above ``app/ui``: it builds the window and the notebook views from ui's public
names, drives them offscreen, and saves what they show. Nothing in ``app/ui`` imports it.

- ``window``: the pictures of the main window (``render_screenshots``);
- ``notebooks``, ``notebook_overview``: the notebook views over the sample notebook;
- ``capture``: what every picture needs (offscreen platform, waiting, saving).
"""
