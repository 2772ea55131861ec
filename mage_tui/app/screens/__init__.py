"""The app's screens: the main screen and its modals, one per module."""
