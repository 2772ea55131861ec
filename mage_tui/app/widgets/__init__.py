"""The app's panes and widgets: one pane per module."""
