"""The window's frame: start-up, the main window, its menus, Settings and the first-run screen."""
