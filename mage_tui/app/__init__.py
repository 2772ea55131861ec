"""The Textual app, laid out as braindrop's is: the App (mage.py), commands, messages, screens, widgets."""
