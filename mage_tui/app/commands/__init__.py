"""The key table: every binding as a command-palette entry and as the help screen lists it."""
