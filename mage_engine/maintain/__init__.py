"""`mage maintain`: proposals that keep the notes true. It proposes; the person decides."""
