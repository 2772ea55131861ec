"""What tests, snapshots and `make screenshots` use to drive the app: settling without sleeping, the screenshots."""
