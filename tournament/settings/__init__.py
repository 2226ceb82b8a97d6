"""Settings: `base` for development, `test` for the suite, `production` for a real event."""
