"""The bank side of the HTTP API (API.md, "A table"): state, ledger, entries and voids."""
