"""`python -m mage_engine.hosts.agent_files [ROOT]`: rewrite the plugin's copies (ROOT: the plugin's root, default .)."""

import sys

from mage_engine.hosts.agent_files import write_plugin_copies

for path in write_plugin_copies(sys.argv[1] if len(sys.argv) > 1 else "."):
    print(f"wrote {path}")
