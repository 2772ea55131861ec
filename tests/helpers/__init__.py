"""What several test files share: processes, hook payloads, recall KBs, transcripts, the app."""
