"""The bank side of the HTTP API (docs/api.md, "A table"): state, ledger, entries and voids."""
