"""`mage-hook`'s entry point, at the name every hook command mage writes imports it by.

`mage connect claude-code` writes `… -c '…from mage_engine.hooks import main;main()' EVENT`
into the project's settings, the plugin's and the shared script import the same, and
pip's `mage-hook` script names `mage_engine.hooks:main`: commands written by earlier
versions keep working, and none of them drifts. The dispatcher is events/dispatch.py.
"""

from mage_engine.events.dispatch import main  # noqa: F401
